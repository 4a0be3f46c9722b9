/// Median and tail of one variant's samples (nanoseconds).
struct Summary {
    let count: Int
    let median: Double
    let p99: Double
    let minimum: Double

    /// Summarises `samples`; an empty set gives zeros (the report shows a dash for it).
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = 0; p99 = 0; minimum = 0
            return
        }
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        p99 = Summary.percentile(0.99, ofSorted: sorted)
        minimum = sorted[0]
    }

    /// Nearest-rank percentile: the smallest sample with at least `fraction` of all samples at
    /// or below it.
    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// A/B, or nil when B is zero (nothing measured).
func ratio(_ a: Double, _ b: Double) -> Double? {
    b > 0 ? a / b : nil
}
