import LaminaLayers
import LaminaLoop
import XCTest

extension XCTestCase {
    /// Runs `body` as main-actor code. XCTest runs every test method on the process's main thread
    /// (Docs/design.md, "Testing the pipeline"), so layers, views and transactions may be touched;
    /// this says so to the compiler, and fails the test if it is somehow not true. (An `@MainActor`
    /// XCTestCase subclass is not an option on Linux: corelibs XCTest's method cast crashes.)
    public func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        try MainActor.assumeIsolated(body)
    }
}

/// Commits whatever an earlier test left open and runs the main loop until it is idle (frames in
/// flight presented), so a test starts with no transaction and no pending work. Main thread.
@MainActor
public func settleTransactions(timeout: Duration = .seconds(5)) {
    Transaction.flush()
    _ = EventLoop.main.runUntilIdle(timeout: timeout)
}
