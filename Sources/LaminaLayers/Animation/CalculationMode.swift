/// How a ``KeyframeAnimation`` moves between its keyframes: Core Animation's `calculationMode`
/// (the cubic modes are not implemented).
public enum CalculationMode: Sendable, Hashable {
    /// Interpolates between successive keyframes at the key times (`kCAAnimationLinear`, the
    /// default). Along a path, through each line or curve by its own parameter.
    case linear
    /// Shows each keyframe from its key time until the next one, with no interpolation
    /// (`kCAAnimationDiscrete`). Without key times, n values share the duration equally.
    case discrete
    /// Interpolates linearly at constant speed: key times are made proportional to the
    /// distance between keyframes (arc length along a path), and `keyTimes`, `timingFunctions`
    /// and `timingFunction` are ignored, as Apple documents (`kCAAnimationPaced`).
    case paced
}
