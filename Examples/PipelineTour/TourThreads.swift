import Glibc
import LaminaTrace
import Synchronization

/// A counter the timer's `@Sendable` handler can bump.
final class TickCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() -> Int {
        count.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// Starts a named POSIX thread running `body` (examples stay off Swift concurrency's pool, where
/// a blocked thread would stall other tasks).
func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    let box = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        let work = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
        Trace.setThreadName(work.name)
        work.body()
        return nil
    }, box)
    precondition(status == 0, "PipelineTour: could not start thread \(name)")
    return thread
}

/// Waits for a thread started with `startThread(named:_:)` to finish.
func joinThread(_ thread: pthread_t) {
    pthread_join(thread, nil)
}

private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
