import LaminaGraphics
import LaminaTrace

/// The phases of ``Transaction``'s commit, each visiting only the layers that were marked.
@MainActor
enum TransactionCommit {
    /// Phase 1: lays out marked layers, parents first. Each round's marks are swapped out before
    /// they are drained; layouts that mark more layers start another round.
    static func layOut(_ transaction: PendingTransaction) {
        Trace.begin(.layoutPhase)
        var laidOut = 0
        // Counted even when the marked layers were laid out early (`layoutIfNeeded`): a mark is
        // what adding or removing a sublayer leaves behind.
        if !transaction.needsLayout.isEmpty { Transaction.noteGeometryMayHaveChanged() }
        while !transaction.needsLayout.isEmpty {
            let batch = transaction.needsLayout
            transaction.needsLayout = []
            for layer in batch.sorted(by: { $0.depth < $1.depth }) where layer.needsLayout {
                layer.rootmostAncestorNeedingLayout.layoutIfNeeded()
                laidOut += 1
            }
        }
        Transaction.runPhaseObservers(after: .layout)
        Trace.end(.layoutPhase, arguments: ["layers": "\(laidOut)"])
    }

    /// Phase 2: displays each marked layer once. Marks made while displaying stay in the
    /// transaction for the next commit.
    static func display(_ transaction: PendingTransaction) {
        Trace.begin(.displayPhase)
        let batch = transaction.needsDisplay
        transaction.needsDisplay = []
        for layer in batch { layer.displayIfNeeded() }
        transaction.needsDisplay.removeAll { !$0.needsDisplay }
        AsyncCommitGroup.closeAll()
        Transaction.runPhaseObservers(after: .display)
        Trace.end(.displayPhase, arguments: ["layers": "\(batch.count)"])
    }

    /// Phase 3: packages the changed layers of each hosted tree into one delta and sends it.
    static func send(_ transaction: PendingTransaction, nextCommitID: () -> UInt64) {
        Trace.begin(.commitPhase)
        var builders: [ObjectIdentifier: DeltaBuilder] = [:]
        let commitTime = currentMediaTime()
        for layer in transaction.changed {
            layer.renderStateIsDirty = false
            guard let host = layer.rootLayer.host else { continue }
            builders[ObjectIdentifier(host), default: DeltaBuilder(host: host, capacity: transaction.changed.count)]
                .add(layer, commitTime: commitTime)
        }
        // A layer that left a hosted tree and is not back in it now — in another tree, in a layer
        // of no tree, or alone — is removed from that tree's render tree, once.
        for (layer, host) in transaction.removed where layer.rootLayer.host !== host && host.isActive {
            let key = ObjectIdentifier(host)
            if builders[key]?.removed.contains(layer.id) == true { continue }
            builders[key, default: DeltaBuilder(host: host)].removed.append(layer.id)
        }
        for builder in builders.values.sorted(by: { $0.host.rootLayer.id < $1.host.rootLayer.id }) {
            let delta = builder.makeDelta(commitID: nextCommitID())
            builder.host.renderServer.submit(delta)
            Trace.instant(.deltaSent, arguments: [
                "commit": "\(delta.commitID)", "layers": "\(delta.updated.count)", "removed": "\(delta.removed.count)",
            ])
        }
        Transaction.runPhaseObservers(after: .commit)
        Trace.end(.commitPhase, arguments: ["changed": "\(transaction.changed.count)"])
    }

    /// Phase 4: animations removed before any commit sent them stop (early), and so do those of
    /// trees taken out of a render server that has shut down; the completion
    /// block runs once every animation added after it was set has stopped — at once when there
    /// is none, as in Core Animation.
    static func complete(_ transaction: PendingTransaction) {
        for id in transaction.uncommittedRemovals { AnimationCenter.stop(id, finished: false) }
        // A render server that has shut down reports nothing on the trees taken out of it.
        for (layer, host) in transaction.removed where host.renderServer.hasShutDown && layer.rootLayer.host == nil {
            AnimationCenter.stopAnimations(inTreeOf: layer.rootLayer)
        }
        for completion in transaction.completions { complete(completion.block, waitingFor: completion.animations) }
    }

    /// Runs `block`, traced as the completion phase, once the animations `ids` have stopped. An
    /// animation on a layer no render server shows cannot run, so it holds nothing up.
    static func complete(_ block: @escaping @MainActor () -> Void, waitingFor ids: [AnimationID]) {
        AnimationCenter.whenStopped(ids.filter(AnimationCenter.isShown)) {
            Trace.begin(.completionPhase)
            block()
            Trace.end(.completionPhase, arguments: ["blocks": "1"])
        }
    }
}

/// Collects one hosted tree's changes into a ``RenderTreeDelta``.
@MainActor
private struct DeltaBuilder {
    let host: LayerTreeHost
    var updated: [LayerID: LayerRenderState] = [:]
    var removed: [LayerID] = []
    var dirtyContents: [LayerID: Rect] = [:]

    init(host: LayerTreeHost, capacity: Int = 0) {
        self.host = host
        // The changed layers' states are large: growing the dictionary one doubling at a time
        // moves them all again at each step.
        updated.reserveCapacity(capacity)
    }

    var flows: [TraceFlowID] = []

    var animations: [LayerID: [CommittedAnimation]] = [:]

    mutating func add(_ layer: Layer, commitTime: Double) {
        // A layer whose animations alone changed sends them without its state (a thousand
        // animations added to 500 layers would copy 500 states the render server has).
        if layer.modelIsDirty || !layer.hasBeenCommitted { updated[layer.id] = layer.stateForCommit }
        layer.modelIsDirty = false
        layer.hasBeenCommitted = true
        if layer.animationsChanged { animations[layer.id] = layer.commitAnimations(at: commitTime) }
        if let rect = layer.contentsDirtyRect { dirtyContents[layer.id] = rect }
        layer.contentsDirtyRect = nil
        if let flow = layer.contentsFlow {
            // The contents a display made travel on in this commit: the flow steps through here.
            Trace.flow(.flowStep, flow, .contentsCommitted)
            flows.append(flow)
            layer.contentsFlow = nil
        }
    }

    func makeDelta(commitID: UInt64) -> RenderTreeDelta {
        let root = host.needsRootAnnouncement ? host.rootLayer.id : nil
        host.needsRootAnnouncement = false
        host.lastCommitID = commitID
        let size = host.pendingFramebufferSize
        host.pendingFramebufferSize = nil
        return RenderTreeDelta(commitID: commitID, root: root, updated: updated, removed: removed,
                               dirtyContentsRects: dirtyContents, flows: flows, size: size, animations: animations)
    }
}

extension Layer {
    /// The highest ancestor (or self) that needs layout, so one call lays out the whole marked
    /// branch parents first.
    fileprivate var rootmostAncestorNeedingLayout: Layer {
        var result = self
        var layer = superlayer
        while let current = layer {
            if current.needsLayout { result = current }
            layer = current.superlayer
        }
        return result
    }
}
