/// What one interpretation of a scenario recorded: loop-independent lines such as
/// "observer o1 beforeWaiting", "source s1", "timer t1", "block b1", "main-queue q1",
/// "run m1 -> timedOut". Items and modes appear under the scenario's names (a mode's fresh real
/// name never shows), and what happens inside a nested run is indented by two spaces a level.
struct NormalizedTrace: Equatable, Sendable {
    var lines: [String] = []
    /// Indices (into `Scenario.triggers`) of the triggers that fired.
    var firedTriggers: Set<Int> = []
    /// What went wrong outside the trace itself (a helper thread that gave up, main-queue work
    /// left over); not part of the comparison, reported on its own.
    var problems: [String] = []

    static func == (lhs: NormalizedTrace, rhs: NormalizedTrace) -> Bool {
        lhs.lines == rhs.lines
    }

    /// Whether a line equals `line` once its indentation is removed.
    func shows(_ line: String) -> Bool {
        lines.contains { $0.drop { $0 == " " } == line }
    }

    /// Both traces side by side, aligned on their longest common subsequence: a line only one
    /// loop recorded faces "—" and is marked `*`. What a failing differential test prints.
    static func sideBySide(
        _ reference: NormalizedTrace, _ other: NormalizedTrace, referenceName: String, otherName: String
    ) -> String {
        let rows = aligned(reference.lines, other.lines)
        let width = max(36, (reference.lines.map(\.count).max() ?? 0) + 2)
        var text = "      " + pad(referenceName, width) + otherName + "\n"
        for (left, right) in rows {
            let marker = left == right ? " " : "*"
            text += "   \(marker)  " + pad(left ?? "—", width) + (right ?? "—") + "\n"
        }
        return text
    }

    /// Pairs of lines: equal lines side by side, the others against nil.
    private static func aligned(_ a: [String], _ b: [String]) -> [(String?, String?)] {
        // common[i][j]: length of the longest common subsequence of a[i...] and b[j...].
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var rows: [(String?, String?)] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                rows.append((a[i], b[j]))
                (i, j) = (i + 1, j + 1)
            } else if j == b.count || (i < a.count && common[i + 1][j] >= common[i][j + 1]) {
                rows.append((a[i], nil))
                i += 1
            } else {
                rows.append((nil, b[j]))
                j += 1
            }
        }
        return rows
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
