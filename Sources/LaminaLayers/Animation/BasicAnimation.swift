import LaminaGraphics

/// Core Animation's `CABasicAnimation`: one property from one value to another.
///
/// Which values it moves between follows Core Animation's eight combinations of `fromValue`,
/// `toValue` and `byValue` (Docs chapter 10 has the table; see also ``validate()``); setting all
/// three is refused.
public struct BasicAnimation<Value: AnimatableValue>: Animation {
    /// The property animated.
    public var keyPath: AnimatableKeyPath<Value>
    /// Where the animation starts; nil for "the current value" (or `toValue − byValue`).
    public var fromValue: Value?
    /// Where the animation ends; nil for "the current value" (or `fromValue + byValue`).
    public var toValue: Value?
    /// How far the animation moves, relative to its start or end.
    public var byValue: Value?
    /// Whether the animation's value is added to the property's current value (Core Animation's
    /// `isAdditive`); for transforms, "added" is concatenated.
    public var isAdditive = false
    /// Whether each repeat continues from where the last one ended (`isCumulative`).
    public var isCumulative = false
    /// The timing (`CAMediaTiming`).
    public var timing = TimingParameters()
    /// Eases each repeat; nil is linear.
    public var timingFunction: TimingFunction?
    /// Whether the layer removes the animation once it is over.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops.
    public var delegate: (any AnimationDelegate)?
    /// The property's presentation value when the animation was added: where an animation with
    /// no values set starts. Kept only for such an animation (nil when it has values of its own).
    public private(set) var previousPresentationValue: Value?

    /// An animation of `keyPath` with the given values (at most two of them).
    public init(keyPath: AnimatableKeyPath<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
        self.keyPath = keyPath
        self.fromValue = from
        self.toValue = to
        self.byValue = by
    }

    /// `[keyPath.name]`.
    public var animatedKeyPaths: [String] { [keyPath.name] }

    /// Refuses bad timing, non-finite values, all three of from/to/by, and by-values, additive
    /// or cumulative animation of values that switch (`Bool`, images).
    public func validate() throws(AnimationError) {
        try timing.validate()
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

    /// Sets the property to the interpolated value at `layerTime`.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    public func apply(to presentation: inout LayerRenderState, atLayerTime layerTime: Double) {
        guard let position = timing.activeTime(atParentTime: layerTime) else { return }
        // One in-place access through the key path (a modify): reading it by value would copy
        // the whole state to read one property.
        Self.replace(&presentation[keyPath: keyPath.storage]) { current in value(at: position, current: current) }
    }

    @inline(__always)
    private static func replace(_ property: inout Value, with body: (Value) -> Value) {
        property = body(property)
    }

    /// The value shown at `position` when the property's current value is `current`.
    func value(at position: ActiveTime, current: Value) -> Value {
        let (start, end) = InterpolationValues.endpoints(
            from: fromValue, to: toValue, by: byValue, previous: previousPresentationValue, current: current)
        let interpolated = Value.interpolate(start, end, fraction: position.eased(by: timingFunction))
        return ValueComposition.compose(interpolated, start: start, end: end, position: position, timing: timing,
                                        isCumulative: isCumulative, isAdditive: isAdditive, current: current)
    }
}
