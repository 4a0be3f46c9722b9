import CPangoOracle

/// One glyph as Pango placed it (``PangoOracle/glyphs(text:fontFamily:pixelSize:width:direction:)``).
public struct PangoGlyph: Sendable, Hashable {
    /// The line, from 0.
    public let line: Int
    /// The glyph id in the face Pango chose.
    public let glyph: UInt32
    /// Its x in pixels from its line's left edge (HarfBuzz's offset included).
    public let x: Double
    /// The UTF-16 offset of the text it draws (its cluster's start).
    public let offset: Int
    /// The bidi embedding level of its run (odd: right to left).
    public let level: Int
}

extension PangoOracle {
    /// A paragraph direction for Pango: from the first strong character, or forced.
    public enum Direction: Int32, Sendable {
        case natural = 0, leftToRight = 1, rightToLeft = 2
    }

    /// Every glyph Pango draws for `text`, line by line and on each line left to right — its
    /// visual order, after bidi reordering (Pango's bidi is FriBidi, independent of the ICU
    /// Lamina uses). Same settings and parameters as ``lineStarts(text:fontFamily:pixelSize:width:)``.
    public static func glyphs(text: String, fontFamily: String, pixelSize: Double, width: Double,
                              direction: Direction = .natural) -> [PangoGlyph] {
        precondition(pixelSize.isFinite && pixelSize > 0, "PangoOracle: the pixel size must be finite and positive")
        precondition(width.isFinite && width >= 0, "PangoOracle: the width must be finite and not negative")
        precondition(!text.unicodeScalars.contains("\u{0}"), "PangoOracle: Pango cannot lay out U+0000")
        let length = text.utf8.count
        let units = width > widestWrappingWidth ? -1 : Int32((width * unitsPerPixel).rounded(.down))
        var glyphs = [pango_oracle_glyph](repeating: pango_oracle_glyph(), count: length * 2 + 16)
        var count: Int32 = 0
        while true {
            count = text.withCString { characters in
                pango_oracle_glyphs(characters, Int32(length), fontFamily, pixelSize, units, direction.rawValue,
                                    &glyphs, Int32(glyphs.count))
            }
            precondition(count >= 0, "PangoOracle: Pango could not make a context (no fonts?)")
            guard Int(count) > glyphs.count else { break }
            glyphs = [pango_oracle_glyph](repeating: pango_oracle_glyph(), count: Int(count))
        }
        let found = glyphs.prefix(Int(count))
        let offsets = utf16Offsets(ofUTF8Offsets: found.map { Int($0.byte_offset) }.sorted(), in: text)
        var byUTF8: [Int: Int] = [:]
        for (utf8, utf16) in zip(found.map { Int($0.byte_offset) }.sorted(), offsets) { byUTF8[utf8] = utf16 }
        return found.map { glyph in
            PangoGlyph(line: Int(glyph.line), glyph: glyph.glyph, x: glyph.x, offset: byUTF8[Int(glyph.byte_offset)] ?? 0,
                       level: Int(glyph.level))
        }
    }
}
