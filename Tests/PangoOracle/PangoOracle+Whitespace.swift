extension PangoOracle {
    /// Moves breakable whitespace found at the start of a wrapped line onto the line before it,
    /// as Lamina does (trailing spaces hang), so that two engines' line starts can be compared.
    ///
    /// Pango keeps one trailing space on a wrapped line but can put further spaces, or at the
    /// narrowest widths a single space, on a line of their own; Lamina hangs all of them on the
    /// line they end. So each start that does not follow a hard break is moved forward past
    /// breakable whitespace; a line that was nothing but such whitespace (it reaches a hard break
    /// or the end of the text) disappears into the line before; starts that meet are merged.
    /// Starts right after a hard break, and the first start, never move: a paragraph's leading
    /// spaces are its own.
    ///
    /// Breakable whitespace is what UAX #14 lets a line break after and a renderer may hang:
    /// U+0020, U+0009, U+1680, U+2000–U+2006, U+2008–U+200A, U+205F, U+3000 and U+200B (zero
    /// width space). The no-break spaces U+00A0, U+2007 and U+202F are not: they glue.
    /// Hard breaks are LF, VT, FF, CR, U+0085, U+2028 and U+2029.
    ///
    /// Apply it to both engines' starts: on starts that already hang whitespace it changes
    /// nothing.
    ///
    /// - Parameters:
    ///   - starts: increasing UTF-16 offsets into `text`, each at most `text.utf16.count`.
    ///   - text: the text the starts index.
    /// - Returns: increasing UTF-16 offsets.
    public static func hangingTrailingWhitespace(_ starts: [Int], in text: String) -> [Int] {
        let units = Array(text.utf16)
        var result: [Int] = []
        for start in starts {
            precondition(start >= 0 && start <= units.count, "PangoOracle: a line start outside the text")
            var moved = start
            if moved > 0 && !isHardBreak(units[moved - 1]) {
                while moved < units.count && isBreakableWhitespace(units[moved]) {
                    moved += 1
                }
                // A line of whitespace only: it hangs on the line before.
                if moved > start && (moved == units.count || isHardBreak(units[moved])) { continue }
            }
            if let last = result.last, last >= moved { continue }
            result.append(moved)
        }
        return result
    }

    /// Whether a line may break after `unit` and a renderer may hang it past the line's end.
    public static func isBreakableWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0020, 0x0009, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x200B:
            true
        default:
            false
        }
    }

    /// Whether `unit` forces a line break after it (UAX #14 classes BK, CR, LF, NL).
    public static func isHardBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x000A, 0x000B, 0x000C, 0x000D, 0x0085, 0x2028, 0x2029:
            true
        default:
            false
        }
    }
}
