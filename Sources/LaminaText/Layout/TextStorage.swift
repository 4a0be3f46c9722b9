import Foundation
import LaminaGraphics

/// Attributed text flattened for layout: the UTF-16 code units, and runs of resolved attributes
/// over UTF-16 ranges. Every offset inside LaminaText is a UTF-16 offset, as ICU and HarfBuzz
/// count them.
///
/// A class, immutable: the shaped text and every glyph run of a layout share one, and a run
/// holds a reference to it and the index of its attribute run rather than a copy of the
/// attributes.
final class TextStorage: Sendable {
    struct Run: Sendable {
        var range: Range<Int>
        var attributes: TextRunAttributes
    }

    /// The text, as typed (hard breaks, controls and all).
    let units: [UInt16]
    /// Attribute runs covering `0..<units.count` in order, none empty.
    let runs: [Run]

    init(_ text: AttributedString, defaultFont: Font) {
        // Foundation's UTF-8, UTF-16 and character views walk the string's tree one index at a
        // time; `String(_: Slice<CharacterView>)` copies it chunk by chunk (the whole view,
        // `String(text.characters)`, picks the generic Character-by-Character initialiser).
        let string = String(text.characters[...])
        let units = Self.utf16(of: string)
        var runs: [Run] = []
        var offset = 0
        var runStart = text.startIndex
        let textEnd = text.endIndex
        // Runs are found with `index(afterRun:)` and read from their substrings, not through
        // `text.runs`: this toolchain's `Runs` builds a `RangeSet` through unspecialised generic
        // code, which cost more than the rest of the reading put together, most of all when a
        // label's drawing has just pushed Foundation out of the caches. The boundaries are the
        // same (TextStorageTests holds them to `text.runs`).
        while runStart < textEnd {
            let runEnd = text.index(afterRun: runStart)
            // The last run ends with the text; the others are measured from the previous run's
            // end (not from the start of the text, which would make many runs quadratic).
            let end = runEnd == textEnd ? units.count : offset + text.utf16.distance(from: runStart, to: runEnd)
            // One walk copies the run's attributes; the reads below look them up in that copy.
            let run = text[runStart..<runEnd].lamina
            runStart = runEnd
            guard end > offset else { continue }
            runs.append(Run(range: offset..<min(end, units.count),
                            attributes: Self.attributes(of: run, defaultFont: defaultFont, previous: runs.last)))
            offset = min(end, units.count)
        }
        self.units = units
        self.runs = runs
    }

    /// The resolved attributes of one attribute run: within a run every attribute is uniform, so
    /// the run's substring holds exactly the run's values.
    private static func attributes(of run: ScopedAttributeContainer<AttributeScopes.LaminaAttributes>,
                                   defaultFont: Font, previous: Run?) -> TextRunAttributes {
        let font = run.font
        var attributes = TextRunAttributes(font: font ?? defaultFont)
        if let color = run.foregroundColor { attributes.foregroundColor = color }
        attributes.backgroundColor = run.backgroundColor
        attributes.underline = run.underline
        attributes.strikethrough = run.strikethrough
        attributes.shadow = run.textShadow
        if let kern = run.kern, kern.isFinite { attributes.kern = kern }
        if let style = run.paragraphStyle { attributes.paragraphStyle = style }
        attributes.attachment = run.attachment
        attributes.highlight = run.highlight
        attributes.backgroundBorder = run.backgroundBorder
        attributes.blockBorder = run.blockBorder
        if let highlight = attributes.highlight, let color = highlight.color {
            attributes.foregroundColor = color
        }
        // An attachment without a font of its own aligns to the text before it.
        if attributes.attachment != nil, font == nil, let previous {
            attributes.font = previous.attributes.font
        }
        return attributes
    }

    /// Storage of `units` with one attribute run (or none, when empty).
    init(units: [UInt16], attributes: TextRunAttributes) {
        self.units = units
        runs = units.isEmpty ? [] : [Run(range: 0..<units.count, attributes: attributes)]
    }

    /// The UTF-16 code units of `string`, transcoded from its UTF-8 storage in one pass: ASCII
    /// byte for byte, the rest decoded in place (the standard library's `utf16` view builds
    /// index breadcrumbs first for non-ASCII text, which cost more than the transcoding).
    static func utf16(of string: String) -> [UInt16] {
        // `Array(unsafeUninitializedCapacity: 0)` writes its count into the one shared empty
        // array: two threads doing it at once race (Thread Sanitizer sees it).
        guard !string.isEmpty else { return [] }
        var string = string
        return string.withUTF8 { bytes in
            // Every scalar takes at least as many UTF-8 bytes as UTF-16 units.
            [UInt16](unsafeUninitializedCapacity: bytes.count) { units, initialized in
                var read = 0, written = 0
                while read < bytes.count {
                    let lead = UInt32(bytes[read])
                    if lead < 0x80 {
                        units[written] = UInt16(lead)
                        read += 1
                        written += 1
                        continue
                    }
                    // A String's UTF-8 is valid: the lead byte gives the length, continuation
                    // bytes follow.
                    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    var scalar = lead & (0x7F >> UInt32(length))
                    for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[read + offset] & 0x3F) }
                    read += length
                    if scalar < 0x10000 {
                        units[written] = UInt16(scalar)
                        written += 1
                    } else {
                        let supplementary = scalar - 0x10000
                        units[written] = UInt16(0xD800 + (supplementary >> 10))
                        units[written + 1] = UInt16(0xDC00 + (supplementary & 0x3FF))
                        written += 2
                    }
                }
                initialized = written
            }
        }
    }

    var count: Int { units.count }

    /// The index of the run containing `offset` (the last run for the end of the text).
    func runIndex(at offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    /// The attributes at `offset`, or nil for empty text.
    func attributes(at offset: Int) -> TextRunAttributes? {
        runs.isEmpty ? nil : runs[runIndex(at: offset)].attributes
    }

    /// The font at `offset`, or nil for empty text (without copying the other attributes).
    func font(at offset: Int) -> Font? {
        runs.isEmpty ? nil : runs[runIndex(at: offset)].attributes.font
    }

    /// The paragraph style at `offset` (the default for empty text).
    func paragraphStyle(at offset: Int) -> ParagraphStyle {
        runs.isEmpty ? .default : runs[runIndex(at: offset)].attributes.paragraphStyle
    }
}
