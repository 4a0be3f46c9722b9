import CHarfBuzz

/// Splits one attribute run into items of one face and one script, choosing the face per
/// cluster: the run's font when it has the character, the colour emoji font first for clusters
/// with emoji presentation (Emoji_Presentation, or U+FE0F), and otherwise the first installed
/// font of fontconfig's fallback order that has it. U+FE0E asks for a text glyph.
///
/// A cluster here is a base character with what extends it (marks, variation selectors,
/// joiners and what they join, modifiers, a flag's second half): the same face must draw all of
/// it, or ligatures and emoji sequences fall apart.
struct Itemizer {
    struct Item {
        var range: Range<Int>
        var face: FontFace?
        var script: hb_script_t
    }

    let font: Font
    /// `font.face`, read once: the face most clusters get.
    private let primary: FontFace?
    private var fallbackCache: [UInt32: FontFace] = [:]
    /// The colour emoji face, asked of the library (under its lock) once per itemizer.
    private var emojiFace: FontFace??
    private let unicodeFuncs = hb_unicode_funcs_get_default()

    init(font: Font) {
        self.font = font
        primary = font.face
    }

    /// The items of `range` in `units` (already sanitised for shaping).
    mutating func items(of range: Range<Int>, in units: UnsafeBufferPointer<UInt16>) -> [Item] {
        var items: [Item] = []
        var offset = range.lowerBound
        let end = range.upperBound
        var current = Item(range: offset..<offset, face: font.face, script: HB_SCRIPT_COMMON)
        while offset < end {
            let afterASCII = extendASCII(&current, from: offset, end: end, in: units)
            if afterASCII > offset {
                offset = afterASCII
                continue
            }
            let (base, baseLength) = UnicodeClasses.scalar(in: units, at: offset, end: end)
            var next = offset + baseLength
            var wantsEmoji = UnicodeClasses.hasEmojiPresentation(base)
            var wantsText = false
            var joined = false
            while next < end {
                let (scalar, length) = UnicodeClasses.scalar(in: units, at: next, end: end)
                let continues = joined || UnicodeClasses.extendsCluster(scalar)
                    || (UnicodeClasses.isRegionalIndicator(base) && UnicodeClasses.isRegionalIndicator(scalar)
                        && next == offset + baseLength)
                guard continues else { break }
                if scalar == 0xFE0F, UnicodeClasses.isEmoji(base) { wantsEmoji = true }
                if scalar == 0xFE0E { wantsText = true; wantsEmoji = false }
                joined = scalar == 0x200D
                next += length
            }
            let face = chooseFace(for: base, emoji: wantsEmoji, text: wantsText)
            let script = base < 0x80 ? (isASCIILetter(base) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)
                : hb_unicode_script(unicodeFuncs, base)
            let neutral = Self.isNeutral(script)
            if current.range.isEmpty {
                current = Item(range: offset..<next, face: face, script: script)
            } else if face === current.face && (neutral || script == current.script || current.isNeutral) {
                current.range = current.range.lowerBound..<next
                if current.isNeutral && !neutral { current.script = script }
            } else {
                items.append(current)
                current = Item(range: offset..<next, face: face, script: script)
            }
            offset = next
        }
        if !current.range.isEmpty { items.append(current) }
        return items
    }

    /// The common case in one loop: ASCII characters each alone in their cluster (the unit after
    /// cannot extend it), which the primary face covers, joining the current item. Exactly what
    /// the general path decides for each of them; returns where it stopped (`start` when it took
    /// nothing).
    @inline(__always)
    private func extendASCII(_ current: inout Item, from start: Int, end: Int,
                             in units: UnsafeBufferPointer<UInt16>) -> Int {
        guard !current.range.isEmpty, let primary, current.face === primary else { return start }
        var script = current.script
        var offset = start
        while offset < end {
            let unit = units[offset]
            guard unit < 0x80, offset + 1 == end || units[offset + 1] < 0x300, primary.coversASCII(unit) else { break }
            if isASCIILetter(UInt32(unit)) && script != HB_SCRIPT_LATIN {
                // A letter joins a neutral item (and makes it Latin), never another script's.
                guard Self.isNeutral(script) else { break }
                script = HB_SCRIPT_LATIN
            }
            offset += 1
        }
        if offset > start {
            current.range = current.range.lowerBound..<offset
            current.script = script
        }
        return offset
    }

    @inline(__always)
    private func isASCIILetter(_ scalar: UInt32) -> Bool {
        (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A)
    }

    private mutating func chooseFace(for scalar: UInt32, emoji: Bool, text: Bool) -> FontFace? {
        if emoji {
            if emojiFace == nil { emojiFace = .some(FontLibrary.shared.emojiFace) }
            if let face = emojiFace ?? nil, face.covers(scalar) { return face }
        }
        guard let primary else { return nil }
        if primary.covers(scalar) && !(text && primary.isColor) { return primary }
        // Invisible characters the font lacks (controls made zero-width spaces) stay in it.
        if scalar == 0x200B { return primary }
        let key = text ? scalar | 0x8000_0000 : scalar
        if let known = fallbackCache[key] { return known }
        let found = FontLibrary.shared.fallbackFace(for: scalar, primary: primary, descriptor: font.descriptor,
                                                    allowsColor: !text) ?? primary
        fallbackCache[key] = found
        return found
    }
}

extension Itemizer.Item {
    var isNeutral: Bool { Itemizer.isNeutral(script) }
}

extension Itemizer {
    /// Whether `script` takes the script of the text around it (common, inherited, unknown).
    @inline(__always)
    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }
}
