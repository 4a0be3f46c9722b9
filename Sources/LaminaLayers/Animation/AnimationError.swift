/// Why ``Animation/validate()`` refused an animation, or a key-path lookup failed. Each case
/// names the key path (where there is one) and the offending value.
public indirect enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// A timing value is NaN or infinite (`repeatCount` alone may be infinite).
    case nonFiniteTiming(property: String, value: Double)
    /// A timing value is negative where it cannot be: `duration`, `repeatCount`, `repeatDuration`.
    case negativeTiming(property: String, value: Double)
    /// Both `repeatCount` and `repeatDuration` are set, which Apple leaves undefined.
    case conflictingRepeat(repeatCount: Double, repeatDuration: Double)
    /// A value is NaN or infinite; `role` says which (`"fromValue"`, `"values[2]"` …).
    case nonFiniteValue(keyPath: String, role: String, value: String)
    /// `fromValue`, `toValue` and `byValue` are all set: not one of Core Animation's eight
    /// combinations (its documentation says "no more than two should be non-nil").
    case tooManyInterpolationValues(keyPath: String)
    /// A value that switches rather than moves cannot take `feature` (`"byValue"`, `"isAdditive"`,
    /// `"isCumulative"`, `"paced"`, `"spring"`).
    case discreteValueCannot(keyPath: String, feature: String)
    /// Values of this type cannot be added or subtracted, which `feature` needs.
    case valuesCannotAdd(keyPath: String, feature: String)
    /// A paced keyframe animation needs a distance between values, which this type lacks.
    case valuesHaveNoDistance(keyPath: String)
    /// A keyframe animation has no values (and no path, or a path with no points).
    case emptyKeyframes(keyPath: String)
    /// `keyTimes` does not have one entry a keyframe (a discrete animation may have one more).
    case keyTimesCountMismatch(keyPath: String, keyTimes: Int, keyframes: Int)
    /// A key time is NaN or outside 0…1.
    case keyTimeOutOfRange(keyPath: String, index: Int, value: Double)
    /// A key time is smaller than the one before it.
    case keyTimesDecreasing(keyPath: String, index: Int, value: Double, previous: Double)
    /// `timingFunctions` does not have one entry a segment.
    case timingFunctionsCountMismatch(keyPath: String, timingFunctions: Int, segments: Int)
    /// A `path` is set on a key path whose values are not points.
    case pathOnNonPointKeyPath(keyPath: String)
    /// A spring parameter is out of range: `mass` and `stiffness` must be positive, `damping`
    /// not negative, all finite.
    case invalidSpringParameter(keyPath: String, parameter: String, value: Double)
    /// No animatable property has this key-path name.
    case unknownKeyPath(String)
    /// The property's values are of another type than the one asked for.
    case keyPathTypeMismatch(keyPath: String, expected: String, actual: String)
    /// A group's child (at `index` in `animations`) is invalid.
    case invalidGroupChild(index: Int, error: AnimationError)

    /// A sentence naming the key path and the offending value.
    public var description: String {
        switch self {
        case let .nonFiniteTiming(property, value):
            return "\(property) must be finite, not \(value)"
        case let .negativeTiming(property, value):
            return "\(property) must not be negative, not \(value)"
        case let .conflictingRepeat(count, duration):
            return "repeatCount (\(count)) and repeatDuration (\(duration)) cannot both be set"
        case let .nonFiniteValue(keyPath, role, value):
            return "\(keyPath): \(role) must be finite, not \(value)"
        case let .tooManyInterpolationValues(keyPath):
            return "\(keyPath): fromValue, toValue and byValue cannot all be set; use at most two"
        case let .discreteValueCannot(keyPath, feature):
            return "\(keyPath): its values switch rather than interpolate, so it cannot be \(feature)"
        case let .valuesCannotAdd(keyPath, feature):
            return "\(keyPath): its values cannot be added, which \(feature) needs"
        case let .valuesHaveNoDistance(keyPath):
            return "\(keyPath): its values have no distance, which paced keyframes need"
        case let .emptyKeyframes(keyPath):
            return "\(keyPath): a keyframe animation needs at least one value or a path with a point"
        case let .keyTimesCountMismatch(keyPath, keyTimes, keyframes):
            return "\(keyPath): \(keyTimes) key times for \(keyframes) keyframes"
        case let .keyTimeOutOfRange(keyPath, index, value):
            return "\(keyPath): keyTimes[\(index)] must be in 0…1, not \(value)"
        case let .keyTimesDecreasing(keyPath, index, value, previous):
            return "\(keyPath): keyTimes[\(index)] (\(value)) is smaller than the one before it (\(previous))"
        case let .timingFunctionsCountMismatch(keyPath, functions, segments):
            return "\(keyPath): \(functions) timing functions for \(segments) segments"
        case let .pathOnNonPointKeyPath(keyPath):
            return "\(keyPath): a path can only animate a point property"
        case let .invalidSpringParameter(keyPath, parameter, value):
            return "\(keyPath): spring \(parameter) \(value) is out of range"
        case let .unknownKeyPath(name):
            return "no animatable property is called \"\(name)\""
        case let .keyPathTypeMismatch(keyPath, expected, actual):
            return "\(keyPath) animates \(actual) values, not \(expected)"
        case let .invalidGroupChild(index, error):
            return "animations[\(index)]: \(error)"
        }
    }
}
