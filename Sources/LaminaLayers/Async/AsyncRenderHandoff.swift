/// What a scheduled render leaves with the main thread while it is away, and what it brings back:
/// the task and commit group it belongs to, and its outcome.
///
/// The display queue carries only this reference and the render's plain values. The task — whose
/// `willDisplay` and `didDisplay` may hold views — and the group are set and emptied on the main
/// thread, so they are never released on a display queue (Texture's rule: main-thread objects
/// die on the main thread). The outcome is taken out of the box on the main thread, so the bitmap
/// is not kept alive by the posted block until the whole batch of performed blocks has run: the
/// main thread holds it only as long as it looks at it, and the release queue drops it.
final class AsyncRenderHandoff: @unchecked Sendable {
    // Set on the main thread before the render is enqueued; taken on the main thread after it
    // came back. Nothing else touches them.
    private var task: AsyncDisplayTask?
    private var group: AsyncCommitGroup?
    // Written by the display queue before it posts to the main loop, read after the main loop
    // ran the posted block: the loop's lock orders the two.
    private var outcome: AsyncRenderOutcome?

    init(task: AsyncDisplayTask, group: AsyncCommitGroup?) {
        self.task = task
        self.group = group
    }

    /// Stores the render's outcome; on the display queue, before posting to the main loop.
    func deliver(_ outcome: AsyncRenderOutcome) {
        self.outcome = outcome
    }

    /// Empties the box on the main thread.
    @MainActor
    func take() -> (task: AsyncDisplayTask?, group: AsyncCommitGroup?, outcome: AsyncRenderOutcome?) {
        defer { (task, group, outcome) = (nil, nil, nil) }
        return (task, group, outcome)
    }
}
