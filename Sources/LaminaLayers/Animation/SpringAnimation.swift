/// Core Animation's `CASpringAnimation`: a basic animation whose progress follows a damped
/// spring (``DampedSpring``) instead of a timing curve, overshooting and settling.
///
/// The values follow ``BasicAnimation``'s from/to/by rules. The spring runs on the animation's
/// local time in seconds: at a fraction `f` of the simple duration it is `f × duration` seconds
/// into its motion, so a `duration` shorter than ``settlingDuration`` cuts the motion off (as in
/// Core Animation; set `duration = settlingDuration` to see it settle). A `timingFunction`, which
/// Apple does not mention for springs, warps that time before the spring reads it.
public struct SpringAnimation<Value: AnimatableValue>: Animation {
    /// The property animated.
    public var keyPath: AnimatableKeyPath<Value>
    /// Where the spring starts; see ``BasicAnimation/fromValue``.
    public var fromValue: Value?
    /// Where the spring comes to rest; see ``BasicAnimation/toValue``.
    public var toValue: Value?
    /// How far the spring moves; see ``BasicAnimation/byValue``.
    public var byValue: Value?
    /// Whether the value is added to the property's current value.
    public var isAdditive = false
    /// Whether each repeat continues from where the last one ended.
    public var isCumulative = false
    /// The mass on the spring: more mass, more overshoot and a longer settle. Core Animation's
    /// default, 1; must be positive.
    public var mass: Double = 1
    /// The spring constant: stiffer springs move faster. Default 100; must be positive.
    public var stiffness: Double = 100
    /// The friction: more damping, less bounce. Default 10; must not be negative.
    public var damping: Double = 10
    /// The starting speed in distances (from → to) per second, positive towards the target.
    /// Default 0.
    public var initialVelocity: Double = 0
    /// The timing (`CAMediaTiming`).
    public var timing = TimingParameters()
    /// Warps the time the spring reads; nil leaves it alone.
    public var timingFunction: TimingFunction?
    /// Whether the layer removes the animation once it is over.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops.
    public var delegate: (any AnimationDelegate)?
    /// The property's presentation value when the animation was added, kept only for a spring
    /// with no values of its own (nil otherwise).
    public private(set) var previousPresentationValue: Value?

    /// A spring animation of `keyPath` with the given values (at most two) and Core Animation's
    /// default spring (mass 1, stiffness 100, damping 10, at rest).
    public init(keyPath: AnimatableKeyPath<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
        self.keyPath = keyPath
        self.fromValue = from
        self.toValue = to
        self.byValue = by
    }

    /// The spring these parameters make.
    public var spring: DampedSpring {
        DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// How long the spring takes to come to rest: see ``DampedSpring/settlingDuration``.
    public var settlingDuration: Double { spring.settlingDuration }

    /// `[keyPath.name]`.
    public var animatedKeyPaths: [String] { [keyPath.name] }

    /// Refuses what ``BasicAnimation/validate()`` refuses, values that switch (a spring cannot
    /// bounce a flag), and spring parameters out of range: mass or stiffness not positive,
    /// damping negative, anything NaN or infinite.
    public func validate() throws(AnimationError) {
        try timing.validate()
        if Value.isDiscrete { throw .discreteValueCannot(keyPath: keyPath.name, feature: "spring") }
        let parameters: [(String, Double, Bool)] = [
            ("mass", mass, mass > 0), ("stiffness", stiffness, stiffness > 0),
            ("damping", damping, damping >= 0), ("initialVelocity", initialVelocity, true),
        ]
        for (name, value, inRange) in parameters where !value.isFinite || !inRange {
            throw .invalidSpringParameter(keyPath: keyPath.name, parameter: name, value: value)
        }
        try InterpolationValues.validate(from: fromValue, to: toValue, by: byValue, isAdditive: isAdditive,
                                         isCumulative: isCumulative, keyPath: keyPath.name)
    }

    /// Keeps the property's presentation value, for the case where no value is set.
    /// Only an animation with no value of its own starts from the previous presentation value.
    public var needsPresentationAtAddition: Bool {
        InterpolationValues.hasNoValues(fromValue, toValue, byValue)
    }

    public mutating func capture(presentationAtAddition presentation: LayerRenderState) {
        previousPresentationValue = keyPath.value(in: presentation)
    }

    /// Sets the property to where the spring has carried it at `layerTime`.
    public func apply(to presentation: inout LayerRenderState, atLayerTime layerTime: Double) {
        guard let position = timing.activeTime(atParentTime: layerTime) else { return }
        let current = keyPath.value(in: presentation)
        let (start, end) = InterpolationValues.endpoints(
            from: fromValue, to: toValue, by: byValue, previous: previousPresentationValue, current: current)
        let seconds = position.eased(by: timingFunction) * timing.simpleDuration
        let value = Value.interpolate(start, end, fraction: spring.progress(at: seconds))
        let composed = ValueComposition.compose(value, start: start, end: end, position: position, timing: timing,
                                                isCumulative: isCumulative, isAdditive: isAdditive, current: current)
        keyPath.set(composed, in: &presentation)
    }
}
