extension TimingParameters {
    /// Checks the values as ``Animation/validate()`` does for every animation.
    ///
    /// - Throws: ``AnimationError/nonFiniteTiming(property:value:)`` for a NaN or infinite
    ///   `beginTime`, `duration`, `speed`, `timeOffset` or `repeatDuration`, or a NaN
    ///   `repeatCount` (which may be infinite: repeat for ever);
    ///   ``AnimationError/negativeTiming(property:value:)`` for a negative `duration`,
    ///   `repeatCount` or `repeatDuration`; ``AnimationError/conflictingRepeat(repeatCount:repeatDuration:)``
    ///   when both repeat values are set.
    public func validate() throws(AnimationError) {
        // The common case, checked without building the lists that name the culprit.
        if beginTime.isFinite, duration.isFinite, speed.isFinite, timeOffset.isFinite, repeatDuration.isFinite,
           !repeatCount.isNaN, duration >= 0, repeatCount >= 0, repeatDuration >= 0,
           repeatCount <= 0 || repeatDuration <= 0 {
            return
        }
        let finite: [(String, Double)] = [
            ("beginTime", beginTime), ("duration", duration), ("speed", speed),
            ("timeOffset", timeOffset), ("repeatDuration", repeatDuration),
        ]
        for (property, value) in finite where !value.isFinite {
            throw .nonFiniteTiming(property: property, value: value)
        }
        if repeatCount.isNaN { throw .nonFiniteTiming(property: "repeatCount", value: repeatCount) }
        for (property, value) in [("duration", duration), ("repeatCount", repeatCount), ("repeatDuration", repeatDuration)]
        where value < 0 {
            throw .negativeTiming(property: property, value: value)
        }
        if repeatCount > 0, repeatDuration > 0 {
            throw .conflictingRepeat(repeatCount: repeatCount, repeatDuration: repeatDuration)
        }
    }
}
