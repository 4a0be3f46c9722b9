/// Finds where a keyframe animation's progress falls among its key times.
enum KeyframeTimeline {
    /// Key times spread evenly from 0 to 1 over `count` keyframes (a lone keyframe sits at 0).
    static func evenKeyTimes(count: Int) -> [Double] {
        count > 1 ? (0..<count).map { Double($0) / Double(count - 1) } : [0]
    }

    /// Key times proportional to the running total of `lengths` (one a segment); nil when the
    /// total is 0 or not finite, where every keyframe is in the same place.
    static func pacedKeyTimes(lengths: [Double]) -> [Double]? {
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        var running = 0.0
        return [0] + lengths.map { length in
            running += length
            return Swift.min(running / total, 1)
        }
    }

    /// The segment `fraction` falls in and how far through it, for key times that do not
    /// decrease (at least two of them).
    ///
    /// Before the first key time or after the last, the end keyframe holds — except that
    /// progress below 0 or above 1 (an overshooting timing function) extends the end segment
    /// when the key times reach 0 and 1, so the value keeps moving as a basic animation's would.
    /// At a key time shared by two keyframes (a jump) the later one wins.
    static func segment(at fraction: Double, keyTimes times: [Double]) -> (index: Int, progress: Double) {
        let last = times.count - 1
        func progress(_ index: Int) -> Double {
            let span = times[index + 1] - times[index]
            return span > 0 ? (fraction - times[index]) / span : 1
        }
        if fraction <= times[0] {
            return fraction < 0 && times[0] == 0 && times[1] > 0 ? (0, progress(0)) : (0, 0)
        }
        if fraction >= times[last] {
            return fraction > 1 && times[last] == 1 && times[last - 1] < 1 ? (last - 1, progress(last - 1)) : (last - 1, 1)
        }
        // The last key time at or before the fraction.
        var (low, high) = (0, last)
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= fraction { low = middle } else { high = middle }
        }
        return (low, progress(low))
    }

    /// The keyframe shown at `fraction` by a discrete animation: the last whose key time is at
    /// or before it (the first before any). `keyTimes` may have one entry more than there are
    /// keyframes, the end of the last one.
    static func discreteIndex(at fraction: Double, keyTimes times: [Double], count: Int) -> Int {
        var index = 0
        for (candidate, time) in times.prefix(count).enumerated() where time <= fraction {
            index = candidate
        }
        return index
    }

    /// Discrete key times when none are given: `count` keyframes share the duration equally.
    static func discreteKeyTimes(count: Int) -> [Double] {
        (0..<count).map { Double($0) / Double(count) }
    }
}
