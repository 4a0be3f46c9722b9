import LaminaLayers

/// The async image views waiting to become visible, checked at the end of every commit's layout
/// phase. The observer is installed with the first waiting view; each check costs one pass over
/// the waiting views only. Main thread.
@MainActor
enum AsyncImageVisibility {
    private static var waiting: [ObjectIdentifier: WeakView] = [:]
    private static var observer: CommitPhaseObserver?

    static func add(_ view: AsyncImageView) {
        waiting[ObjectIdentifier(view)] = WeakView(view: view)
        if observer == nil { observer = Transaction.addLayoutPhaseObserver { check() } }
    }

    static func remove(_ view: AsyncImageView) {
        waiting[ObjectIdentifier(view)] = nil
    }

    /// How many views wait (for tests).
    static var waitingCount: Int { waiting.values.filter { $0.view != nil }.count }

    private static func check() {
        // Swapped out before it is drained: a view's check may add or remove views.
        let batch = waiting
        for (id, entry) in batch {
            guard let view = entry.view else {
                waiting[id] = nil
                continue
            }
            if view.checkVisibility() { waiting[id] = nil }
        }
    }

    private struct WeakView {
        weak var view: AsyncImageView?
    }
}
