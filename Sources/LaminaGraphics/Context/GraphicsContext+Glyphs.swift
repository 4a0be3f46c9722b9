import CCairo

/// What a glyph drawing paints: the glyphs (beneath the context's shadow, like any shape), or
/// only the shadow they would cast.
package enum GlyphPaint: Sendable {
    /// The glyphs in the fill colour, beneath the context's ``GraphicsContext/shadow`` when set.
    case glyphs
    /// Only the context's shadow of the glyphs, not the glyphs themselves: a text shadow drawn in
    /// its own phase, before the glyphs, as YYText draws it.
    case shadowOnly
}

extension GraphicsContext {
    /// Draws positioned glyphs of a cairo font face through this context's own state: the fill
    /// colour, ``alpha``, clip, transform and ``shadow`` (replayed through the same blurred mask
    /// as shapes), so text composes with every other drawing.
    ///
    /// This is the one door from LaminaText into the cairo context, kept at package level so
    /// LaminaGraphics never knows about fonts: the caller owns `fontFace` (a
    /// `cairo_font_face_t`) and keeps it alive for the call.
    ///
    /// Glyph positions are in points of user space (baseline origins); `fontSize` is the em size
    /// in points. Hinting is off and metrics are unhinted, so a glyph lands where the layout put
    /// it at every scale. Colour glyphs (emoji bitmaps) paint their own colours; the context's
    /// alpha and the fill colour's alpha still apply, through a group when either is below 1.
    package func drawGlyphs(
        _ glyphs: UnsafeBufferPointer<cairo_glyph_t>, fontFace: OpaquePointer, fontSize: Double,
        paint: GlyphPaint = .glyphs
    ) {
        guard !glyphs.isEmpty, fontSize.isFinite, fontSize > 0, let base = glyphs.baseAddress else { return }
        let count = Int32(clamping: glyphs.count)
        let color = state.fillColor
        let opacity = color.alpha * state.alpha
        let operation: Operation = { target in
            Self.selectFont(fontFace, size: fontSize, on: target)
            cairo_set_source_rgba(target, color.red, color.green, color.blue, opacity)
            cairo_show_glyphs(target, base, count)
        }
        switch paint {
        case .shadowOnly:
            if let shadow = state.shadow, shadow.color.alpha > 0, opacity > 0 {
                drawShadow(of: operation, shadow)
            }
        case .glyphs:
            guard opacity > 0 else { return }
            if let shadow = state.shadow, shadow.color.alpha > 0 {
                drawShadow(of: operation, shadow)
            }
            guard opacity < 1 else {
                operation(cairo)
                return
            }
            // Colour glyph bitmaps ignore the source colour, and with it its alpha: draw opaque
            // into a group and composite the group with the opacity instead.
            cairo_push_group(cairo)
            Self.selectFont(fontFace, size: fontSize, on: cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 1)
            cairo_show_glyphs(cairo, base, count)
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, opacity)
        }
    }

    /// Sets the font face, size and Lamina's text rendering options on `target`.
    ///
    /// The size goes in as a font matrix: cairo keeps the context's scaled font when the face,
    /// the matrix and the options are what it has, where `cairo_set_font_size` always drops it
    /// (cairo-gstate.c) and the next glyphs look it up again under cairo's font-map lock — once
    /// per glyph run. A size that is not finite makes no valid matrix (cairo would put the
    /// context in an error state) and goes through `cairo_set_font_size` as before.
    private static func selectFont(_ fontFace: OpaquePointer, size: Double, on target: OpaquePointer) {
        cairo_set_font_face(target, fontFace)
        if size.isFinite {
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, size, size)
            cairo_set_font_matrix(target, &matrix)
        } else {
            cairo_set_font_size(target, size)
        }
        cairo_set_font_options(target, glyphFontOptions)
    }
}

/// No hinting and unhinted metrics (layout positions are fractional points and must not move),
/// greyscale antialiasing (subpixel colours would depend on the display). Made once and only
/// ever read: cairo copies options into each context, so every thread may share them.
private nonisolated(unsafe) let glyphFontOptions: OpaquePointer = {
    let options = cairo_font_options_create()!
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    return options
}()
