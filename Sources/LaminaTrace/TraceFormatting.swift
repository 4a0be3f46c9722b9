/// Small text helpers shared by the text timeline and the Chrome export; no Foundation.
enum TraceFormatting {
    /// `nanoseconds` as milliseconds with three decimals (microsecond precision, rounded):
    /// 1_234_567 → "1.235".
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let microseconds = nanoseconds / 1_000 + (nanoseconds % 1_000 >= 500 ? 1 : 0)
        return "\(microseconds / 1_000).\(threeDigits(microseconds % 1_000))"
    }

    /// `nanoseconds` as microseconds with three decimals, exactly: 1_234_567 → "1234.567".
    static func microseconds(_ nanoseconds: UInt64) -> String {
        "\(nanoseconds / 1_000).\(threeDigits(nanoseconds % 1_000))"
    }

    /// A number below 1000 with leading zeros to three digits: 7 → "007".
    static func threeDigits(_ value: UInt64) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }

    /// `text` followed by spaces up to `width` characters.
    static func padRight(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// Spaces up to `width` characters, then `text`.
    static func padLeft(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : String(repeating: " ", count: width - count) + text
    }

    /// `key=value` pairs sorted by key, values quoted when they are empty or contain a space,
    /// a quote or an equals sign, so the line stays unambiguous.
    static func arguments(_ arguments: [String: String]) -> String {
        arguments.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(quotedIfNeeded($0.value))" }
            .joined(separator: " ")
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }
        guard needsQuotes else { return value }
        var quoted = "\""
        for character in value {
            switch character {
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
