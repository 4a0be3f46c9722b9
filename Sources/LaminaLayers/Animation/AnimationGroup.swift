/// Core Animation's `CAAnimationGroup`: animations run together on the group's timeline.
///
/// Each child's parent time is the group's local time: its fraction through the simple
/// duration (after the group's own `timingFunction`) times `duration`. Children are not scaled
/// to the group: as Apple documents, they are clipped to its duration ("a 10 second animation
/// grouped within an animation group with a duration of 5 seconds displays only the first 5
/// seconds"). The children's `delegate` and `isRemovedOnCompletion` are ignored, as Apple says
/// they currently are; the group's own are used.
public struct AnimationGroup: Animation {
    /// The animations, applied in order on the group's time.
    public var animations: [any Animation]
    /// The timing (`CAMediaTiming`).
    public var timing = TimingParameters()
    /// Warps the time the children see; nil leaves it alone.
    public var timingFunction: TimingFunction?
    /// Whether the layer removes the group once it is over.
    public var isRemovedOnCompletion = true
    /// Told when the group starts and stops.
    public var delegate: (any AnimationDelegate)?

    /// A group of `animations`.
    public init(animations: [any Animation] = []) {
        self.animations = animations
    }

    /// The children's key paths, each once, in order.
    public var animatedKeyPaths: [String] {
        var seen = Set<String>()
        return animations.flatMap(\.animatedKeyPaths).filter { seen.insert($0).inserted }
    }

    /// Refuses the group's bad timing, or the first invalid child, wrapped with its index in
    /// ``AnimationError/invalidGroupChild(index:error:)``.
    public func validate() throws(AnimationError) {
        try timing.validate()
        for (index, animation) in animations.enumerated() {
            do {
                try animation.validate()
            } catch {
                throw .invalidGroupChild(index: index, error: error)
            }
        }
    }

    /// Passes the presentation state to every child.
    /// Whether a child needs the presentation.
    public var needsPresentationAtAddition: Bool {
        animations.contains { $0.needsPresentationAtAddition }
    }

    public mutating func capture(presentationAtAddition presentation: LayerRenderState) {
        for index in animations.indices {
            animations[index].capture(presentationAtAddition: presentation)
        }
    }

    /// Applies the children at the group's local time for `layerTime`.
    ///
    /// While a forwards fill holds the group after its end, the children are at the group's
    /// end time, and a child that ends exactly there shows its end state rather than vanishing
    /// (its interval counts as closed): otherwise a group held after its end would drop the
    /// children that last exactly as long as it does, the usual case. Apple does not say.
    public func apply(to presentation: inout LayerRenderState, atLayerTime layerTime: Double) {
        guard let position = timing.activeTime(atParentTime: layerTime) else { return }
        let time = position.eased(by: timingFunction) * timing.simpleDuration
        for animation in animations {
            guard position.phase == .after, !animation.timing.fillMode.holdsAfter,
                  animation.timing.activeTime(atParentTime: time) == nil,
                  animation.timing.activeEndInParentTime == time else {
                animation.apply(to: &presentation, atLayerTime: time)
                continue
            }
            var held = animation
            held.timing.fillMode = animation.timing.fillMode.holdsBefore ? .both : .forwards
            held.apply(to: &presentation, atLayerTime: time)
        }
    }
}
