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
        checkArguments(pixelSize: pixelSize, width: width)
        return collect(text: text) { characters, length, glyphs, capacity in
            pango_oracle_glyphs(characters, length, fontFamily, pixelSize, wrappingUnits(width), direction.rawValue,
                                glyphs, capacity)
        }
    }

    /// A tab stop for Pango: its location in pixels from the left, and its alignment.
    public enum TabStop: Sendable {
        case left(Double), right(Double), center(Double), decimal(Double)
    }

    /// ``glyphs(text:fontFamily:pixelSize:width:direction:)`` with the layout's tab stops set to
    /// `tabs` (Pango 1.50's left, right, centre and decimal stops; the decimal point ".").
    public static func glyphs(text: String, fontFamily: String, pixelSize: Double, width: Double,
                              tabs: [TabStop]) -> [PangoGlyph] {
        checkArguments(pixelSize: pixelSize, width: width)
        let locations = tabs.map { stop -> Double in
            switch stop {
            case .left(let x), .right(let x), .center(let x), .decimal(let x): x
            }
        }
        let alignments = tabs.map { stop -> Int32 in
            switch stop {
            case .left: PANGO_ORACLE_TAB_LEFT
            case .right: PANGO_ORACLE_TAB_RIGHT
            case .center: PANGO_ORACLE_TAB_CENTER
            case .decimal: PANGO_ORACLE_TAB_DECIMAL
            }
        }
        return collect(text: text) { characters, length, glyphs, capacity in
            pango_oracle_glyphs_with_tabs(characters, length, fontFamily, pixelSize, wrappingUnits(width), locations,
                                          alignments, Int32(tabs.count), glyphs, capacity)
        }
    }

    private static func checkArguments(pixelSize: Double, width: Double) {
        precondition(pixelSize.isFinite && pixelSize > 0, "PangoOracle: the pixel size must be finite and positive")
        precondition(width.isFinite && width >= 0, "PangoOracle: the width must be finite and not negative")
    }

    private static func wrappingUnits(_ width: Double) -> Int32 {
        width > widestWrappingWidth ? -1 : Int32((width * unitsPerPixel).rounded(.down))
    }

    /// Calls `lay` with room for the glyphs (growing it when Pango reports more) and converts
    /// what it wrote.
    private static func collect(text: String,
                                lay: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<pango_oracle_glyph>, Int32) -> Int32)
        -> [PangoGlyph] {
        precondition(!text.unicodeScalars.contains("\u{0}"), "PangoOracle: Pango cannot lay out U+0000")
        let length = text.utf8.count
        var glyphs = [pango_oracle_glyph](repeating: pango_oracle_glyph(), count: length * 2 + 16)
        var count: Int32 = 0
        while true {
            count = text.withCString { characters in
                glyphs.withUnsafeMutableBufferPointer { lay(characters, Int32(length), $0.baseAddress!, Int32($0.count)) }
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
