/// The marks of one open transaction: which layers need layout, need display, changed render
/// state or left a hosted tree, the animations it added and removed, and the completion blocks
/// to run when its animations have stopped.
/// Main thread. Layers enrol on their first mark; later marks only update their flags.
@MainActor
final class PendingTransaction {
    var needsLayout: [Layer] = []
    var needsDisplay: [Layer] = []
    var changed: [Layer] = []
    /// Layers removed from a hosted tree, with that tree's host at the time. A layer added
    /// somewhere again keeps its entry: the commit sends the removal unless the layer is back in
    /// that same tree by then (added to a layer outside it, it must leave the render tree).
    var removed: [(layer: Layer, host: LayerTreeHost)] = []
    /// The completion blocks of the nesting levels that ended, each with the animations it
    /// waits for (Transaction+Settings).
    var completions: [(block: @MainActor () -> Void, animations: [AnimationID])] = []
    /// Animations added while the transaction was open: its completion blocks wait for them.
    var addedAnimations: [AnimationID] = []
    /// Animations removed before any commit sent them: they stop early when this one commits.
    var uncommittedRemovals: [AnimationID] = []

    /// Whether nothing is marked and nothing waits to run.
    var isEmpty: Bool {
        needsLayout.isEmpty && needsDisplay.isEmpty && changed.isEmpty && removed.isEmpty
            && completions.isEmpty
    }

    /// Records that `layer` left the tree rooted at `root`, if that tree is hosted.
    func noteRemoval(of layer: Layer, from root: Layer) {
        guard let host = root.host else { return }
        removed.append((layer, host))
    }
}
