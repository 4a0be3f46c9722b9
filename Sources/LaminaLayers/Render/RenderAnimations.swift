import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

/// The render server's animations: for every layer with animations, its model state (what the
/// main thread committed) and its animations; the render tree itself holds each layer's
/// *presentation* state — the model with its animations applied at the frame's time — so
/// compositing, damage, culling and scrolling see what is on screen. Render thread only.
///
/// One frame at time t (``FrameProducer/produceFrame(tick:)``):
/// 1. Each delta of the frame goes through ``prepare(_:at:in:)``: the animation lists it carries
///    replace the old ones (an animation that left early reports `stopped(finished: false)`),
///    the model states of animated layers are kept here, and the delta the tree applies carries
///    their presentation states at t instead.
/// 2. ``advance(to:in:)`` then evaluates every animated layer at t: animations whose active
///    time began report `started`, those whose active time ended report `stopped(finished:
///    true)` and leave when they are removed on completion; the layers whose presentation
///    changed come back as one more delta for the tree, so their damage is worked out by the same
///    rules as a commit's: exact, before and after.
final class RenderAnimations {
    /// One animated layer.
    struct Entry {
        /// What the main thread committed.
        var model: LayerRenderState
        /// Its animations, in the order they were added.
        var animations: [CommittedAnimation]
        /// The animations that reported `started`.
        var started: Set<AnimationID> = []
        /// The animations that reported `stopped` and stay (not removed on completion).
        var stopped: Set<AnimationID> = []
        /// Animations that finished and left here before the main thread heard: a list from the
        /// main thread that still names one does not bring it back.
        var retired: Set<AnimationID> = []
    }

    private(set) var entries: [LayerID: Entry] = [:]

    /// Whether any animation is still to start or end: the frame clock should keep ticking.
    var isAnimating: Bool {
        entries.values.contains { entry in entry.animations.contains { !entry.stopped.contains($0.id) } }
    }

    /// The number of layers with animations.
    var animatedLayerCount: Int { entries.count }

    /// Step 1: takes the delta's animation lists and model states, and returns the delta to apply
    /// to `tree`, with presentation states at global time `time` for the animated layers, and the
    /// events of animations that left early.
    func prepare(_ delta: RenderTreeDelta, at time: Double, in tree: RenderTree) -> (RenderTreeDelta, [AnimationEvent]) {
        var events: [AnimationEvent] = []
        for id in leavingTree(delta, tree) {
            guard let entry = entries.removeValue(forKey: id) else { continue }
            events += Self.stoppedEarly(entry.animations.filter { !entry.stopped.contains($0.id) }, of: id)
        }
        for id in delta.animations.keys.sorted() {
            events += replaceAnimations(of: id, with: delta.animations[id] ?? [], model: delta.updated[id])
        }
        let animatedInDelta = delta.updated.keys.filter { entries[$0] != nil }
        guard !animatedInDelta.isEmpty else { return (delta, events) }
        var updated = delta.updated
        let parents = Self.parentLinks(in: delta)
        for id in animatedInDelta {
            guard let model = delta.updated[id] else { continue }
            entries[id]?.model = model
            let layerTime = self.layerTime(of: id, at: time, in: tree, parents: parents, states: delta.updated)
            updated[id] = presentation(of: id, atLayerTime: layerTime)
        }
        return (delta.replacingUpdated(updated), events)
    }

    /// Step 2: evaluates every animated layer at global time `time`; returns the presentation
    /// states that changed, as a delta for `tree`, and the animations' events.
    func advance(to time: Double, in tree: RenderTree) -> (RenderTreeDelta, [AnimationEvent]) {
        var updated: [LayerID: LayerRenderState] = [:]
        var events: [AnimationEvent] = []
        for id in entries.keys.sorted() {
            let layerTime = self.layerTime(of: id, at: time, in: tree, parents: [:], states: [:])
            events += lifecycle(of: id, atLayerTime: layerTime)
            guard let entry = entries[id] else { continue }
            let state = presentation(of: id, atLayerTime: layerTime)
            if entry.animations.isEmpty, entry.retired.isEmpty { entries[id] = nil }
            if let shown = tree.state(of: id), shown != state { updated[id] = state }
        }
        return (RenderTreeDelta(commitID: 0, updated: updated), events)
    }

    /// The layer's model with its animations applied at `layerTime`.
    private func presentation(of id: LayerID, atLayerTime layerTime: Double) -> LayerRenderState {
        guard let entry = entries[id] else { preconditionFailure("Lamina: no animations for layer \(id)") }
        guard !entry.animations.isEmpty else { return entry.model }
        return AnimationEvaluation.presentation(of: entry.model, animations: entry.animations.map(\.animation), atLayerTime: layerTime)
    }

    /// Reports the animations of layer `id` that start or end at `layerTime`; finished ones that
    /// are removed on completion leave.
    private func lifecycle(of id: LayerID, atLayerTime layerTime: Double) -> [AnimationEvent] {
        guard var entry = entries[id] else { return [] }
        var events: [AnimationEvent] = []
        var kept: [CommittedAnimation] = []
        for committed in entry.animations {
            let timing = committed.animation.timing
            guard !entry.stopped.contains(committed.id) else { kept.append(committed); continue }
            if !entry.started.contains(committed.id), Self.hasBegun(timing, atParentTime: layerTime) {
                entry.started.insert(committed.id)
                events.append(AnimationEvent(layer: id, animation: committed.id, kind: .started))
            }
            guard entry.started.contains(committed.id), layerTime >= timing.activeEndInParentTime else {
                kept.append(committed)
                continue
            }
            events.append(AnimationEvent(layer: id, animation: committed.id, kind: .stopped(finished: true)))
            if committed.animation.isRemovedOnCompletion {
                entry.started.remove(committed.id)
                entry.retired.insert(committed.id)
            } else {
                entry.stopped.insert(committed.id)
                kept.append(committed)
            }
        }
        entry.animations = kept
        entries[id] = entry
        return events
    }

    /// Whether an animation's active time has begun at `parentTime`. A negative speed runs the
    /// timeline backwards from its end, so it begins at its begin time all the same.
    private static func hasBegun(_ timing: TimingParameters, atParentTime parentTime: Double) -> Bool {
        parentTime >= timing.beginTime
    }

    /// Replaces layer `id`'s animations with `list`; the ones that left report
    /// `stopped(finished: false)`.
    private func replaceAnimations(of id: LayerID, with list: [CommittedAnimation], model: LayerRenderState?) -> [AnimationEvent] {
        var entry = entries[id] ?? Entry(model: model ?? LayerRenderState(), animations: [])
        let listed = Set(list.map(\.id))
        // The main thread has caught up with every retired animation its list no longer names.
        entry.retired.formIntersection(listed)
        let kept = list.filter { !entry.retired.contains($0.id) }
        let keptIDs = Set(kept.map(\.id))
        let left = entry.animations.filter { !keptIDs.contains($0.id) && !entry.stopped.contains($0.id) }
        entry.started.formIntersection(keptIDs)
        entry.stopped.formIntersection(keptIDs)
        entry.animations = kept
        entries[id] = entry
        return Self.stoppedEarly(left, of: id)
    }

    private static func stoppedEarly(_ animations: [CommittedAnimation], of id: LayerID) -> [AnimationEvent] {
        animations.map { AnimationEvent(layer: id, animation: $0.id, kind: .stopped(finished: false)) }
    }

    /// Layer `id`'s local time at global time `time`: its ancestors' timings from the root down,
    /// read from `states` (a delta being applied) before the tree, and its parent from `parents`
    /// before the tree.
    private func layerTime(of id: LayerID, at time: Double, in tree: RenderTree, parents: [LayerID: LayerID],
                           states: [LayerID: LayerRenderState]) -> Double {
        var timings: [TimingParameters] = []
        var current: LayerID? = id
        var steps = 0
        while let layer = current, steps <= tree.count + states.count {
            if let timing = states[layer]?.timing ?? tree.state(of: layer)?.timing { timings.append(timing) }
            current = parents[layer] ?? tree.parent(of: layer)
            steps += 1
        }
        return LayerTimeline.localTime(at: time, through: timings.reversed())
    }

    /// The animated layers `delta` takes out of `tree`: the removed layers and their subtrees, as
    /// the tree stands, but for the layers the delta hangs elsewhere. In id order.
    private func leavingTree(_ delta: RenderTreeDelta, _ tree: RenderTree) -> [LayerID] {
        let removed = Set(delta.removed.filter { delta.updated[$0] == nil })
        guard !removed.isEmpty else { return [] }
        return entries.keys.filter { id in
            var current: LayerID? = id
            var steps = 0
            while let layer = current, steps <= tree.count {
                if delta.updated[layer] != nil && !removed.contains(layer) { return false }
                if removed.contains(layer) { return true }
                current = tree.parent(of: layer)
                steps += 1
            }
            return false
        }.sorted()
    }

    /// Which layer each sublayer and mask of the delta's states hangs from.
    private static func parentLinks(in delta: RenderTreeDelta) -> [LayerID: LayerID] {
        var parents: [LayerID: LayerID] = [:]
        for (id, state) in delta.updated {
            for child in state.sublayers where child != id { parents[child] = id }
            if let mask = state.mask, mask != id { parents[mask] = id }
        }
        return parents
    }
}

extension RenderTreeDelta {
    /// The same delta with `updated` in place of its states.
    func replacingUpdated(_ updated: [LayerID: LayerRenderState]) -> RenderTreeDelta {
        RenderTreeDelta(commitID: commitID, root: root, updated: updated, removed: removed,
                        dirtyContentsRects: dirtyContentsRects, flows: flows, size: size, animations: animations)
    }
}
