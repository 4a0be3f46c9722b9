extension TimingParameters {
    /// Where an object with these parameters is at `parentTime`, its parent's local time; nil
    /// when it has no effect then (outside its active interval, with no fill that holds).
    ///
    /// The active interval is `beginTime ..< activeEndInParentTime`, whatever `timeOffset` is:
    /// an offset moves the object's start point and wraps around past the end, so it still
    /// plays for its whole active duration (as Core Animation plays an offset animation: it
    /// "loops around and then starts playing from the beginning"). Inside, local time
    /// `(parentTime - beginTime) × speed + timeOffset` is folded into the active duration, then
    /// into repeats and autoreversal.
    ///
    /// Held states are the limits from inside the interval: a backwards fill holds what the
    /// object shows as it starts, a forwards fill what it shows as it ends (the end of the last
    /// repeat, or part-way through it for a fractional count; with `timeOffset` the wrapped
    /// point). A zero duration makes an object that ends as it begins: from `beginTime` on it
    /// is after its end.
    ///
    /// NaN times or parameters give nil; huge ones are clamped so no NaN comes out.
    public func activeTime(atParentTime parentTime: Double) -> ActiveTime? {
        guard hasFiniteBase, !parentTime.isNaN else { return nil }
        let active = activeDuration
        if parentTime < beginTime {
            guard fillMode.holdsBefore else { return nil }
            return position(atLocalTime: timeOffset, approachingFromBelow: speed < 0, phase: .before)
        }
        let end = activeEndInParentTime
        // An interval that never ends is not over even at an infinite time.
        if parentTime >= end, end < .infinity {
            guard fillMode.holdsAfter else { return nil }
            return endPosition(activeDuration: active)
        }
        let elapsed = Swift.min(parentTime - beginTime, .greatestFiniteMagnitude)
        let local = clampedToFinite(elapsed * speed + timeOffset)
        return position(atLocalTime: local, approachingFromBelow: speed < 0, phase: .active)
    }

    /// The parent time at which the active interval ends: `beginTime` plus the active duration
    /// over `|speed|`. Infinite when it never ends (an infinite repeat count, or speed 0, which
    /// holds local time at `timeOffset` for ever); equal to `beginTime` for a zero duration;
    /// `-infinity` (already over) for parameters that are not finite.
    public var activeEndInParentTime: Double {
        guard hasFiniteBase else { return -.infinity }
        let active = activeDuration
        guard active > 0 else { return beginTime }
        guard speed != 0, active.isFinite else { return .infinity }
        return beginTime + active / abs(speed)
    }

    /// A layer's local time from its parent's, as Core Animation maps time for layers.
    ///
    /// With a duration of 0 (every layer's default) the timeline never ends and never wraps:
    /// `(parentTime - beginTime) × speed + timeOffset`. With a duration set, the same folding as
    /// for animations, returned as seconds into the simple duration; a layer's timeline does
    /// not disappear outside its active interval, so it is held there as with a `.both` fill
    /// whatever `fillMode` says. Parameters that are not finite give `timeOffset` (or 0).
    public func layerLocalTime(fromParentTime parentTime: Double) -> Double {
        let fallback = timeOffset.isFinite ? timeOffset : 0
        guard hasFiniteBase, parentTime.isFinite else { return fallback }
        guard simpleDuration > 0 else {
            return clampedToFinite((parentTime - beginTime) * speed + timeOffset)
        }
        var held = self
        held.fillMode = .both
        guard let position = held.activeTime(atParentTime: parentTime) else { return fallback }
        return position.fraction * simpleDuration
    }

    /// The state a forwards fill holds: the limit of the position as local time reaches the end
    /// of the active duration from inside.
    private func endPosition(activeDuration active: Double) -> ActiveTime {
        guard active > 0 else {
            // Zero length: the object is over as it starts. Playing forwards it ended at its
            // end; playing backwards, at its start.
            let fraction: Double = speed < 0 || autoreverses ? 0 : 1
            return ActiveTime(phase: .after, iteration: 0, fraction: fraction)
        }
        let end = clampedToFinite((speed < 0 ? -active : active) + timeOffset)
        return position(atLocalTime: end, approachingFromBelow: speed > 0, phase: .after)
    }

    /// Folds local time into the active duration, a repeat and a fraction of the simple
    /// duration. `approachingFromBelow` says which side a boundary belongs to: a point where
    /// one repeat ends and the next starts is the end of the earlier one when local time is
    /// reaching it from below (playing backwards, or the end of a forward play), the start of
    /// the next one otherwise.
    private func position(atLocalTime local: Double, approachingFromBelow: Bool, phase: ActiveTime.Phase) -> ActiveTime {
        let cycle = cycleDuration
        guard cycle > 0 else {
            let fraction: Double = approachingFromBelow && !autoreverses ? 1 : 0
            return ActiveTime(phase: phase, iteration: 0, fraction: fraction)
        }
        let active = activeDuration
        // Local time outside the active duration (an offset, or a negative speed) wraps around
        // it; an infinite active duration only wraps times before its start, into one repeat.
        let modulus = active.isFinite ? active : cycle
        var place = local
        if active.isFinite || local < 0 {
            place = Self.wrap(local, modulus: modulus, approachingFromBelow: approachingFromBelow)
        }
        var iteration = (place / cycle).rounded(.down)
        var inCycle = place - iteration * cycle
        if approachingFromBelow, inCycle <= 0, place > 0 {
            iteration -= 1
            inCycle = cycle
        }
        inCycle = Swift.min(Swift.max(inCycle, 0), cycle)
        let duration = simpleDuration
        let forward = inCycle <= duration ? inCycle : 2 * duration - inCycle
        let fraction = Swift.min(Swift.max(forward / duration, 0), 1)
        return ActiveTime(phase: phase, iteration: Self.clampedInt(iteration), fraction: fraction)
    }

    /// `value` modulo `modulus` in `0 ..< modulus`, or in `0 < x ≤ modulus` when approaching from
    /// below (so that exactly one modulus from the start is the end, not a new start).
    private static func wrap(_ value: Double, modulus: Double, approachingFromBelow: Bool) -> Double {
        var remainder = value.truncatingRemainder(dividingBy: modulus)
        if remainder < 0 { remainder += modulus }
        if remainder >= modulus { remainder = 0 }
        remainder += 0  // -0 becomes +0
        if approachingFromBelow, remainder == 0 { return modulus }
        return remainder
    }

    /// A repeat index as an `Int`, saturating for the huge counts of very late times.
    private static func clampedInt(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        return value < 9.0e18 ? Int(value) : Int.max
    }
}

/// `value` with infinities replaced by the largest finite magnitudes, for times that overflowed.
func clampedToFinite(_ value: Double) -> Double {
    Swift.min(Swift.max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
}
