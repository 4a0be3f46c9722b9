import Dispatch

/// A signal between a dedicated thread and a thread waiting for it: the render thread's start-up
/// and synchronous reads of the render tree, a display queue's "work is queued". A semaphore,
/// so the waiter blocks without spinning; each ``signal()`` releases one ``wait()``.
final class ThreadSignal: Sendable {
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
