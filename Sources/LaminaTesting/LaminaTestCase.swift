import XCTest

/// An `XCTestCase` for pipeline tests: every test starts and ends with no transaction open and
/// no frame in flight, and the windows it made (``makeWindow(size:scale:)``, ``testWindow``)
/// are released when it ends.
///
/// ```swift
/// final class BadgeTests: LaminaTestCase {
///     func test_aBadgeDrawsRed() throws {
///         try onMainActor {
///             let window = try makeWindow(size: Size(width: 40, height: 40), scale: 2)
///             window.addSubview(Badge(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
///             let image = try XCTUnwrap(window.snapshot())
///             assertPixel(image, atPoint: Point(x: 10, y: 10), equals: .red)
///         }
///     }
/// }
/// ```
///
/// The class itself is not `@MainActor`: corelibs XCTest on Linux crashes when it calls the test
/// methods of an `@MainActor` `XCTestCase` subclass defined in another module. XCTest runs every
/// test method on the main thread, so test bodies say so with ``XCTest/XCTestCase/onMainActor(_:)``.
/// The window helpers are main-actor functions rather than members, because a main-actor test
/// body may not capture the (non-`Sendable`) test case.
///
/// `setUp()` and `tearDown()` settle (``settleTransactions(timeout:)``): a subclass that
/// overrides them calls `super`.
open class LaminaTestCase: XCTestCase {
    /// Commits whatever an earlier test left open and runs the main loop until it is idle.
    open override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            settleTransactions()
            TestWindows.shared.removeAll()
        }
    }

    /// Commits what the test left open, lets its frames finish, and releases its windows.
    open override func tearDown() {
        MainActor.assumeIsolated {
            settleTransactions()
            TestWindows.shared.removeAll()
        }
        super.tearDown()
    }
}
