import CCairo
import CFreeType
import CHarfBuzz

/// One loaded font file: a HarfBuzz font for shaping and metrics, and a cairo font face (over a
/// FreeType face) for drawing. Loaded once per file and index, shared by every ``Font`` of any
/// size, and never unloaded (``FontLibrary`` keeps it for the life of the process).
///
/// Thread safety: the HarfBuzz font is made immutable before anyone sees it, and HarfBuzz shapes
/// on immutable fonts from any thread. It reads the file through its own blob with HarfBuzz's
/// OpenType functions, so it never touches the FreeType face; that face is used only by cairo,
/// under cairo's own lock of the font face. Everything else is immutable.
final class FontFace: @unchecked Sendable {
    /// The font file.
    let path: String
    /// The face index inside the file (collections hold several).
    let index: Int
    /// The family name the font reports.
    let familyName: String
    /// `hb_font_t`, immutable, at a scale of one unit per font unit (sizes are applied by callers).
    let hbFont: OpaquePointer
    /// `cairo_font_face_t` over the FreeType face; one reference held forever.
    let cairoFace: OpaquePointer
    /// Font units per em.
    let unitsPerEm: Double
    /// Vertical metrics in font units: ascender (positive up), descender (positive down), line gap.
    let ascender: Double, descender: Double, lineGap: Double
    let capHeight: Double, xHeight: Double
    let underlinePosition: Double, underlineThickness: Double
    let strikeoutPosition: Double, strikeoutThickness: Double
    /// Whether glyphs carry their own colours (CBDT bitmaps, COLR layers): the emoji font.
    let isColor: Bool
    /// Which ASCII code points the font has a glyph for, one bit each (0–63, 64–127): the common
    /// case of coverage checks without a call into HarfBuzz.
    private let asciiCoverage: (low: UInt64, high: UInt64)

    init(path: String, index: Int, familyName: String, hbFont: OpaquePointer, cairoFace: OpaquePointer) {
        self.path = path
        self.index = index
        self.familyName = familyName
        self.hbFont = hbFont
        self.cairoFace = cairoFace
        let face = hb_font_get_face(hbFont)
        unitsPerEm = Double(max(hb_face_get_upem(face), 1))
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(hbFont, &extents)
        ascender = Double(extents.ascender)
        descender = Double(-extents.descender)
        lineGap = Double(max(extents.line_gap, 0))
        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: Double) -> Double {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &value) != 0 ? Double(value) : fallback
        }
        let em = unitsPerEm
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT, em * 0.7)
        xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT, em * 0.5)
        underlinePosition = -metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -em * 0.1)
        underlineThickness = max(metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, em * 0.05), em * 0.02)
        strikeoutPosition = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, em * 0.3)
        strikeoutThickness = max(metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, em * 0.05), em * 0.02)
        isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for code in 0..<128 as Range<UInt64> {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(hbFont, hb_codepoint_t(code), &glyph) != 0, glyph != 0 else { continue }
            if code < 64 { coverage.low |= 1 << code } else { coverage.high |= 1 << (code - 64) }
        }
        asciiCoverage = coverage
    }

    /// Whether the font has a glyph for the ASCII code point `unit` (below 128).
    @inline(__always)
    func coversASCII(_ unit: UInt16) -> Bool {
        let bits = unit < 64 ? asciiCoverage.low >> UInt64(unit) : asciiCoverage.high >> UInt64(unit &- 64)
        return bits & 1 != 0
    }

    /// Whether the font has a glyph for `scalar` (its cmap maps it).
    @inline(__always)
    func covers(_ scalar: UInt32) -> Bool {
        if scalar < 128 { return coversASCII(UInt16(scalar)) }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph != 0
    }

    /// The advance of `glyph` in font units, unhinted.
    func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// The ink bounds of `glyph` in font units, y up, or nil when it has none (a space).
    func extents(of glyph: UInt32) -> hb_glyph_extents_t? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 else { return nil }
        return extents
    }
}
