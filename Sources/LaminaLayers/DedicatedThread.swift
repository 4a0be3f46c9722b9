import Dispatch
import Glibc
@_spi(LaminaInternals) import LaminaTrace

/// A dedicated POSIX thread, named in the kernel and in the trace: where the render server's
/// loop runs, and each display queue and the release queue. Never a thread of Swift
/// concurrency's pool, since it blocks while it waits for work.
package final class DedicatedThread: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` at once on a new thread called `name`.
    package init(named name: String, _ body: @escaping @Sendable () -> Void) {
        let finished = self.finished
        let work = Work(name: name) {
            body()
            finished.signal()
        }
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            Trace.setThreadName(work.name)
            work.body()
            return nil
        }, Unmanaged.passRetained(work).toOpaque())
        precondition(status == 0, "Lamina: the system refused a thread for \(name) (pthread_create returned \(status))")
        pthread_detach(thread)
    }

    /// Waits until the thread's body has returned.
    package func join() {
        finished.wait()
    }

    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
