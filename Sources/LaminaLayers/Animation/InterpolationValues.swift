import LaminaGraphics

/// Core Animation's from/to/by rules, shared by ``BasicAnimation`` and ``SpringAnimation``.
///
/// CABasicAnimation's documentation lists eight combinations. The "current" value is the one in
/// the presentation state the animation is applied to — the model value with the layer's
/// earlier animations applied — read at every frame, so a model change mid-flight retargets the
/// animation. (Apple writes "the current presentation value"; Core Animation is observed to
/// read the model value live, which is what this is when no earlier animation touches the
/// property.)
enum InterpolationValues {
    /// The start and end for the set values, `current` the property's value now and `previous`
    /// the presentation value captured when the animation was added:
    ///
    /// | set | from | to |
    /// | --- | --- | --- |
    /// | from, to | from | to |
    /// | from, by | from | from + by |
    /// | by, to | to − by | to |
    /// | from | from | current |
    /// | to | current | to |
    /// | by | current | current + by |
    /// | none | previous (current if not captured) | current |
    ///
    /// All three set (refused by validation) reads as from and to. A sum or difference the type
    /// cannot make (refused by validation too) leaves the end where the other one is.
    static func endpoints<Value: AnimatableValue>(
        from: Value?, to: Value?, by: Value?, previous: Value?, current: Value
    ) -> (start: Value, end: Value) {
        switch (from, to, by) {
        case let (from?, to?, _):
            return (from, to)
        case let (from?, nil, by?):
            return (from, Value.adding(from, by) ?? from)
        case let (nil, to?, by?):
            return (Value.subtracting(to, by) ?? to, to)
        case let (from?, nil, nil):
            return (from, current)
        case let (nil, to?, nil):
            return (current, to)
        case let (nil, nil, by?):
            return (current, Value.adding(current, by) ?? current)
        case (nil, nil, nil):
            return (previous ?? current, current)
        }
    }

    /// Whether none of the three values is set: the animation then runs from the previous
    /// presentation value. Specialised as ``validate(from:to:by:isAdditive:isCumulative:keyPath:)``
    /// is: every add asks.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Size)
    @_specialize(where Value == Rect)
    @_specialize(where Value == Color)
    @_specialize(where Value == AffineTransform)
    static func hasNoValues<Value: AnimatableValue>(_ from: Value?, _ to: Value?, _ by: Value?) -> Bool {
        from == nil && to == nil && by == nil
    }

    /// Validation shared by the from/to/by animations. Specialised for the common value types:
    /// every `add(_:forKey:)` validates, through unspecialised generic code otherwise.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Size)
    @_specialize(where Value == Rect)
    @_specialize(where Value == Color)
    @_specialize(where Value == AffineTransform)
    static func validate<Value: AnimatableValue>(
        from: Value?, to: Value?, by: Value?, isAdditive: Bool, isCumulative: Bool, keyPath: String
    ) throws(AnimationError) {
        // Each value on its own: an array of (role, value) pairs would be built, with its tuple
        // and optional types looked up at run time, on every add.
        if let from, !from.isFiniteValue { throw .nonFiniteValue(keyPath: keyPath, role: "fromValue", value: String(describing: from)) }
        if let to, !to.isFiniteValue { throw .nonFiniteValue(keyPath: keyPath, role: "toValue", value: String(describing: to)) }
        if let by, !by.isFiniteValue { throw .nonFiniteValue(keyPath: keyPath, role: "byValue", value: String(describing: by)) }
        if from != nil, to != nil, by != nil { throw .tooManyInterpolationValues(keyPath: keyPath) }
        try ValueComposition.validate(Value.self, keyPath: keyPath, isAdditive: isAdditive,
                                      isCumulative: isCumulative, usesBy: by != nil)
    }
}

/// What turns an interpolated value into the value a layer shows: cumulative repeats and
/// additive composition, shared by every property animation.
enum ValueComposition {
    /// `value` (the animation's own value at `position`), offset by the repeats before it when
    /// cumulative, added to `current` when additive.
    ///
    /// A cumulative repeat starts where the previous one ended, so repeat `n` is offset by `n`
    /// times the distance from `start` to `end` (`interpolate(start, end, n) − start`, which for
    /// transforms keeps turning the same way). An autoreversing repeat ends where it began, so
    /// it adds nothing: Apple says only "the value at the end of the previous repeat cycle, plus
    /// the value of the current repeat cycle", and this keeps the motion continuous.
    static func compose<Value: AnimatableValue>(
        _ value: Value, start: Value, end: Value, position: ActiveTime, timing: TimingParameters,
        isCumulative: Bool, isAdditive: Bool, current: Value
    ) -> Value {
        var result = value
        if isCumulative, position.iteration > 0, !timing.autoreverses,
           let offset = Value.subtracting(Value.interpolate(start, end, fraction: Double(position.iteration)), start),
           let offsetValue = Value.adding(result, offset) {
            result = offsetValue
        }
        if isAdditive, let sum = Value.adding(current, result) {
            result = sum
        }
        return result
    }

    /// Refuses additive, cumulative and by-values for values that cannot add.
    static func validate<Value: AnimatableValue>(
        _ type: Value.Type, keyPath: String, isAdditive: Bool, isCumulative: Bool, usesBy: Bool
    ) throws(AnimationError) {
        guard usesBy || isAdditive || isCumulative, Value.isDiscrete else { return }
        for (feature, used) in [("byValue", usesBy), ("isAdditive", isAdditive), ("isCumulative", isCumulative)] where used {
            throw .discreteValueCannot(keyPath: keyPath, feature: feature)
        }
    }
}
