/// A reference paragraph on which another engine's line starts differ from Pango's, both
/// normalised with ``PangoOracle/hangingTrailingWhitespace(_:in:)``.
public struct LineStartDisagreement: Sendable, Equatable, CustomStringConvertible {
    /// The paragraph.
    public let paragraph: ReferenceParagraph
    /// Pango's normalised line starts (UTF-16 offsets).
    public let pango: [Int]
    /// The other engine's normalised line starts (UTF-16 offsets).
    public let other: [Int]

    /// The paragraph's name and both engines' lines as quoted text, so that a failure message
    /// shows where the two break differently.
    public var description: String {
        "\(paragraph)\n  Pango: \(lines(pango))\n  other: \(lines(other))"
    }

    private func lines(_ starts: [Int]) -> String {
        let units = Array(paragraph.text.utf16)
        let valid = starts.filter { $0 >= 0 && $0 <= units.count }
        guard valid == starts else { return "\(starts) (offsets outside the text)" }
        let ends = starts.dropFirst() + [units.count]
        return zip(starts, ends).map { start, end in
            start <= end ? String(decoding: units[start..<end], as: UTF16.self).debugDescription : "<\(start)>"
        }.joined(separator: " | ")
    }
}

extension ReferenceCorpus {
    /// Compares another engine's line starts with Pango's on every reference paragraph.
    ///
    /// - Parameter lineStarts: the other engine's line starts for a paragraph, as UTF-16 offsets
    ///   into its text (the first 0), laid out in its font family at its pixel size and width.
    ///   Both lists are normalised with ``PangoOracle/hangingTrailingWhitespace(_:in:)`` before
    ///   they are compared.
    /// - Returns: the paragraphs where the normalised starts differ, in corpus order.
    public static func disagreements(with lineStarts: (ReferenceParagraph) -> [Int]) -> [LineStartDisagreement] {
        paragraphs.compactMap { paragraph in
            let pango = paragraph.normalizedPangoLineStarts()
            let raw = lineStarts(paragraph)
            // Starts outside the text or out of order are a disagreement as they are.
            let ordered = zip(raw, raw.dropFirst()).allSatisfy { $0 <= $1 }
            let inside = raw.allSatisfy { $0 >= 0 && $0 <= paragraph.text.utf16.count }
            let other = ordered && inside ? PangoOracle.hangingTrailingWhitespace(raw, in: paragraph.text) : raw
            return other == pango ? nil : LineStartDisagreement(paragraph: paragraph, pango: pango, other: other)
        }
    }
}
