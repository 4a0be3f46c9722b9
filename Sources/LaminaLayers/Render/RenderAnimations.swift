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
    /// One animated layer. A class: a frame reads and updates it in place instead of copying its
    /// model state (a whole LayerRenderState) and sets out of the dictionary and back.
    final class Entry {
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
        /// The earliest layer time at which an animation of the layer starts or ends: before it,
        /// a frame has no event to report for the layer and its list stays as it is.
        var nextChange = -Double.infinity

        init(model: LayerRenderState, animations: [CommittedAnimation]) {
            self.model = model
            self.animations = animations
        }

        /// Works out ``nextChange`` again, after the list or the started and stopped sets changed.
        func updateNextChange() {
            var next = Double.infinity
            for committed in animations where !stopped.contains(committed.id) {
                let timing = committed.animation.timing
                next = min(next, started.contains(committed.id) ? timing.activeEndInParentTime : timing.beginTime)
            }
            nextChange = next
        }
    }

    /// The storage of the last frame's changed states, kept for the next frame's (see
    /// ``recycle(_:)``): a few hundred kilobytes that would otherwise be new memory every frame.
    private var spareStates: [LayerID: LayerRenderState] = [:]

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
            // A layer sent without its state (only its animations changed) keeps its model: the
            // entry's, or — with no animations running — the tree's state, which is the model.
            events += replaceAnimations(of: id, with: delta.animations[id] ?? [], model: delta.updated[id] ?? tree.nodes[id]?.state)
        }
        let animatedInDelta = delta.updated.compactMap { id, model in entries[id].map { (id, $0, model) } }
        guard !animatedInDelta.isEmpty else { return (delta, events) }
        var updated = delta.updated
        let parents = Self.parentLinks(in: delta)
        for (id, entry, model) in animatedInDelta {
            entry.model = model
            let layerTime = self.layerTime(of: id, at: time, in: tree, parents: parents, states: delta.updated)
            updated[id] = presentation(of: entry, atLayerTime: layerTime)
        }
        return (delta.replacingUpdated(updated), events)
    }

    /// Step 2: evaluates every animated layer at global time `time`; returns the presentation
    /// states that changed, as a delta for `tree`, and the animations' events.
    func advance(to time: Double, in tree: RenderTree) -> (RenderTreeDelta, [AnimationEvent]) {
        var updated: [LayerID: LayerRenderState] = [:]
        swap(&updated, &spareStates)
        updated.removeAll(keepingCapacity: true)
        updated.reserveCapacity(entries.count)
        var events: [AnimationEvent] = []
        for id in entries.keys.sorted() {
            guard let entry = entries[id] else { continue }
            let layerTime = self.layerTime(of: id, at: time, in: tree, parents: [:], states: [:])
            lifecycle(of: id, entry, atLayerTime: layerTime, events: &events)
            let state = presentation(of: entry, atLayerTime: layerTime)
            if entry.animations.isEmpty, entry.retired.isEmpty { entries[id] = nil }
            if let node = tree.nodes[id], node.state != state { updated[id] = state }
        }
        return (RenderTreeDelta(commitID: 0, updated: updated), events)
    }

    /// Takes back the storage of a delta ``advance(to:in:)`` made, once the tree has applied it.
    func recycle(_ delta: RenderTreeDelta) {
        spareStates = delta.updated
    }

    /// The layer's model with its animations applied at `layerTime`.
    private func presentation(of entry: Entry, atLayerTime layerTime: Double) -> LayerRenderState {
        guard !entry.animations.isEmpty else { return entry.model }
        return AnimationEvaluation.presentation(of: entry.model, committed: entry.animations, atLayerTime: layerTime)
    }

    /// Reports the animations of layer `id` (`entry`) that start or end at `layerTime`; finished
    /// ones that are removed on completion leave. Most frames nothing starts or ends: then the
    /// entry is left as it is.
    private func lifecycle(of id: LayerID, _ entry: Entry, atLayerTime layerTime: Double, events: inout [AnimationEvent]) {
        guard layerTime >= entry.nextChange else { return }
        defer { entry.updateNextChange() }
        var kept: [CommittedAnimation] = []
        for committed in entry.animations {
            let timing = committed.animation.timing
            guard !entry.stopped.contains(committed.id) else { kept.append(committed); continue }
            if !entry.started.contains(committed.id), Self.hasBegun(timing, atParentTime: layerTime) {
                entry.started.insert(committed.id)
                let event = AnimationEvent(layer: id, animation: committed.id, kind: .started)
                if committed.reportsStart {
                    events.append(event)
                } else if Trace.isEnabled {
                    // Nobody on the main thread listens for this start; the trace still shows it.
                    Trace.instant(.animationStarted, arguments: ["animation": "\(event.animation)", "layer": "\(id)"])
                }
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
    }

    /// Whether an animation's active time has begun at `parentTime`. A negative speed runs the
    /// timeline backwards from its end, so it begins at its begin time all the same.
    private static func hasBegun(_ timing: TimingParameters, atParentTime parentTime: Double) -> Bool {
        parentTime >= timing.beginTime
    }

    /// Replaces layer `id`'s animations with `list`; the ones that left report
    /// `stopped(finished: false)`.
    private func replaceAnimations(of id: LayerID, with list: [CommittedAnimation], model: LayerRenderState?) -> [AnimationEvent] {
        let entry = entries[id] ?? Entry(model: model ?? LayerRenderState(), animations: [])
        let listed = Set(list.map(\.id))
        // The main thread has caught up with every retired animation its list no longer names.
        entry.retired.formIntersection(listed)
        let kept = list.filter { !entry.retired.contains($0.id) }
        let keptIDs = Set(kept.map(\.id))
        let left = entry.animations.filter { !keptIDs.contains($0.id) && !entry.stopped.contains($0.id) }
        entry.started.formIntersection(keptIDs)
        entry.stopped.formIntersection(keptIDs)
        entry.animations = kept
        entry.updateNextChange()
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
            let node = tree.nodes[layer]
            if let timing = states[layer]?.timing ?? node?.state.timing, timing != LayerTimeline.identity { timings.append(timing) }
            current = parents[layer] ?? node?.parent
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
