import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// `LaminaTestCase`: settled before and after each test, a fresh window per test.
final class LaminaTestCaseTests: LaminaTestCase {
    /// The window of the test that ran before, to check it was released before the next test.
    @MainActor private static weak var previousWindow: Window?

    func test_eachTestGetsItsOwnWindow_first() throws {
        try onMainActor { try Self.checkFreshWindow() }
    }

    func test_eachTestGetsItsOwnWindow_second() throws {
        try onMainActor { try Self.checkFreshWindow() }
    }

    @MainActor private static func checkFreshWindow() throws {
        XCTAssertEqual(TestWindows.count, 0, "setUp released the windows of the tests before")
        let window = try testWindow
        XCTAssertTrue(try testWindow === window, "one window per test, however often it is asked for")
        XCTAssertNil(previousWindow, "the window of the test before was released")
        previousWindow = window
        XCTAssertEqual(window.bounds.size, TestWindows.defaultSize)
        XCTAssertTrue(window.subviews.isEmpty)
        window.addSubview(View(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
    }

    func test_madeWindowsPresentFramesTheTestCanRead() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 8, height: 6), scale: 2)
            XCTAssertNil(lastFrame(of: window))
            window.backgroundColor = .blue
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(image.width, 16)
            assertPixel(image, atPoint: Point(x: 7, y: 5), equals: .blue)
            XCTAssertEqual(lastFrame(of: window)?.image.width, 16)
            window.backgroundColor = .red
            _ = window.snapshot()
            let history = presentedFrames(of: window)
            XCTAssertEqual(history.count, 2, "the frame history keeps every frame")
            XCTAssertEqual(history.map { $0.image.pixel(x: 0, y: 0) }, [.blue, .red])
            XCTAssertNil(lastFrame(), "the test's own window was never made")
            XCTAssertEqual(TestWindows.count, 1)
        }
    }

    func test_setUpLeftNoTransactionOpenAndTearDownCommitsWhatTheTestLeft() throws {
        try onMainActor {
            XCTAssertFalse(Transaction.isOpen, "setUp settled")
            let window = try testWindow
            window.backgroundColor = .red
            XCTAssertTrue(Transaction.isOpen)
        }
        tearDown()
        MainActor.assumeIsolated {
            XCTAssertFalse(Transaction.isOpen, "tearDown committed the change")
            XCTAssertNil(lastFrame(), "and released the window")
        }
        setUp()
    }
}
