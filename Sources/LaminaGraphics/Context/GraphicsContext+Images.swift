import CCairo

extension GraphicsContext {
    /// Draws `image` stretched to fill `rect`, resampled with ``interpolationQuality`` and
    /// multiplied by ``alpha``. The image's pixels are read in place, not copied. Edges stay
    /// sharp: samples beyond the image repeat its border rather than fading to transparency.
    /// A rectangle that is not finite or is empty is a no-op.
    public func draw(_ image: Image, in rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        let target = rect.standardized
        let filter = state.interpolationQuality.cairoFilter
        let alpha = state.alpha
        image.withCairoSurface { surface in
            perform { cairo in
                cairo_save(cairo)
                cairo_translate(cairo, target.minX, target.minY)
                cairo_scale(cairo, target.width / Double(image.width), target.height / Double(image.height))
                cairo_set_source_surface(cairo, surface, 0, 0)
                // Pixels landing one to one on whole device pixels need no resampling, so no
                // padding or clip either: the same result by cairo's fastest path (a plain blit),
                // which is what a compositor drawing snapped layer contents hits.
                if !Self.mapsPixelsOneToOne(cairo) {
                    let pattern = cairo_get_source(cairo)
                    cairo_pattern_set_filter(pattern, filter)
                    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                    cairo_rectangle(cairo, 0, 0, Double(image.width), Double(image.height))
                    cairo_clip(cairo)
                }
                cairo_paint_with_alpha(cairo, alpha)
                cairo_restore(cairo)
            }
        }
    }

    /// Whether `cairo`'s matrix maps user space to device pixels by a whole-pixel translation.
    private static func mapsPixelsOneToOne(_ cairo: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0
            && matrix.x0 == matrix.x0.rounded() && matrix.y0 == matrix.y0.rounded()
    }

    /// Draws `image` at its size in points with its top-left corner at `point`.
    public func draw(_ image: Image, at point: Point) {
        draw(image, in: Rect(origin: point, size: image.size))
    }
}

extension InterpolationQuality {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_BILINEAR
        case .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }
}
