import LaminaGraphics

/// Core Animation's `CAKeyframeAnimation`: one property through a list of values, or a point
/// property along a path.
///
/// Progress through each repeat is eased by `timingFunction` first, then placed among the key
/// times (even by default), then eased again by the segment's entry in `timingFunctions`, as
/// Apple documents. ``CalculationMode`` says how values between keyframes are found.
public struct KeyframeAnimation<Value: AnimatableValue>: Animation {
    /// The property animated.
    public var keyPath: AnimatableKeyPath<Value>
    /// The keyframes, in order. Ignored when ``path`` is set.
    public var values: [Value]
    /// When each keyframe is reached, as fractions 0…1 of the simple duration, not decreasing;
    /// nil spreads the keyframes evenly. One a keyframe (a discrete animation may add one more,
    /// the end of its last keyframe, as Apple's discrete mode describes). Equal successive key
    /// times make a jump. Ignored when paced.
    public var keyTimes: [Double]?
    /// One curve a segment (keyframes − 1), easing progress within it; nil is linear. Used by
    /// the linear mode only.
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are found.
    public var calculationMode: CalculationMode = .linear
    /// A path for a point property to follow instead of ``values``: its start and the end of
    /// each of its elements are the keyframes; between them the layer moves along the lines and
    /// curves (a move jumps). Refused on a key path whose values are not points.
    public var path: Path? {
        didSet { track = path.map(PathTrack.init) }
    }
    /// Whether the value is added to the property's current value.
    public var isAdditive = false
    /// Whether each repeat continues from where the last one ended (offset by last − first).
    public var isCumulative = false
    /// The timing (`CAMediaTiming`).
    public var timing = TimingParameters()
    /// Eases each repeat before the key times place it; nil is linear. Ignored when paced.
    public var timingFunction: TimingFunction?
    /// Whether the layer removes the animation once it is over.
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops.
    public var delegate: (any AnimationDelegate)?

    /// The path prepared for travel (its arc lengths measured once, not at every frame).
    private var track: PathTrack?

    /// An animation of `keyPath` through `values`.
    public init(keyPath: AnimatableKeyPath<Value>, values: [Value] = [], keyTimes: [Double]? = nil) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
    }

    /// `[keyPath.name]`.
    public var animatedKeyPaths: [String] { [keyPath.name] }

    /// How many keyframes there are: the values, or the path's vertices.
    var keyframeCount: Int { track?.vertices.count ?? values.count }

    /// Refuses bad timing, a path on a non-point property, no keyframes, non-finite values, key
    /// times of the wrong count, outside 0…1 or decreasing, segment timing functions of the
    /// wrong count, paced values with no distance, and paced, additive or cumulative animation
    /// of values that switch.
    public func validate() throws(AnimationError) {
        let name = keyPath.name
        try timing.validate()
        if path != nil, Value.self != Point.self { throw .pathOnNonPointKeyPath(keyPath: name) }
        let count = keyframeCount
        guard count > 0 else { throw .emptyKeyframes(keyPath: name) }
        if track == nil {
            for (index, value) in values.enumerated() where !value.isFiniteValue {
                throw .nonFiniteValue(keyPath: name, role: "values[\(index)]", value: String(describing: value))
            }
        }
        if calculationMode == .paced {
            if Value.isDiscrete { throw .discreteValueCannot(keyPath: name, feature: "paced") }
            if track == nil, values.count > 1, Value.distance(values[0], values[1]) == nil {
                throw .valuesHaveNoDistance(keyPath: name)
            }
        }
        try ValueComposition.validate(Value.self, keyPath: name, isAdditive: isAdditive, isCumulative: isCumulative, usesBy: false)
        if calculationMode != .paced, let keyTimes { try validate(keyTimes: keyTimes, count: count) }
        if calculationMode == .linear, let timingFunctions, timingFunctions.count != count - 1 {
            throw .timingFunctionsCountMismatch(keyPath: name, timingFunctions: timingFunctions.count, segments: count - 1)
        }
    }

    private func validate(keyTimes: [Double], count: Int) throws(AnimationError) {
        let name = keyPath.name
        let allowed = calculationMode == .discrete ? [count, count + 1] : [count]
        guard allowed.contains(keyTimes.count) else {
            throw .keyTimesCountMismatch(keyPath: name, keyTimes: keyTimes.count, keyframes: count)
        }
        for (index, time) in keyTimes.enumerated() {
            guard time >= 0, time <= 1 else { throw .keyTimeOutOfRange(keyPath: name, index: index, value: time) }
            if index > 0, time < keyTimes[index - 1] {
                throw .keyTimesDecreasing(keyPath: name, index: index, value: time, previous: keyTimes[index - 1])
            }
        }
    }

    /// Sets the property to the keyframe value at `layerTime`.
    public func apply(to presentation: inout LayerRenderState, atLayerTime layerTime: Double) {
        guard let position = timing.activeTime(atParentTime: layerTime),
              let (value, first, last) = keyframeValue(at: position) else { return }
        let current = keyPath.value(in: presentation)
        let composed = ValueComposition.compose(value, start: first, end: last, position: position, timing: timing,
                                                isCumulative: isCumulative, isAdditive: isAdditive, current: current)
        keyPath.set(composed, in: &presentation)
    }

    /// The value at `position` with the first and last keyframes (what cumulative repeats add
    /// up); nil with no keyframes, or a path on a non-point property.
    private func keyframeValue(at position: ActiveTime) -> (Value, Value, Value)? {
        let fraction = calculationMode == .paced ? position.fraction : position.eased(by: timingFunction)
        if let track {
            guard let point = pathPoint(on: track, at: fraction), let value = point as? Value,
                  let first = track.vertices.first as? Value, let last = track.vertices.last as? Value else { return nil }
            return (value, first, last)
        }
        guard let first = values.first, let last = values.last else { return nil }
        guard values.count > 1 else { return (first, first, last) }
        switch calculationMode {
        case .discrete:
            let times = validKeyTimes ?? KeyframeTimeline.discreteKeyTimes(count: values.count)
            return (values[KeyframeTimeline.discreteIndex(at: fraction, keyTimes: times, count: values.count)], first, last)
        case .linear:
            let (index, progress) = KeyframeTimeline.segment(at: fraction, keyTimes: validKeyTimes ?? KeyframeTimeline.evenKeyTimes(count: values.count))
            return (Value.interpolate(values[index], values[index + 1], fraction: eased(progress, segment: index)), first, last)
        case .paced:
            let lengths = zip(values, values.dropFirst()).map { Value.distance($0, $1) ?? 0 }
            guard let times = KeyframeTimeline.pacedKeyTimes(lengths: lengths) else { return (first, first, last) }
            let (index, progress) = KeyframeTimeline.segment(at: fraction, keyTimes: times)
            return (Value.interpolate(values[index], values[index + 1], fraction: progress), first, last)
        }
    }

    private func pathPoint(on track: PathTrack, at fraction: Double) -> Point? {
        let vertices = track.vertices
        guard let first = vertices.first else { return nil }
        guard vertices.count > 1 else { return first }
        switch calculationMode {
        case .discrete:
            let times = validKeyTimes ?? KeyframeTimeline.discreteKeyTimes(count: vertices.count)
            return vertices[KeyframeTimeline.discreteIndex(at: fraction, keyTimes: times, count: vertices.count)]
        case .linear:
            let (index, progress) = KeyframeTimeline.segment(at: fraction, keyTimes: validKeyTimes ?? KeyframeTimeline.evenKeyTimes(count: vertices.count))
            return track.point(inPiece: index, parameter: eased(progress, segment: index))
        case .paced:
            guard let times = KeyframeTimeline.pacedKeyTimes(lengths: track.lengths) else { return first }
            let (index, progress) = KeyframeTimeline.segment(at: fraction, keyTimes: times)
            return track.point(inPiece: index, lengthFraction: progress)
        }
    }

    /// `keyTimes` when they can be used as given (an unvalidated animation may hold others,
    /// which are ignored rather than indexed out of range).
    private var validKeyTimes: [Double]? {
        guard let keyTimes else { return nil }
        let count = keyframeCount
        let countFits = keyTimes.count == count || (calculationMode == .discrete && keyTimes.count == count + 1)
        let ordered = zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }
        return countFits && ordered && keyTimes.allSatisfy({ $0 >= 0 && $0 <= 1 }) ? keyTimes : nil
    }

    /// Progress through segment `index` eased by its timing function.
    private func eased(_ progress: Double, segment index: Int) -> Double {
        guard let functions = timingFunctions, functions.indices.contains(index) else { return progress }
        return functions[index].value(at: progress)
    }
}

extension KeyframeAnimation where Value == Point {
    /// An animation of `keyPath` along `path`.
    public init(keyPath: AnimatableKeyPath<Point>, path: Path) {
        self.init(keyPath: keyPath)
        self.path = path
        self.track = PathTrack(path)
    }
}
