import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A window whose size changes: it lays out again, the next commit carries the size, and the
/// render server's next frame has it, every pixel re-rendered.
final class WindowResizingTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { settleTransactions() }
    }

    /// Lays its subviews out to fill it.
    @MainActor
    final class FillingWindow: Window {
        private(set) var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            for subview in subviews { subview.frame = bounds.insetBy(dx: 5, dy: 5) }
        }
    }

    func test_aResizedWindowLaysOutAgainAndPresentsAFrameOfTheNewSize() throws {
        try onMainActor {
            let window = try FillingWindow(size: Size(width: 40, height: 30), scale: 2)
            let probe = ProbeView()
            window.addSubview(probe)
            window.setNeedsLayout()
            XCTAssertEqual(try XCTUnwrap(window.snapshot()).width, 80)
            let presenter = try XCTUnwrap(window.presenter as? HeadlessPresenter)
            let layouts = window.layouts
            try window.resize(to: Size(width: 70, height: 20))
            XCTAssertEqual(window.size, Size(width: 70, height: 20))
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(window.layouts, layouts + 1)
            XCTAssertEqual(probe.frame, Rect(x: 5, y: 5, width: 60, height: 10))
            XCTAssertEqual(image.width, 140)
            XCTAssertEqual(image.height, 40)
            XCTAssertEqual(presenter.lastFrame?.damage, [Rect(x: 0, y: 0, width: 140, height: 40)], "everything re-rendered")
            XCTAssertEqual(image.pixel(x: 128, y: 20), .red)
            XCTAssertEqual(image.pixel(x: 135, y: 20), .white)
            XCTAssertEqual(window.renderServer.size, Size(width: 70, height: 20))
            XCTAssertEqual(window.renderServer.recompositeFromScratch(), image, "the same frame as a fresh composite")
        }
    }

    func test_debugOverlaysFollowAResize() throws {
        try onMainActor {
            let window = try FillingWindow(size: Size(width: 40, height: 30), scale: 2)
            window.debugOverlays = [.damage, .blended]
            window.addSubview(ProbeView())
            window.setNeedsLayout()
            XCTAssertEqual(try XCTUnwrap(window.snapshot()).width, 80)
            try window.resize(to: Size(width: 70, height: 20))
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(image.width, 140, "the overlay canvas was made again at the new size")
            XCTAssertEqual(image.height, 40)
            XCTAssertNotEqual(image.pixel(x: 135, y: 20), .white, "the flash and the tint cover the new pixels")
        }
    }

    func test_aSmallerWindowAfterALargerOneKeepsNoOldPixels() throws {
        try onMainActor {
            let window = try FillingWindow(size: Size(width: 60, height: 60))
            window.addSubview(ProbeView())
            window.setNeedsLayout()
            _ = window.snapshot()
            try window.resize(to: Size(width: 100, height: 30))
            _ = window.snapshot()
            try window.resize(to: Size(width: 20, height: 80))
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(image.width, 20)
            XCTAssertEqual(image.height, 80)
            XCTAssertEqual(window.renderServer.recompositeFromScratch(), image)
        }
    }

    func test_theSameSizeSendsNoNewFrame() throws {
        try onMainActor {
            let window = try Window(size: Size(width: 30, height: 30))
            _ = window.snapshot()
            let frames = window.renderServer.lastPresentedFrameID
            try window.resize(to: Size(width: 30, height: 30))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(window.renderServer.lastPresentedFrameID, frames)
        }
    }

    func test_sizesNoFramebufferCanHaveThrowAndLeaveTheWindowAsItWas() throws {
        try onMainActor {
            let window = try Window(size: Size(width: 30, height: 20), scale: 2)
            for size in [Size(width: 0, height: 10), Size(width: .nan, height: 10), Size(width: -4, height: 10),
                         Size(width: 10, height: .infinity), Size(width: 20000, height: 10)] {
                XCTAssertThrowsError(try window.resize(to: size), "\(size)")
            }
            XCTAssertEqual(window.size, Size(width: 30, height: 20))
            XCTAssertEqual(try XCTUnwrap(window.snapshot()).width, 60)
        }
    }
}
