/// Where a timed object is at some moment of its parent's time: the answer of
/// ``TimingParameters/activeTime(atParentTime:)``.
public struct ActiveTime: Sendable, Hashable {
    /// Whether the object is playing or a fill mode holds it.
    public enum Phase: Sendable, Hashable {
        /// Before the begin time, held at its first state by a backwards fill.
        case before
        /// Inside the active interval.
        case active
        /// After the end, held at its last state by a forwards fill.
        case after
    }

    /// Whether the object is playing or held.
    public var phase: Phase
    /// The 0-based repeat the moment falls in; what cumulative animations add up.
    public var iteration: Int
    /// 0…1 through the simple duration, with autoreversal folded in (a reversing half runs from
    /// 1 back to 0), before any timing function.
    public var fraction: Double

    /// Creates a position.
    public init(phase: Phase, iteration: Int, fraction: Double) {
        self.phase = phase
        self.iteration = iteration
        self.fraction = fraction
    }
}
