import LaminaLoop
import LaminaTesting
import XCTest

/// The log the tests record into (LaminaTesting's `CallLog`).
typealias Log = CallLog

/// LaminaTesting's `onLoopThread`, failing the test when the thread hangs.
func onTestLoopThread<T: Sendable>(
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: @escaping @Sendable (EventLoop) -> T
) -> T? {
    let result = LaminaTesting.onLoopThread(body)
    if result == nil { XCTFail("the loop thread did not finish in time", file: file, line: line) }
    return result
}

/// Starts `body` on a new thread and returns at once.
func detach(_ body: @escaping @Sendable () -> Void) {
    _ = TestThread(body)
}
