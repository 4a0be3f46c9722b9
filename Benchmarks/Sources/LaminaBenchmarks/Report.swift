import Foundation

/// Prints comparisons as a table: A = Lamina, B = its raw baseline, times in microseconds.
enum Report {
    static func printHeader(smoke: Bool) {
        let kind = smoke ? "smoke run (few rounds: numbers are rough)" : "full run"
        print("Lamina benchmarks — \(kind)")
        print("A = Lamina, B = the raw baseline in each summary (CFRunLoop, cairo, a full frame); same process, A and B interleaved; times in µs")
        print("")
    }

    /// The line printed as each benchmark finishes, so a long run shows progress.
    static func printProgress(_ comparison: Comparison) {
        print("  \(comparison.name): \(comparison.summary) [\(format(comparison.seconds, decimals: 1)) s]")
        for note in comparison.notes {
            print("    - \(note)")
        }
        // Piped output is block-buffered; show progress as it happens (NULL: every stream).
        fflush(nil)
    }

    static func printTable(_ comparisons: [Comparison]) {
        let columns = ["benchmark", "samples", "A median", "A p99", "B median", "B p99", "A/B median", "A/B p99"]
        var rows: [[String]] = []
        for comparison in comparisons {
            let a = comparison.lamina, b = comparison.baseline
            rows.append([
                comparison.name,
                "\(a.count)+\(b.count)",
                micro(a.median), micro(a.p99), micro(b.median), micro(b.p99),
                ratioText(a.median, b.median), ratioText(a.p99, b.p99),
            ])
        }
        let widths = columns.indices.map { index in
            ([columns[index]] + rows.map { $0[index] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                // The name is left-aligned; numbers are right-aligned.
                index == 0 ? pad(cells[index], to: widths[index]) : padLeft(cells[index], to: widths[index])
            }.joined(separator: "  ")
        }
        print("")
        print(line(columns))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        for row in rows {
            print(line(row))
        }
        print("")
        for comparison in comparisons {
            print("ratio \(comparison.name): \(ratioText(comparison.lamina.median, comparison.baseline.median))")
        }
    }

    private static func micro(_ nanoseconds: Double) -> String {
        nanoseconds > 0 ? format(nanoseconds / 1_000, decimals: 2) : "-"
    }

    private static func ratioText(_ a: Double, _ b: Double) -> String {
        ratio(a, b).map { format($0, decimals: 2) } ?? "-"
    }

    static func format(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 0))
    }

    private static func padLeft(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }
}
