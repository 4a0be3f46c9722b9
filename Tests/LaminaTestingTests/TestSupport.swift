import Dispatch
import Foundation
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace
import Synchronization
import XCTest

/// A thread-safe record of what ran, in order.
final class Log: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var events: [String] {
        entries.withLock { $0 }
    }
}

/// Runs `body` on a new thread with that thread's own loop and returns its result once the
/// thread has finished (nil, and a failure, if it does not finish within `seconds`).
func onLoopThread<T: Sendable>(
    within seconds: Double = 20,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: @escaping @Sendable (EventLoop) -> T
) -> T? {
    let result = Locked<T?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body(EventLoop.current)
        result.withLock { $0 = value }
        finished.signal()
    }
    thread.start()
    guard finished.wait(timeout: .now() + seconds) == .success else {
        XCTFail("the loop thread did not finish within \(seconds) s", file: file, line: line)
        return nil
    }
    return result.withLock { $0 }
}

/// Starts `body` on a new thread and returns at once.
func detach(_ body: @escaping @Sendable () -> Void) {
    Thread { body() }.start()
}
