import LaminaLayers

/// The async image views waiting to become visible, checked at the end of a commit's layout
/// phase. The observer is installed with the first waiting view; each check costs one pass over
/// the waiting views only. Main thread.
///
/// A check runs only when something may have changed what is visible: the layers moved, resized,
/// hid or were laid out since the last check (`Transaction.geometryEpoch` advanced), or a view
/// started waiting or changed its margin since then. A commit that only carries new contents —
/// async renders and decoded images landing while nothing scrolls — skips it: the answer would
/// be the same as last time.
@MainActor
enum AsyncImageVisibility {
    private static var waiting: [ObjectIdentifier: WeakView] = [:]
    private static var observer: CommitPhaseObserver?
    /// The geometry epoch the last check saw.
    private static var checkedEpoch: UInt64?
    /// Whether the next commit must check whatever the epoch says.
    private static var needsCheck = false

    static func add(_ view: AsyncImageView) {
        waiting[ObjectIdentifier(view)] = WeakView(view: view)
        needsCheck = true
        if observer == nil { observer = Transaction.addLayoutPhaseObserver { checkIfNeeded() } }
    }

    static func remove(_ view: AsyncImageView) {
        waiting[ObjectIdentifier(view)] = nil
    }

    /// A waiting view's answer may have changed without any layer moving (its prefetch margin).
    static func setNeedsCheck() {
        needsCheck = true
    }

    /// How many views wait (for tests).
    static var waitingCount: Int { waiting.values.filter { $0.view != nil }.count }

    /// How many checks have run (for tests: a commit that moves nothing must not add one).
    private(set) static var checkCount = 0

    private static func checkIfNeeded() {
        let epoch = Transaction.geometryEpoch
        guard needsCheck || epoch != checkedEpoch, !waiting.isEmpty else { return }
        // Taken before the views are visited: what their checks change (an image landing from
        // the memory cache) is looked at again by the next commit, as it always was.
        checkedEpoch = epoch
        needsCheck = false
        checkCount += 1
        check()
    }

    private static func check() {
        // Swapped out before it is drained: a view's check may add or remove views.
        let batch = waiting
        var pass = VisibilityPass()
        for (id, entry) in batch {
            guard let view = entry.view else {
                waiting[id] = nil
                continue
            }
            if view.checkVisibility(using: &pass) { waiting[id] = nil }
        }
    }

    private struct WeakView {
        weak var view: AsyncImageView?
    }
}
