import CCairo

extension GraphicsContext {
    /// Starts drawing into an offscreen layer that ``endTransparencyLayer()`` composites as one
    /// picture, with the ``alpha`` and ``shadow`` in effect now — as
    /// `CGContextBeginTransparencyLayer`. Overlapping shapes inside then blend with each other
    /// first, so a half-transparent group looks like one half-transparent object rather than a
    /// stack of see-through parts, and casts one shadow.
    ///
    /// Inside the layer, drawing starts with alpha 1 and no shadow; the transform and clip carry
    /// on. Pairs must nest properly with each other and with ``saveGState()``.
    public func beginTransparencyLayer() {
        saveGState()
        transparencyLayerBases.append(savedStates.count)
        cairo_push_group(cairo)
        state.alpha = 1
        state.shadow = nil
    }

    /// Composites the innermost transparency layer with the alpha and shadow that were in effect
    /// when it began, and restores that state. Without an open layer it does nothing.
    public func endTransparencyLayer() {
        guard let base = transparencyLayerBases.popLast() else { return }
        // A save left open inside the layer is dropped with it, so the layer's own save is the
        // one restored below.
        while savedStates.count > base { restoreGState() }
        let group = cairo_pop_group(cairo)!
        defer { cairo_pattern_destroy(group) }
        restoreGState()
        perform { cairo in
            cairo_set_source(cairo, group)
            cairo_paint_with_alpha(cairo, state.alpha)
        }
    }
}
