/// Receives an animation's start and stop, as `CAAnimationDelegate` does. Called on the main
/// thread only.
@MainActor
public protocol AnimationDelegate: AnyObject, Sendable {
    /// The animation began (its begin time was reached on screen).
    func animationDidStart(_ animation: any Animation)
    /// The animation ended (`finished` true) or was removed before it ended (`finished` false).
    func animationDidStop(_ animation: any Animation, finished: Bool)
}

extension AnimationDelegate {
    /// Does nothing: a delegate implements only what it needs.
    public func animationDidStart(_ animation: any Animation) {}
    /// Does nothing: a delegate implements only what it needs.
    public func animationDidStop(_ animation: any Animation, finished: Bool) {}
}

/// Core Animation's `CAAnimation`: a value that changes layer properties over time.
///
/// Animations are plain values, and actions (``Action``): run for a key, one adds itself to the
/// layer under that key. A layer keeps the ones added to it (in order) and evaluates
/// them on its model state with ``AnimationEvaluation/presentation(of:animations:atLayerTime:)``
/// — on the main thread for `presentation()`, on the render server for each frame.
public protocol Animation: MediaTiming, Action, Sendable {
    /// Eases the animation's progress through each repeat; nil is linear.
    var timingFunction: TimingFunction? { get set }
    /// Whether the layer removes the animation once its active interval is over (true by
    /// default). An animation that stays, with a forwards fill, keeps holding its last value.
    var isRemovedOnCompletion: Bool { get set }
    /// Told when the animation starts and stops. Held strongly, as `CAAnimation` holds its
    /// delegate; used on the main thread only.
    var delegate: (any AnimationDelegate)? { get set }
    /// The names of the key paths the animation changes.
    var animatedKeyPaths: [String] { get }
    /// Checks every value the animation was given; the layer calls it when the animation is
    /// added and refuses an animation that throws.
    func validate() throws(AnimationError)
    /// Called once, when the animation is added to a layer, with the layer's presentation state
    /// then; an animation that needs "the previous presentation value" keeps it.
    mutating func capture(presentationAtAddition: LayerRenderState)
    /// Whether ``capture(presentationAtAddition:)`` keeps anything: when false, `add(_:forKey:)`
    /// does not work the presentation out for it (most animations name their values).
    var needsPresentationAtAddition: Bool { get }
    /// Applies the animation at `layerTime` (the layer's local time, this animation's parent
    /// time) to `presentation`, which holds the model values with the layer's earlier
    /// animations already applied. Does nothing when the timing puts the animation outside its
    /// active interval with no fill that holds.
    func apply(to presentation: inout LayerRenderState, atLayerTime layerTime: Double)
}

extension Animation {
    /// Keeps nothing.
    public mutating func capture(presentationAtAddition: LayerRenderState) {}

    /// False: the default capture keeps nothing.
    public var needsPresentationAtAddition: Bool { false }
}

extension ActiveTime {
    /// The fraction through the simple duration after `timingFunction` eased it.
    func eased(by timingFunction: TimingFunction?) -> Double {
        timingFunction?.value(at: fraction) ?? fraction
    }
}
