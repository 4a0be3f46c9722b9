/// Core Animation's `CAMediaTiming` values: where an animation (or a layer's timeline) sits in
/// its parent's time, how fast it plays, how often it repeats and what it shows outside its
/// active interval.
///
/// Times are seconds. A `beginTime` of 0 on an animation added to a layer means "the time of the
/// commit that added it": the layer resolves that before the animation runs, so everything here
/// takes the value as given.
///
/// The mapping from the parent's time `tp` to local time is Core Animation's
/// `t = (tp - beginTime) × speed + timeOffset` (the `timeOffset` documentation in
/// `CAMediaTiming.h`); ``activeTime(atParentTime:)`` folds `t` into repeats and autoreversal.
public struct TimingParameters: Sendable, Hashable {
    /// When the object starts, in its parent's time.
    public var beginTime: Double = 0
    /// The simple duration: one forward play, in local seconds. An animation added with 0 gets
    /// Core Animation's 0.25 s when it is added to a layer.
    public var duration: Double = 0
    /// How fast local time runs against the parent's: 2 plays twice as fast, 0 pauses at
    /// `timeOffset`, a negative speed plays backwards.
    public var speed: Double = 1
    /// Added to local time, unscaled by `speed`: starts the object part-way through. Past the
    /// end it wraps around, so the object still plays for its whole active duration.
    public var timeOffset: Double = 0
    /// How many times the simple duration (forward and back, with `autoreverses`) plays. May be
    /// fractional or `.infinity`; 0 means once. Setting it with `repeatDuration` is refused by
    /// ``Animation/validate()`` (Apple: "the behavior is undefined").
    public var repeatCount: Double = 0
    /// How long, in local seconds, the object repeats for; 0 means not set.
    public var repeatDuration: Double = 0
    /// Whether each repeat plays forwards then backwards (a repeat is then twice the duration).
    public var autoreverses = false
    /// What the object shows outside its active interval.
    public var fillMode: FillMode = .removed

    /// Creates Core Animation's defaults: begins at 0, duration 0, speed 1, plays once, not filled.
    public init() {}

    /// The `repeatCount` Core Animation documents as "forever": `Float.greatestFiniteMagnitude`
    /// (what Objective-C code sets, as a `Float`) or more counts as infinite.
    static let foreverRepeatCount = Double(Float.greatestFiniteMagnitude)

    /// The simple duration as the timing model uses it: 0 when it is negative or NaN, so a bad
    /// value that reached here (unvalidated) cannot make NaN.
    var simpleDuration: Double { duration > 0 ? duration : 0 }

    /// One repeat in local time: the simple duration, twice over when it autoreverses.
    var cycleDuration: Double { autoreverses ? 2 * simpleDuration : simpleDuration }

    /// How long the object is active, in local time (before `speed` maps it to the parent's):
    /// one repeat by default, `repeatCount` repeats, or `repeatDuration`. Infinite for an
    /// infinite `repeatCount`; 0 when the duration is 0. When both repeat values are set (which
    /// validation refuses) the shorter wins, as SMIL defines it.
    public var activeDuration: Double {
        let cycle = cycleDuration
        guard cycle > 0, cycle.isFinite else { return 0 }
        var byCount: Double?
        if repeatCount > 0 {
            byCount = repeatCount >= Self.foreverRepeatCount ? .infinity : repeatCount * cycle
        }
        let byDuration: Double? = repeatDuration > 0 ? repeatDuration : nil
        switch (byCount, byDuration) {
        case let (count?, duration?): return Swift.min(count, duration)
        case let (count?, nil): return count
        case let (nil, duration?): return duration
        case (nil, nil): return cycle
        }
    }

    /// Whether `beginTime`, `speed`, `timeOffset` and `duration` are finite: the timing model
    /// answers "no effect" for anything else rather than compute with NaN.
    var hasFiniteBase: Bool {
        beginTime.isFinite && speed.isFinite && timeOffset.isFinite && duration.isFinite
    }
}
