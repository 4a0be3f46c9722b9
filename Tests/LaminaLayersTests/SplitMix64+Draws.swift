import LaminaTesting

/// The layer tests' seeded generator: ``SplitMix64``, with the draws the random histories use.
typealias SplitMix = SplitMix64

extension SplitMix64 {
    /// A number in 0..<bound.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`, in steps of `step` (so values stay readable in a replay log).
    mutating func next(in range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        return range.lowerBound + Double(next(below: steps + 1)) * step
    }

    /// True with probability `chance`.
    mutating func chance(_ chance: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < chance
    }
}
