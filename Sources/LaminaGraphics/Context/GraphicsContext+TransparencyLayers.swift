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

extension GraphicsContext {
    /// Composites the innermost transparency layer like ``endTransparencyLayer()``, but only
    /// where `mask` is opaque: each pixel of the layer is multiplied by the alpha of `mask`
    /// stretched over `rect` (user space, bilinear), and nothing is drawn outside `rect`. This is
    /// how a Core Animation `mask` layer applies: the compositor renders the mask to an image and
    /// ends the masked layer's group through it. A `rect` that is not finite or is empty masks
    /// everything away. Without an open layer it does nothing.
    public func endTransparencyLayer(mask: Image, in rect: Rect) {
        guard let base = transparencyLayerBases.popLast() else { return }
        while savedStates.count > base { restoreGState() }
        let group = cairo_pop_group(cairo)!
        defer { cairo_pattern_destroy(group) }
        restoreGState()
        guard rect.isFinite, !rect.isEmpty else { return }
        let target = rect.standardized
        mask.withCairoSurface { surface in
            perform { cairo in
                // The group is the source; the mask image sets where (and how much) it shows.
                cairo_push_group(cairo)
                cairo_set_source(cairo, group)
                cairo_save(cairo)
                cairo_translate(cairo, target.minX, target.minY)
                cairo_scale(cairo, target.width / Double(mask.width), target.height / Double(mask.height))
                let pattern = cairo_pattern_create_for_surface(surface)!
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                cairo_mask(cairo, pattern)
                cairo_pattern_destroy(pattern)
                cairo_restore(cairo)
                cairo_pop_group_to_source(cairo)
                cairo_paint_with_alpha(cairo, state.alpha)
            }
        }
    }
}
