/// What a scheduled render leaves with the main thread while it is away: the task and the
/// commit group it belongs to.
///
/// The display queue carries only this reference and the render's plain values. The task — whose
/// `willDisplay` and `didDisplay` may hold views — and the group are set and emptied on the main
/// thread, so they are never released on a display queue (Texture's rule: main-thread objects
/// die on the main thread).
final class AsyncRenderHandoff: @unchecked Sendable {
    // Set on the main thread before the render is enqueued; taken on the main thread after it
    // came back. The display queue never touches them.
    private var task: AsyncDisplayTask?
    private var group: AsyncCommitGroup?

    init(task: AsyncDisplayTask, group: AsyncCommitGroup?) {
        self.task = task
        self.group = group
    }

    /// Empties the box on the main thread.
    @MainActor
    func take() -> (task: AsyncDisplayTask?, group: AsyncCommitGroup?) {
        defer { (task, group) = (nil, nil) }
        return (task, group)
    }
}
