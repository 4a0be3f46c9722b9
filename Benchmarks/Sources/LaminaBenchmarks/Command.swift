import Foundation

/// The command line: `LaminaBenchmarks [--smoke] [--filter NAME] [--list]`.
struct Command {
    var smoke = false
    var filter: String?
    var listOnly = false

    static let usage = """
        usage: LaminaBenchmarks [--smoke] [--filter NAME] [--list]
          --smoke        a few rounds of every benchmark (seconds; for CI)
          --filter NAME  only the benchmarks whose name contains NAME
          --list         print the benchmarks' names and what they measure
        """

    /// Parses `arguments` (without the program name); prints usage and exits on a bad one.
    init(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--smoke":
                smoke = true
            case "--filter":
                guard let name = remaining.popFirst() else { Command.fail("--filter needs a name") }
                filter = name
            case "--list":
                listOnly = true
            case "--help", "-h":
                print(Command.usage)
                exit(0)
            default:
                Command.fail("unknown argument '\(argument)'")
            }
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("LaminaBenchmarks: \(message)\n\(usage)\n".utf8))
        exit(2)
    }

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
        ] + CompositeFrameOverlays.all() + TextLabelBenchmark.all() + X11Present.all()
    }

    /// Runs the selected benchmarks and prints the table; returns the process's exit status.
    func run() -> Int32 {
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
