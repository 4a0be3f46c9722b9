import CXCB
import FeedScene
import Lamina
import LaminaTestServer
import LaminaTesting
import LaminaX11
import XCTest

/// FeedDemo's feed in a real X window, driven with XTEST as `make x11-demo` is by a person: a
/// click on a row's link presses its highlight and calls the handler, Page Down scrolls, q asks
/// to quit.
final class X11FeedInputTests: XCTestCase {
    func test_aClickOnALinkInAFeedCellTapsItAndKeysScrollAndQuit() throws {
        try onMainActor {
            let size = Size(width: 320, height: 400)
            let server = try LoopbackHTTPServer(routes: FeedImageServer.routes(pixelSize: 16))
            defer { server.shutdown() }
            let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size)
            let window = try Window(size: size, presenter: presenter)
            let scene = FeedScene(posts: FeedPost.feed(count: 40), mode: .asyncOn, window: window,
                                  images: FeedImages(baseURL: server.baseURL, pixelSize: 16))
            let events = presenter.connectEvents(to: window)
            defer {
                events.close()
                scene.tearDown()
            }
            XCTAssertTrue(scene.waitForLayouts())
            XCTAssertTrue(scene.settleFirstScreen())
            var taps: [(row: Int, link: String?)] = []
            scene.linkTapped = { row, hit in taps.append((row, hit.highlight.userInfo["link"])) }
            var quits = 0
            scene.quitRequested = { quits += 1 }

            // Where row 1's link is, in window (= X window) coordinates.
            let layout = try XCTUnwrap(scene.layouts.layout(forRow: 1))
            let y = layout.metaFrame.height / 2
            let linkX = try XCTUnwrap(stride(from: 0.0, to: layout.metaFrame.width, by: 2).first {
                layout.meta.highlight(at: Point(x: $0, y: y)) != nil
            })
            let cell = try XCTUnwrap(scene.list.visibleCells[1])
            let point = cell.convert(Point(x: layout.metaFrame.minX + linkX + 8, y: layout.metaFrame.minY + y), to: nil)
            let client = try TestClient(display: try SharedXvfb.display())
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: Int16(point.x), y: Int16(point.y))
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            XCTAssertTrue(pump { !taps.isEmpty })
            XCTAssertEqual(taps.first?.row, 1)
            XCTAssertEqual(taps.first?.link, "lamina.dev/p/2")

            client.focus(presenter.windowID)
            let pageDown = client.keycode(for: 0xFF56), q = client.keycode(for: 0x71)
            client.fake(XCB_KEY_PRESS, detail: pageDown)
            client.fake(XCB_KEY_RELEASE, detail: pageDown)
            XCTAssertTrue(pump { scene.list.contentOffset.y == size.height - ScrollView.keyLineStep && !scene.list.isDecelerating },
                          "offset \(scene.list.contentOffset)")
            client.fake(XCB_KEY_PRESS, detail: q)
            client.fake(XCB_KEY_RELEASE, detail: q)
            XCTAssertTrue(pump { quits == 1 })
        }
    }
}
