import FeedScene
import Lamina
import LaminaTestServer
import LaminaTesting
import XCTest

/// A feed of `rows` rows in a fresh window, with its image server in this process serving small
/// pictures. Tear it down with `close()`.
@MainActor
final class FeedFixture {
    let server: LoopbackHTTPServer
    let images: FeedImages
    let window: Window
    let scene: FeedScene
    let log: PresentationLog
    let recorder = FrameRecorder(capacity: 4)

    init(mode: FeedMode, rows: Int = 80, size: Size = Size(width: 320, height: 480), frameInterval: Duration = FrameClock.sixtyHertz) throws {
        server = try LoopbackHTTPServer(routes: FeedImageServer.routes(pixelSize: 24))
        images = FeedImages(baseURL: server.baseURL, pixelSize: 24)
        log = PresentationLog(wrapping: recorder)
        window = try Window(size: size, scale: 1, presenter: log, frameInterval: frameInterval)
        scene = FeedScene(posts: FeedPost.feed(count: rows), mode: mode, window: window, images: images)
        // runUntilIdle, not scene.waitForLayouts: on a virtual clock a timeout passes at once,
        // while runUntilIdle waits for the measuring (outstanding work) in real time.
        XCTAssertTrue(EventLoop.main.runUntilIdle(for: window, timeout: .seconds(60)))
        XCTAssertTrue(scene.layouts.isComplete, "every row measured")
    }

    /// Scrolls to `y` and lets every async render, image and frame land.
    func settle(at y: Double) {
        scene.list.contentOffset = Point(x: 0, y: y)
        XCTAssertTrue(EventLoop.main.runUntilIdle(for: window, timeout: .seconds(30)))
        XCTAssertTrue(scene.settleFirstScreen(), "the rows in view show their final content")
        XCTAssertTrue(EventLoop.main.runUntilIdle(for: window, timeout: .seconds(30)))
    }

    /// The frame showing everything committed so far.
    func snapshot() throws -> Image {
        try XCTUnwrap(window.snapshot())
    }

    func close() {
        scene.tearDown()
        server.shutdown()
    }
}
