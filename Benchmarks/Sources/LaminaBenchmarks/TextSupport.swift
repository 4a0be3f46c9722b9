import CBenchText
import Foundation

/// The reference label of the text benchmarks: 194 characters of English in DejaVu Sans 15 on
/// a 320×120-point label at scale 1, which wraps into five lines. Every engine gets it in the
/// form it takes (UTF-16, UTF-8, an attributed string), converted before any timing.
struct ReferenceTextLabel {
    var text = """
        Lamina lays out this label off the main thread: HarfBuzz shapes the glyphs, ICU finds \
        the break opportunities, and a greedy wrap fills each line before cairo draws the \
        glyphs into a new surface.
        """
    let fontFamily = "DejaVu Sans"
    let fontSize = 15.0
    let width = 320.0
    let height = 120.0
    let scale = 1.0
    /// Where its lines start (UTF-16 offsets), as Pango and the raw pipeline both wrap it.
    var expectedLineStarts = [0, 40, 80, 117, 158]

    /// The mixed-direction label of `text-label-mixed`: English with Hebrew and Arabic phrases
    /// (numbers and brackets inside them), the same size and font, wrapping into five lines.
    static let mixed = ReferenceTextLabel(
        text: """
            Lamina lays out this label off the main thread: שלום עולם (בדיקה 123) and مرحبا \
            بالعالم, HarfBuzz shapes each run in its direction, ICU reorders the lines, and cairo \
            draws them.
            """,
        expectedLineStarts: [0, 40, 80, 121, 166])
}

/// One engine's timed operations on the reference label.
struct TextLabelSide {
    /// Lays the label out and draws it into a new surface; returns the number of lines, or nil
    /// on failure.
    let layOutAndDraw: () -> Int?
    /// Draws a layout made once at set-up into a new surface; false on failure. Nil for an
    /// engine measured only as a whole (Pango).
    let drawCachedLayout: (() -> Bool)?
    /// The sum of the alpha bytes of the drawn label, from one untimed drawing: engines that
    /// draw the same glyphs at the same places give the same ink, give or take antialiasing.
    let ink: () -> UInt64
}

/// The raw pipeline in C (`bench_text_layout.c`): the font file loaded into HarfBuzz (with its
/// OpenType functions) and a cairo FreeType font face, and an ICU line break iterator, all at
/// set-up; each sample shapes, breaks, wraps and draws with `cairo_show_glyphs`.
final class RawTextLabel {
    let label: ReferenceTextLabel
    private let font: OpaquePointer
    private let utf16: [UInt16]
    /// The layout made once, for the glyph-draw-only side.
    private let cachedLayout: OpaquePointer

    /// Whether the label goes through the bidi pipeline (`bench_text_bidi_layout_make`).
    let isBidirectional: Bool

    init?(_ label: ReferenceTextLabel, bidirectional: Bool = false) {
        var path = [CChar](repeating: 0, count: 4096)
        guard bench_text_find_font(label.fontFamily, &path, path.count) == 0,
              let font = bench_text_font_load(path, label.fontSize) else { return nil }
        let utf16 = Array(label.text.utf16)
        let made = bidirectional ? bench_text_bidi_layout_make(font, utf16, Int32(utf16.count), label.width)
            : bench_text_layout_make(font, utf16, Int32(utf16.count), label.width)
        guard let layout = made else {
            bench_text_font_free(font)
            return nil
        }
        self.label = label
        self.font = font
        self.utf16 = utf16
        isBidirectional = bidirectional
        cachedLayout = layout
    }

    deinit {
        bench_text_layout_free(cachedLayout)
        bench_text_font_free(font)
    }

    /// Where the cached layout's lines start (UTF-16 offsets).
    var lineStarts: [Int] {
        (0..<bench_text_layout_line_count(cachedLayout)).map { Int(bench_text_layout_line_start(cachedLayout, $0)) }
    }

    /// The sum of the alpha bytes the cached layout draws: how much ink, to compare engines.
    var ink: UInt64 {
        var ink: UInt64 = 0
        _ = bench_text_layout_draw(cachedLayout, font, label.width, label.height, label.scale, &ink)
        return ink
    }

    var side: TextLabelSide {
        TextLabelSide(
            layOutAndDraw: { [self] in
                let lines = isBidirectional
                    ? bench_text_raw_bidi_label(font, utf16, Int32(utf16.count), label.width, label.height, label.scale)
                    : bench_text_raw_label(font, utf16, Int32(utf16.count), label.width, label.height, label.scale)
                return lines > 0 ? Int(lines) : nil
            },
            drawCachedLayout: { [self] in
                bench_text_layout_draw(cachedLayout, font, label.width, label.height, label.scale, nil) == 0
            },
            ink: { [self] in ink }
        )
    }
}

/// Pango (`bench_pango.c`): one cairo font map and context made at set-up; each sample makes a
/// `PangoLayout` (`PANGO_WRAP_WORD_CHAR`, the width in Pango units) and draws it with
/// `pango_cairo_show_layout` into a new surface.
final class PangoTextLabel {
    let label: ReferenceTextLabel
    private let pango: OpaquePointer
    private let utf8: [CChar]

    init?(_ label: ReferenceTextLabel) {
        guard let pango = bench_pango_make(label.fontFamily, label.fontSize) else { return nil }
        self.label = label
        self.pango = pango
        utf8 = Array(label.text.utf8CString.dropLast())
    }

    deinit {
        bench_pango_free(pango)
    }

    /// Where Pango's lines start (UTF-16 offsets) and how much ink it draws, from one untimed run.
    func check() -> (lineStarts: [Int], ink: UInt64) {
        var starts = [Int32](repeating: 0, count: 64)
        var ink: UInt64 = 0
        let count = bench_pango_label(pango, utf8, Int32(utf8.count), label.width, label.height, label.scale,
                                      &starts, Int32(starts.count), &ink)
        let byteStarts = starts.prefix(Int(max(count, 0))).map(Int.init)
        // Byte offsets into UTF-8; the label is ASCII, where they are UTF-16 offsets too.
        precondition(label.text.utf8.count == label.text.utf16.count, "the reference label must be ASCII")
        return (byteStarts, ink)
    }

    var side: TextLabelSide {
        TextLabelSide(
            layOutAndDraw: { [self] in
                let lines = bench_pango_label(pango, utf8, Int32(utf8.count), label.width, label.height, label.scale,
                                              nil, 0, nil)
                return lines > 0 ? Int(lines) : nil
            },
            drawCachedLayout: nil,
            ink: { [self] in check().ink }
        )
    }
}
