/// The two sides of every comparison.
enum Variant: CaseIterable, CustomStringConvertible {
    /// A: Lamina's `EventLoop`.
    case lamina
    /// B: the raw baseline, CFRunLoop (swift-corelibs-foundation's CoreFoundation).
    case baseline

    var description: String {
        switch self {
        case .lamina: "Lamina"
        case .baseline: "CFRunLoop"
        }
    }
}

/// How many rounds a benchmark runs, and how many samples of each variant one round takes.
struct Plan {
    /// Rounds run first and thrown away: caches, page faults, lazily created loops and modes.
    let warmUpRounds: Int
    let measuredRounds: Int
    let samplesPerRound: Int
}

/// One A/B comparison. The harness calls ``setUp()`` once, then ``measure(_:samples:)`` for A and
/// B in alternation, then ``tearDown()`` — all on the main thread.
protocol Benchmark: AnyObject {
    /// The name printed in the table and matched by `--filter`.
    var name: String { get }
    /// One line saying what a sample is.
    var summary: String { get }
    /// The plan for a full run, or for `--smoke` (a few rounds, for CI).
    func plan(smoke: Bool) -> Plan
    func setUp()
    /// Takes `samples` samples of `variant`, each a duration in nanoseconds.
    func measure(_ variant: Variant, samples: Int) -> [Double]
    func tearDown()
    /// Observations gathered while measuring (behaviour checks, conditions that were not met).
    var notes: [String] { get }
}

/// The outcome of one benchmark.
struct Comparison {
    let name: String
    let summary: String
    let lamina: Summary
    let baseline: Summary
    let notes: [String]
    let seconds: Double
}

/// Lamina's own small harness: A and B measured in the same process, interleaved round by round.
///
/// Cross-thread latency on shared VMs drifts and is bimodal, so the two variants are never timed
/// in separate runs: each round takes a batch of A and a batch of B back to back, and the order
/// alternates (A B, then B A, …) so that whatever the first batch of a round pays (a cold cache,
/// a CPU waking up) is paid by both equally. Warm-up rounds are discarded.
enum Harness {
    static func run(_ benchmark: Benchmark, smoke: Bool) -> Comparison {
        let plan = benchmark.plan(smoke: smoke)
        let start = MonotonicClock.now()
        benchmark.setUp()
        var samples: [Variant: [Double]] = [.lamina: [], .baseline: []]
        for round in 0..<(plan.warmUpRounds + plan.measuredRounds) {
            let order: [Variant] = round.isMultiple(of: 2) ? [.lamina, .baseline] : [.baseline, .lamina]
            for variant in order {
                let taken = benchmark.measure(variant, samples: plan.samplesPerRound)
                if round >= plan.warmUpRounds {
                    samples[variant, default: []].append(contentsOf: taken)
                }
            }
        }
        benchmark.tearDown()
        return Comparison(
            name: benchmark.name,
            summary: benchmark.summary,
            lamina: Summary(samples[.lamina] ?? []),
            baseline: Summary(samples[.baseline] ?? []),
            notes: benchmark.notes,
            seconds: MonotonicClock.elapsed(from: start, to: MonotonicClock.now()) / 1e9
        )
    }
}
