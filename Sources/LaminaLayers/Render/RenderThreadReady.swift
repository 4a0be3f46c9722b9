import Dispatch

/// A one-shot signal between the render thread and a thread waiting for it: start-up, and the
/// synchronous read of the render tree. A semaphore, so the waiter blocks without spinning.
final class RenderThreadReady: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Releases the waiter.
    func signal() {
        semaphore.signal()
    }

    /// Blocks until ``signal()``.
    func wait() {
        semaphore.wait()
    }
}
