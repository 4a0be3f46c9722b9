import CXCB
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import LaminaX11
import XCTest

/// Rows of 30 points that all look alike.
@MainActor
private final class PlainRows: ListViewDataSource {
    func numberOfRows(in list: ListView) -> Int { 100 }
    func listView(_ list: ListView, heightForRow row: Int) -> Double? { 30 }
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        list.dequeueReusableCell(withIdentifier: "row") ?? ListCell(reuseIdentifier: "row")
    }
}

/// XTEST input on a real X server scrolling a `ListView` and tapping one of its rows.
final class X11ListInputTests: XCTestCase {
    func test_anInjectedDragAndWheelScrollTheListAndAClickSelectsARow() throws {
        try onMainActor {
            let size = Size(width: 200, height: 150)
            let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size)
            let window = try Window(size: size, presenter: presenter)
            let list = ListView(frame: Rect(size: size))
            let rows = PlainRows()
            list.dataSource = rows
            window.addSubview(list)
            let events = presenter.connectEvents(to: window)
            defer { events.close() }
            _ = window.snapshot()
            var selected: [Int] = []
            list.didSelectRow = { selected.append($0) }
            let client = try TestClient(display: try SharedXvfb.display())

            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 100, y: 130)
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            for y in stride(from: 120, through: 30, by: -15) { client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 100, y: Int16(y)) }
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            XCTAssertTrue(pump { list.contentOffset.y >= 100 && !list.isDragging }, "offset \(list.contentOffset)")

            // The fast injected drag flings the list on; start the wheel from a known place.
            list.stopMotion()
            list.setContentOffset(Point(x: 0, y: 300), animated: false)
            let afterDrag = list.contentOffset.y
            client.fake(XCB_BUTTON_PRESS, detail: 5)
            client.fake(XCB_BUTTON_RELEASE, detail: 5)
            XCTAssertTrue(pump { list.contentOffset.y == afterDrag + 40 }, "offset \(list.contentOffset)")

            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 50, y: 10)
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            let expected = Int((afterDrag + 40 + 10) / 30)
            XCTAssertTrue(pump { !selected.isEmpty })
            XCTAssertEqual(selected, [expected])
        }
    }
}
