import CLaminaShims

/// The embedding levels of a text (the Unicode Bidirectional Algorithm, UAX #9, through ICU's
/// `ubidi`): per UTF-16 unit its level — even for left-to-right, odd for right-to-left — and the
/// level of the paragraph it is in. Each paragraph (text up to and including a hard break) is
/// resolved on its own, in the direction its ``ParagraphStyle/baseWritingDirection`` asks for.
///
/// ``resolve(_:)`` returns nil when every level is 0: no paragraph asks for right to left and no
/// unit can be right-to-left. Such text — most text — pays for one scan of its units and nothing
/// else: it is shaped and laid out exactly as before bidi existed.
struct BidiLevels: Sendable {
    /// The level of each unit.
    let levels: [UInt8]
    /// The level (0 or 1) of each unit's paragraph.
    let paragraphLevels: [UInt8]

    /// The levels of `storage`'s text, or nil when they are all 0.
    static func resolve(_ storage: TextStorage) -> BidiLevels? {
        let units = storage.units
        let asksRightToLeft = storage.runs.contains { $0.attributes.paragraphStyle.baseWritingDirection == .rightToLeft }
        guard asksRightToLeft || units.contains(where: Self.mayBeRightToLeft) else { return nil }
        var levels = [UInt8](repeating: 0, count: units.count)
        var paragraphLevels = [UInt8](repeating: 0, count: units.count)
        // Each paragraph's levels are written in place, into its slice of `levels`.
        units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { levels in
                paragraphLevels.withUnsafeMutableBufferPointer { paragraphLevels in
                    var start = 0
                    while start < text.count {
                        let end = Self.paragraphEnd(in: text, from: start)
                        let direction = storage.paragraphStyle(at: start).baseWritingDirection
                        let resolved = resolveParagraph(UnsafeBufferPointer(rebasing: text[start..<end]),
                                                        direction: direction,
                                                        into: UnsafeMutableBufferPointer(rebasing: levels[start..<end]))
                        // ICU failing (memory) leaves the paragraph in its base direction alone.
                        let baseLevel: UInt8 = direction == .rightToLeft ? 1 : 0
                        if resolved == nil { levels[start..<end].update(repeating: baseLevel) }
                        paragraphLevels[start..<end].update(repeating: resolved ?? baseLevel)
                        start = end
                    }
                }
            }
        }
        return BidiLevels(levels: levels, paragraphLevels: paragraphLevels)
    }

    /// Writes the levels of one paragraph's units in `direction` into `levels` (as many as
    /// `units`) and returns the paragraph's level (0 or 1); nil when ICU fails.
    static func resolveParagraph(_ units: UnsafeBufferPointer<UInt16>, direction: WritingDirection,
                                 into levels: UnsafeMutableBufferPointer<UInt8>) -> UInt8? {
        var paragraphLevel: UInt8 = 0
        let status = lamina_bidi_resolve(units.baseAddress, Int32(units.count), direction.icuLevel,
                                         levels.baseAddress, &paragraphLevel)
        return status == LAMINA_BIDI_OK ? paragraphLevel : nil
    }

    /// UAX #9 rule L2: the order, left to right, in which items with `levels` are shown —
    /// `order[v]` is the index of the item shown v-th. Nil for a level above 126.
    static func visualOrder(of levels: [UInt8]) -> [Int]? {
        var order = [Int32](repeating: 0, count: levels.count)
        guard lamina_bidi_reorder(levels, Int32(levels.count), &order) == LAMINA_BIDI_OK else { return nil }
        return order.map(Int.init)
    }

    /// Whether a unit can start or be a right-to-left character or a directional control: the
    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic blocks and their extensions, the
    /// presentation forms, the marks and embedding controls, and the high surrogates of the
    /// right-to-left scripts of the supplementary planes (U+10800–10FFF, U+1E800–1EFFF).
    @inline(__always)
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        guard unit >= 0x0590 else { return false }
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
             0xD802...0xD803, 0xD83A...0xD83B:
            return true
        default:
            return false
        }
    }

    /// The end of the paragraph starting at `start`: after its paragraph separator (LF, CR or
    /// CR LF, NEL, U+2029, the information separators U+001C–001E), or the end of the text.
    private static func paragraphEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
        var index = start
        while index < text.count {
            let unit = text[index]
            index += 1
            switch unit {
            case 0x0D:
                if index < text.count && text[index] == 0x0A { index += 1 }
                return index
            case 0x0A, 0x1C...0x1E, 0x85, 0x2029:
                return index
            default:
                continue
            }
        }
        return index
    }
}

/// The direction of a paragraph: which side its lines start from.
public enum WritingDirection: Sendable, Hashable, CaseIterable {
    /// From its first strong character (UAX #9 rules P2–P3): right to left when that is Hebrew,
    /// Arabic or another right-to-left script, left to right otherwise and when there is none
    /// (`NSWritingDirection.natural`).
    case natural
    /// Left to right, whatever the text.
    case leftToRight
    /// Right to left, whatever the text.
    case rightToLeft

    /// The paragraph level ICU is asked for.
    var icuLevel: UInt8 {
        switch self {
        case .natural: UInt8(LAMINA_BIDI_NATURAL)
        case .leftToRight: UInt8(LAMINA_BIDI_LEFT_TO_RIGHT)
        case .rightToLeft: UInt8(LAMINA_BIDI_RIGHT_TO_LEFT)
        }
    }
}
