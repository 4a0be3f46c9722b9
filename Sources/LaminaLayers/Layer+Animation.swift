import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// Core Animation's animation methods on `CALayer`. An animation is added to a layer as a copy
/// and crosses to the render server once, with the commit; every frame after that is computed on
/// the render thread from the animation and the frame's time. The model values the layer holds
/// never change because of an animation: ``presentation()`` shows what the animations make of
/// them.
extension Layer {
    /// Adds a copy of `animation` under `key`, replacing an animation already there under the
    /// same key (which stops early: `animationDidStop(_:finished: false)`). It starts at the
    /// commit of the open transaction: a `beginTime` of 0 becomes the commit's time in the
    /// layer's time space (``currentMediaTime()`` converted with ``convertTime(_:from:)``); a
    /// `duration` of 0 becomes the innermost open transaction's ``Transaction/animationDuration``
    /// (0.25 s unless set). Main thread.
    ///
    /// Why batched: like every change, the animation waits for the transaction, so the
    /// animations and property changes of one turn of the loop start together on the same frame;
    /// the commit drains them.
    ///
    /// - Throws: ``AnimationError`` for an animation that cannot run — non-finite timing,
    ///   keyframes that do not match their key times, a key path that cannot take the
    ///   animation (see ``Animation/validate()``). The layer is then unchanged.
    public func add(_ animation: some Animation, forKey key: String? = nil) throws(AnimationError) {
        try add(animation, forKey: key, presentationAtAddition: nil)
    }

    /// ``add(_:forKey:)``, with the presentation an animation without values of its own starts
    /// from: `presentation` when given (an action passes what was on screen before the change
    /// that triggered it), the presentation now otherwise.
    func add(_ animation: some Animation, forKey key: String?, presentationAtAddition presentation: LayerRenderState?) throws(AnimationError) {
        try animation.validate()
        var copy = animation
        if copy.duration == 0 { copy.duration = Transaction.animationDuration }
        if copy.needsPresentationAtAddition {
            copy.capture(presentationAtAddition: presentation ?? presentationState(at: currentMediaTime()))
        }
        if let key { removeRecord(forKey: key) }
        let animationID = AnimationID.next()
        let hasDelegate = copy.delegate != nil
        AnimationCenter.register(animationID, of: self, delegatedAnimation: hasDelegate ? copy : nil)
        Transaction.current.addedAnimations.append(animationID)
        animationsDidChange()
        if Trace.isEnabled {
            Trace.instant(.animationAdded, arguments: [
                "animation": "\(animationID)", "layer": "\(id)", "key": key ?? "none",
                "keyPaths": copy.animatedKeyPaths.joined(separator: ","), "duration": "\(copy.duration)",
            ])
        }
        // Built in place, the copy moved in: a record is an existential and a key, and copying
        // one costs a retain of each (and its release later) on every add.
        animationRecords.append(AnimationRecord(id: animationID, key: key, animation: consume copy, hasDelegate: hasDelegate))
    }

    /// The animation under `key`: the layer's copy, with its begin time resolved once a commit
    /// has sent it. Nil when there is none (it finished and was removed on completion, or was
    /// never added). Main thread.
    public func animation(forKey key: String) -> (any Animation)? {
        animationRecords.last { $0.key == key }?.animation
    }

    /// The keys of the layer's animations, in the order they were added (animations added without
    /// a key are not listed). Main thread.
    public var animationKeys: [String] {
        animationRecords.compactMap(\.key)
    }

    /// Removes the animation under `key`; it stops early (`animationDidStop(_:finished: false)`)
    /// at the frame where the render server lets it go. No animation under `key`: nothing
    /// happens. Main thread.
    public func removeAnimation(forKey key: String) {
        guard removeRecord(forKey: key) else { return }
        animationsDidChange()
    }

    /// Removes every animation of the layer; each stops early. Main thread.
    public func removeAllAnimations() {
        guard !animationRecords.isEmpty else { return }
        let records = animationRecords
        animationRecords = []
        for record in records { didRemove(record) }
        animationsDidChange()
    }

    /// A copy of the layer as it appears now: its model values with every running animation
    /// applied at the current media time, by the same evaluation the render server runs for a
    /// frame. Nil before a commit has sent the layer to a render server: until then nothing is
    /// on screen to present (Core Animation's presentation layer, too, exists only once the
    /// layer has been committed). The copy has no sublayers or superlayer; changing it changes
    /// nothing on screen. Main thread.
    public func presentation() -> Self? {
        guard hasBeenCommitted else { return nil }
        let copy = type(of: self).init()
        copy.state = presentationState(at: currentMediaTime())
        return copy
    }

    /// The layer's model values as one render state — what the next commit sends, but for the
    /// sublayer and mask identities. Main thread.
    public var modelState: LayerRenderState {
        state
    }

    /// The render state with the committed animations applied at global media time `time`.
    func presentationState(at time: Double) -> LayerRenderState {
        let committed = animationRecords.filter(\.isCommitted)
        guard !committed.isEmpty else { return state }
        let layerTime = localTime(atMediaTime: time)
        return AnimationEvaluation.presentation(of: state, animations: committed.map(\.animation), atLayerTime: layerTime)
    }

    /// Removes the last record under `key`; whether there was one.
    @discardableResult
    private func removeRecord(forKey key: String) -> Bool {
        guard let index = animationRecords.lastIndex(where: { $0.key == key }) else { return false }
        didRemove(animationRecords.remove(at: index))
        return true
    }

    /// A record left the layer by the user's hand: traced, and, if no commit sent it, stopped at
    /// the next commit (the render server, which never had it, cannot report it).
    private func didRemove(_ record: AnimationRecord) {
        if Trace.isEnabled {
            Trace.instant(.animationRemoved, arguments: ["animation": "\(record.id)", "layer": "\(id)", "key": record.key ?? "none"])
        }
        if !record.isCommitted { Transaction.current.uncommittedRemovals.append(record.id) }
    }

    /// Enrols the layer in the transaction so the next commit sends its animations — without its
    /// state, when nothing else changed: the render server has the model already.
    private func animationsDidChange() {
        animationsChanged = true
        enrolInTransaction()
    }

    /// The commit is sending the animations: begin times of 0 become the commit's time
    /// (`commitTime`, global) in the layer's time space. Returns what crosses to the render server.
    func commitAnimations(at commitTime: Double) -> [CommittedAnimation] {
        animationsChanged = false
        var layerTime: Double?
        var committed: [CommittedAnimation] = []
        committed.reserveCapacity(animationRecords.count)
        for index in animationRecords.indices {
            if !animationRecords[index].isCommitted {
                if animationRecords[index].animation.beginTime == 0 {
                    let time = layerTime ?? localTime(atMediaTime: commitTime)
                    layerTime = time
                    animationRecords[index].animation.beginTime = time
                }
                animationRecords[index].isCommitted = true
                if animationRecords[index].hasDelegate {
                    AnimationCenter.update(animationRecords[index].id, animation: animationRecords[index].animation)
                }
            }
            committed.append(animationRecords[index].committed)
        }
        return committed
    }

    /// The render server let an animation go (finished, or early): the layer drops it, unless it
    /// finished and stays (not removed on completion). Main thread, from the frame's report.
    func animationStopped(_ id: AnimationID, finished: Bool) {
        guard let index = animationRecords.firstIndex(where: { $0.id == id }) else { return }
        if finished && !animationRecords[index].isRemovedOnCompletion { return }
        animationRecords.remove(at: index)
    }
}
