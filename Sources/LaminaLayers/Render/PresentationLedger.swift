import LaminaLoop

/// The main thread's record of what the render server has presented, and the blocks waiting for
/// it. The render thread never touches it: each presented frame reaches it as a block performed
/// on `EventLoop.main`.
@MainActor
final class PresentationLedger {
    /// The id of the last frame presented; 0 before the first.
    private(set) var lastFrameID: UInt64 = 0
    /// The highest commit presented so far; nil before the first.
    private(set) var lastCommitID: UInt64?
    /// Blocks waiting for a commit, by commit id.
    private var waiting: [UInt64: [@MainActor () -> Void]] = [:]

    nonisolated init() {}

    /// Whether the frame containing commit `id` (or a later one) has been presented. Commits
    /// reach a render server in increasing order, so every commit up to the last presented one
    /// has been shown.
    func isPresented(_ id: UInt64) -> Bool {
        lastCommitID.map { id <= $0 } ?? false
    }

    /// Runs `body` now if commit `id` has been presented, otherwise once it is.
    func onPresentation(of id: UInt64, _ body: @escaping @MainActor () -> Void) {
        if isPresented(id) {
            body()
        } else {
            waiting[id, default: []].append(body)
        }
    }

    /// Records a presented frame (nil: a report of animation events with no frame to show),
    /// hands its animation events to the layers and delegates, runs the blocks its commits
    /// released (in commit order), then ends the outstanding work each submitted commit began on
    /// the main loop.
    func didPresent(frame id: UInt64?, commits: [UInt64], events: [AnimationEvent] = []) {
        if let id { lastFrameID = id }
        if let highest = commits.max() { lastCommitID = max(lastCommitID ?? 0, highest) }
        AnimationCenter.handle(events)
        let released = waiting.keys.filter(isPresented).sorted()
        for commit in released {
            for body in waiting.removeValue(forKey: commit) ?? [] { body() }
        }
        for _ in commits { EventLoop.main.endOutstandingWork() }
    }
}
