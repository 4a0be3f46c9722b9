import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// 1,000 rows; even rows are 40 points, odd rows are unmeasured until `measured` is set.
@MainActor
private final class Rows: ListViewDataSource {
    var count = 1_000
    var measured = false
    private(set) var made = 0

    static func color(_ row: Int) -> Color {
        Color(red: Double(row % 10) / 10, green: Double(row / 10 % 10) / 10, blue: Double(row / 100 % 10) / 10)
    }

    func numberOfRows(in list: ListView) -> Int { count }
    func listView(_ list: ListView, heightForRow row: Int) -> Double? { row.isMultiple(of: 2) || measured ? 40 : nil }
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = (list.dequeueReusableCell(withIdentifier: "color") as? ColorCell) ?? {
            made += 1
            return ColorCell(reuseIdentifier: "color")
        }()
        cell.fill = Self.color(row)
        return cell
    }
}

@MainActor
private func makeList() throws -> (Window, ListView, Rows) {
    let window = try makeWindow(size: Size(width: 100, height: 400))
    let list = ListView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
    list.estimatedRowHeight = 60
    list.prefetchMargin = 100
    let rows = Rows()
    list.dataSource = rows
    window.addSubview(list)
    list.layoutIfNeeded()
    return (window, list, rows)
}

/// ListView: cells only for the rows in range, reused; estimated heights; the right content after
/// scrolling back and forth; scrollToRow; taps.
final class ListViewTests: LaminaTestCase {
    func test_onlyTheRowsInRangeHaveCellsAndCellsAreReused() throws {
        try onMainActor {
            let (_, list, rows) = try makeList()
            XCTAssertEqual(list.contentSize.height, 500 * 40 + 500 * 60, "odd rows take the estimate")
            XCTAssertEqual(Set(list.visibleCells.keys), Set(0...10), "0…500 points: rows of 40 and 60, row 10 starting at 500")
            for offset in stride(from: 0.0, through: 40_000, by: 350) {
                list.contentOffset = Point(x: 0, y: offset)
                list.layoutIfNeeded()
                XCTAssertLessThanOrEqual(list.visibleCells.count, 14)
                for (row, cell) in list.visibleCells {
                    XCTAssertEqual(cell.row, row)
                    XCTAssertEqual(cell.frame, list.rectForRow(row))
                    XCTAssertEqual((cell as? ColorCell)?.fill, Rows.color(row))
                }
            }
            XCTAssertLessThanOrEqual(rows.made, 28, "cells are dequeued, not made, as rows scroll by")
            XCTAssertEqual(list.row(at: Point(x: 5, y: 45)), 1)
            XCTAssertNil(list.row(at: Point(x: 5, y: 60_000)))
            XCTAssertTrue(list.rectForRow(1_000).isNull)
        }
    }

    func test_rowsShowTheirContentAfterFastScrollsBackAndForth() throws {
        try onMainActor {
            let (window, list, _) = try makeList()
            for offset in [30_000.0, 120, 45_000, 2_000, 49_600, 0, 24_321] {
                list.contentOffset = Point(x: 0, y: offset)
                _ = window.snapshot()
            }
            let image = try XCTUnwrap(window.snapshot())
            for (row, _) in list.visibleCells {
                let rect = list.rectForRow(row)
                let y = rect.midY - list.contentOffset.y
                guard y > 0, y < 400 else { continue }
                assertPixel(image, atPoint: Point(x: 50, y: y), equals: Rows.color(row))
            }
        }
    }

    func test_measuredHeightsReplaceTheEstimateAndReloadDataFollowsTheCount() throws {
        try onMainActor {
            let (_, list, rows) = try makeList()
            rows.measured = true
            list.rowHeightsChanged()
            XCTAssertEqual(list.contentSize.height, 40_000)
            XCTAssertEqual(list.rectForRow(3), Rect(x: 0, y: 120, width: 100, height: 40))
            rows.count = 3
            list.reloadData()
            list.layoutIfNeeded()
            XCTAssertEqual(list.numberOfRows, 3)
            XCTAssertEqual(Set(list.visibleCells.keys), [0, 1, 2])
            rows.count = 0
            list.deleteRows(at: [0, 1, 2])
            list.layoutIfNeeded()
            XCTAssertEqual(list.visibleCells.count, 0)
            XCTAssertEqual(list.contentSize.height, 0)
        }
    }

    func test_scrollToRowLandsOnItAndATapSelectsTheRowUnderThePointer() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, list, rows) = try makeList()
                rows.measured = true
                list.rowHeightsChanged()
                list.scrollToRow(500, animated: true)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(400))
                XCTAssertEqual(list.contentOffset.y, 20_000)
                list.scrollToRow(999, animated: false)
                XCTAssertEqual(list.contentOffset.y, 40_000 - 400, "as far as the content allows")
                var selected: [Int] = []
                list.didSelectRow = { selected.append($0) }
                window.send(PointerEvent(phase: .down, location: Point(x: 50, y: 50)))
                window.send(PointerEvent(phase: .up, location: Point(x: 50, y: 50)))
                XCTAssertEqual(selected, [991])
                window.send(PointerEvent(phase: .down, location: Point(x: 50, y: 300)))
                window.send(PointerEvent(phase: .move, location: Point(x: 50, y: 250)))
                window.send(PointerEvent(phase: .up, location: Point(x: 50, y: 250)))
                XCTAssertEqual(selected, [991], "a drag selects nothing")
            }
        }
    }
}
