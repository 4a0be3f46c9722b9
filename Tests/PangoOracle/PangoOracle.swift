import CPangoOracle

/// Pango, run as an independent line breaker that LaminaText's tests compare against.
///
/// Pango (with HarfBuzz shaping and its own UAX #14 implementation) is what GTK lays text out
/// with, so agreeing with it on line starts is evidence that Lamina's breaking is right, not
/// merely self-consistent. Pango is a test-only dependency: nothing in `Sources/` links it.
///
/// ## The settings that make Pango comparable
///
/// Lamina lays text out in fractional points with HarfBuzz's unhinted OpenType advances, never
/// rounded. Left at its defaults, Pango would differ in ways that have nothing to do with line
/// breaking, so ``lineStarts(text:fontFamily:pixelSize:width:)`` sets, and was checked
/// experimentally against, the following (Pango 1.50):
///
/// - **The size in pixels**: `pango_font_description_set_absolute_size(pixelSize × PANGO_SCALE)`.
///   Pango's ordinary `set_size` is in points at the font map's resolution (96 dpi by default),
///   so 15 "points" there would be 20 pixels; Lamina's points are pixels at scale 1.
/// - **A cairo font map whose context has hint metrics off and hint style none**
///   (`cairo_font_options_set_hint_metrics(CAIRO_HINT_METRICS_OFF)`,
///   `cairo_font_options_set_hint_style(CAIRO_HINT_STYLE_NONE)`,
///   `pango_cairo_context_set_font_options`), so no advance is snapped to the pixel grid.
/// - **`pango_context_set_round_glyph_positions(context, FALSE)`**: by default Pango rounds every
///   glyph position to whole pixels even with hint metrics off ("Hello world" in DejaVu Sans at
///   15 px is 83 px wide rounded, 84.093 px unrounded). With rounding off, a line's width is
///   exactly the sum of HarfBuzz's `hb_ot_font` advances at scale 15 × 1024 (checked: 84.093 px
///   both ways).
/// - **Hyphen insertion off**: a `pango_attr_insert_hyphens_new(FALSE)` attribute over the whole
///   text. Pango otherwise adds a visible hyphen where it breaks at a soft hyphen (U+00AD) or
///   inside a word, which widens that line; Lamina inserts none.
/// - **`PANGO_WRAP_WORD_CHAR`**: wrap at UAX #14 opportunities, and only where a word alone does
///   not fit, inside the word at character (grapheme) boundaries — Lamina's rule for overlong
///   words.
/// - **The width in Pango units**, `floor(width × PANGO_SCALE)` (1/1024 px; HarfBuzz's advances
///   at Pango's scale are in the same unit). A line fits when its width is *at most* the
///   available width: "Hello" at 15 px is 38934 units, so "Hello world" wrapped at 38934 units
///   starts with the line "Hello ", and at 38933 units with "Hell" (the word broken inside).
///   Widths beyond 2 000 000 px mean "do not wrap" (Pango's −1): Pango's widths are 32-bit.
///
/// One difference remains and cannot be set away: Pango's HarfBuzz font has a scale of
/// size × 1024, so each glyph's advance is rounded to 1/1024 px before the line is summed
/// ("Hello" at 15 px: 38934 units = 38.0215 px, where the font's own units give exactly
/// 5191 × 15 / 2048 = 38.0200 px). A width within a few thousandths of a pixel of a line's
/// width can therefore break differently; the reference corpus keeps its widths clear of that.
///
/// ## What Pango reports, and how it differs from Lamina
///
/// - **Hard breaks** (LF, CR, CRLF, U+2029) end a paragraph; the next line starts after the
///   whole separator (after both characters of a CRLF). U+2028 forces a line break inside the
///   paragraph, likewise starting the next line after it. Text that ends with a hard break has a
///   last, empty line starting at the end of the text.
/// - **Trailing whitespace**: Pango keeps one space at the end of a wrapped line and does not
///   count its width, but a run of several spaces that does not fit becomes a line of its own
///   (`"aaaa          bbbb"` at 40 px: `"aaaa "`, `"         "`, `"bbbb"`), and at the narrowest
///   widths a single space is a line by itself. Lamina hangs every trailing breakable space on
///   the line it ends. ``hangingTrailingWhitespace(_:in:)`` maps Pango's starts onto Lamina's
///   rule; compare after applying it.
///
/// Pango runs behind a small C target (`CPangoOracle`), so that no Swift module imports Pango's
/// and glib's headers. Thread safety: Pango's font maps are not thread-safe, so every call
/// takes one process-wide lock; call from any thread.
public enum PangoOracle {
    /// The line starts Pango gives `text`, as UTF-16 offsets into `text`, in increasing order;
    /// the first is 0.
    ///
    /// - Parameters:
    ///   - text: the paragraph(s); hard breaks start new lines. Must not contain U+0000 (Pango
    ///     rejects it as invalid UTF-8).
    ///   - fontFamily: a fontconfig family name, such as "DejaVu Sans".
    ///   - pixelSize: the font size in pixels (Lamina's points at scale 1); finite and positive.
    ///   - width: the available width in pixels; finite and not negative. 0 and widths narrower
    ///     than any glyph put every grapheme on a line of its own.
    /// - Returns: UTF-16 offsets, not normalised; see ``hangingTrailingWhitespace(_:in:)``.
    public static func lineStarts(text: String, fontFamily: String, pixelSize: Double, width: Double) -> [Int] {
        precondition(pixelSize.isFinite && pixelSize > 0, "PangoOracle: the pixel size must be finite and positive")
        precondition(width.isFinite && width >= 0, "PangoOracle: the width must be finite and not negative")
        precondition(!text.unicodeScalars.contains("\u{0}"), "PangoOracle: Pango cannot lay out U+0000")
        let length = text.utf8.count
        let units = width > widestWrappingWidth ? -1 : Int32((width * unitsPerPixel).rounded(.down))
        // A text of n bytes has at most n + 1 lines.
        var byteStarts = [Int32](repeating: 0, count: length + 1)
        let count = text.withCString { characters in
            pango_oracle_line_starts(characters, Int32(length), fontFamily, pixelSize, units,
                                     &byteStarts, Int32(byteStarts.count))
        }
        precondition(count > 0, "PangoOracle: Pango could not make a context (no fonts?)")
        return utf16Offsets(ofUTF8Offsets: byteStarts.prefix(Int(count)).map(Int.init), in: text)
    }

    /// Pango's units per pixel (`PANGO_SCALE`).
    static let unitsPerPixel = 1024.0

    /// The widest width passed to Pango as a width; wider means no wrapping at all.
    static let widestWrappingWidth = 2_000_000.0

    /// Converts increasing UTF-8 byte offsets that fall on scalar boundaries into UTF-16 offsets.
    static func utf16Offsets(ofUTF8Offsets offsets: [Int], in text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var remaining = offsets[...]
        var utf8Offset = 0
        var utf16Offset = 0
        var scalars = text.unicodeScalars.makeIterator()
        while let next = remaining.first {
            if next <= utf8Offset {
                precondition(next == utf8Offset, "PangoOracle: Pango reported a line start inside a character")
                result.append(utf16Offset)
                remaining.removeFirst()
                continue
            }
            guard let scalar = scalars.next() else { break }
            utf8Offset += UTF8.width(scalar)
            utf16Offset += UTF16.width(scalar)
        }
        precondition(remaining.isEmpty, "PangoOracle: Pango reported a line start past the end of the text")
        return result
    }
}
