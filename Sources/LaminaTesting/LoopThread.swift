import Dispatch
import Glibc
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// A dedicated POSIX thread for a test: loops other than `EventLoop.main` run on one of these,
/// never on Swift concurrency's cooperative pool (two threads here: a blocked one stalls the
/// rest).
public final class TestThread: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` at once on a new thread named `name` (in the trace too).
    public init(named name: String = "test thread", _ body: @escaping @Sendable () -> Void) {
        let finished = self.finished
        let work = ThreadWork(name: name) {
            body()
            finished.signal()
        }
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let work = Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue()
            Trace.setThreadName(work.name)
            work.body()
            return nil
        }, Unmanaged.passRetained(work).toOpaque())
        if status != 0 {
            fatalError("LaminaTesting: the system refused a new thread (pthread_create returned \(status))")
        }
        pthread_detach(thread)
    }

    /// Waits for the thread to finish; false if it has not within `timeout` (it keeps running).
    @discardableResult
    public func join(timeout: Duration = .seconds(20)) -> Bool {
        // Instant arithmetic saturates, so `.seconds(Int64.max)` is simply "a very long time".
        let nanoseconds = max(EventLoop.Instant(nanoseconds: 0).advanced(by: timeout).nanoseconds, 0)
        return finished.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
    }
}

/// Runs `body` on a new ``TestThread`` with that thread's own loop (`EventLoop.current` there)
/// and returns what it returns once the thread has finished — or nil if it has not within
/// `timeout`, so a hang fails a test instead of blocking it.
public func onLoopThread<T: Sendable>(
    named name: String = "loop thread",
    timeout: Duration = .seconds(20),
    _ body: @escaping @Sendable (EventLoop) -> T
) -> T? {
    let result = Locked<T?>(nil)
    let thread = TestThread(named: name) {
        let value = body(EventLoop.current)
        result.withLock { $0 = value }
    }
    guard thread.join(timeout: timeout) else { return nil }
    return result.withLock { $0 }
}

/// A thread-safe, append-only record of what ran, in the order it ran: handlers are `@Sendable`,
/// so they record here instead of mutating captured variables, and the test asserts afterwards.
public final class CallLog: Sendable {
    private let entries = Locked<[String]>([])

    /// An empty log.
    public init() {}

    /// Appends `entry`.
    public func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Everything recorded so far, oldest first.
    public var events: [String] {
        entries.withLock { $0 }
    }

    /// How many times `entry` was recorded.
    public func count(of entry: String) -> Int {
        entries.withLock { $0.filter { $0 == entry }.count }
    }
}

private final class ThreadWork: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
