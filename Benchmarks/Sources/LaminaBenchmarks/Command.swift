import ArgumentParser
import Foundation

/// The command line: `LaminaBenchmarks [--smoke] [--filter NAME] [--list]`, read by
/// swift-argument-parser (`--help`, errors followed by the usage,
/// `--generate-completion-script bash|zsh|fish`).
struct Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "LaminaBenchmarks",
        abstract: "Lamina's benchmarks, each against its raw baseline in the same process, interleaved."
    )

    @Flag(help: "A few rounds of every benchmark (seconds; for CI).")
    var smoke = false

    @Option(help: ArgumentHelp("Only the benchmarks whose name contains NAME.", valueName: "name"))
    var filter: String?

    @Flag(name: .customLong("list"), help: "Print the benchmarks' names and what they measure.")
    var listOnly = false

    /// Every benchmark, in the order they run.
    static func allBenchmarks() -> [Benchmark] {
        [
            WakeLatency(name: "wake-latency", settleMicroseconds: 50),
            WakeLatency(name: "wake-latency-idle", settleMicroseconds: 1_000),
            ObserverIteration(),
            SleepWakeIteration(),
            DecodeBenchmark(.png),
            DecodeBenchmark(.jpeg),
            CompositeFrame(),
            PartialFrame(),
            PartialFrame(shadowed: true),
            CommitCost(),
            CommitVersusComposite(),
            AnimationFrame(),
            AnimationMainThread(),
            AsyncMainThread(),
            PoolScaling(),
            ImageFetchBenchmark(),
            ImageLoaderDecodeBenchmark(),
            ImageAssignBenchmark(),
            FeedScrollBenchmark(),
            TextEditBenchmark(),
        ] + CompositeFrameOverlays.all() + TextLabelBenchmark.all() + X11Present.all() + X11Scroll.all()
    }

    /// Runs the selected benchmarks and prints the table; returns the process's exit status.
    func runSelected() -> Int32 {
        let selected = Command.allBenchmarks().filter { benchmark in
            filter.map { benchmark.name.contains($0) } ?? true
        }
        guard !selected.isEmpty else {
            let names = Command.allBenchmarks().map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("LaminaBenchmarks: no benchmark matches '\(filter ?? "")' (have: \(names))\n".utf8))
            return 2
        }
        if listOnly {
            for benchmark in selected {
                print("\(benchmark.name): \(benchmark.summary)")
            }
            return 0
        }
        Report.printHeader(smoke: smoke)
        var comparisons: [Comparison] = []
        for benchmark in selected {
            let comparison = Harness.run(benchmark, smoke: smoke)
            Report.printProgress(comparison)
            comparisons.append(comparison)
        }
        Report.printTable(comparisons)
        return 0
    }
}
