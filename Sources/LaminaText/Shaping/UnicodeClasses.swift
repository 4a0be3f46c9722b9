import CHarfBuzz

/// The few Unicode facts layout needs, on UTF-16 code units and scalars, with fast paths for the
/// common (Latin) case so hot loops rarely reach Swift's property tables.
enum UnicodeClasses {
    /// Whether the code unit ends a paragraph or line by itself (LF, VT, FF, CR, NEL, U+2028,
    /// U+2029): what ICU reports as a mandatory break.
    @inline(__always)
    static func isHardBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Whether a code unit at the end of a line hangs past the edge (does not count against the
    /// width): spaces that break, tabs, and the hard-break characters themselves.
    @inline(__always)
    static func hangs(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x1680, 0x205F, 0x3000: true
        case 0x2000...0x200A: unit != 0x2007
        default: isHardBreak(unit)
        }
    }

    /// `units` with each unit made its ``shapingUnit(_:)``: the same array (shared, not copied)
    /// when none changes, as in most text.
    static func shapingUnits(of units: [UInt16]) -> [UInt16] {
        let changed = units.withUnsafeBufferPointer { units in
            var index = 0
            // Printable ASCII, the common case, stays as it is.
            while index < units.count && ((units[index] &- 0x20) < 0x5F || shapingUnit(units[index]) == units[index]) {
                index += 1
            }
            return index
        }
        guard changed < units.count else { return units }
        let first = changed
        var shaping = units
        for index in first..<shaping.count { shaping[index] = shapingUnit(shaping[index]) }
        return shaping
    }

    /// What the shaper sees instead of `unit`: controls, line separators and object replacement
    /// characters without an attachment become a zero-width space (invisible, no advance, never
    /// a .notdef box), a tab a space.
    @inline(__always)
    static func shapingUnit(_ unit: UInt16) -> UInt16 {
        if unit >= 0x20 && unit < 0x7F { return unit }
        if unit == 0x09 { return 0x20 }
        if unit < 0x20 || (unit >= 0x7F && unit < 0xA0) || unit == 0x2028 || unit == 0x2029 || unit == 0xFFFC {
            return 0x200B
        }
        return unit
    }

    /// The scalar starting at `offset` and its length in code units. A lone surrogate (never in a
    /// Swift `String`, but possible in raw units) reads as U+FFFD.
    @inline(__always)
    static func scalar(in units: UnsafeBufferPointer<UInt16>, at offset: Int, end: Int) -> (UInt32, Int) {
        let unit = units[offset]
        if unit < 0xD800 || unit > 0xDFFF { return (UInt32(unit), 1) }
        if unit <= 0xDBFF, offset + 1 < end {
            let low = units[offset + 1]
            if low >= 0xDC00 && low <= 0xDFFF {
                return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00), 2)
            }
        }
        return (0xFFFD, 1)
    }

    /// Whether `scalar` has emoji presentation by default (Emoji_Presentation): it goes to the
    /// colour emoji font first.
    @inline(__always)
    static func hasEmojiPresentation(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x231A, let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.isEmojiPresentation
    }

    /// Whether `scalar` may be shown as an emoji when U+FE0F asks for it (the Emoji property).
    @inline(__always)
    static func isEmoji(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x23 || scalar == 0x2A || (scalar >= 0x30 && scalar <= 0x39) }
        guard let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.isEmoji
    }

    /// Whether `scalar` continues the cluster before it rather than starting one: combining
    /// marks, variation selectors, joiners, emoji modifiers and tags.
    @inline(__always)
    static func extendsCluster(_ scalar: UInt32) -> Bool {
        if scalar < 0x300 { return false }
        switch scalar {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF, 0x20E3:
            return true
        default:
            // HarfBuzz's general category is a table lookup; Swift's searches a large table, a
            // cost every character of a non-Latin text paid.
            switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar) {
            case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
                 HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
                return true
            default:
                return false
            }
        }
    }

    /// Whether `scalar` is a regional indicator (two make a flag).
    @inline(__always)
    static func isRegionalIndicator(_ scalar: UInt32) -> Bool {
        scalar >= 0x1F1E6 && scalar <= 0x1F1FF
    }
}
