import CCairo

extension GraphicsContext {
    /// Draws `image` stretched to fill `rect`, resampled with ``interpolationQuality`` and
    /// multiplied by ``alpha``. The image's pixels are read in place, not copied. Edges stay
    /// sharp: samples beyond the image repeat its border rather than fading to transparency.
    /// A rectangle that is not finite or is empty is a no-op.
    public func draw(_ image: Image, in rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        draw(ImageSurface(image), in: rect)
    }

    /// ``draw(_:in:)`` from a surface made earlier, which saves making one per draw.
    package func draw(_ source: ImageSurface, in rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        let target = rect.standardized
        let filter = state.interpolationQuality.cairoFilter
        let alpha = state.alpha
        let (image, surface) = (source.image, source.surface)
        perform { cairo in
            // The pattern maps user space onto the image's pixels, so the context's own state is
            // left alone (no save and restore of cairo's graphics state per image). The context
            // keeps the pattern until its next source; the surface keeps the image's pixels alive.
            cairo_set_source_surface(cairo, surface, 0, 0)
            let pattern = cairo_get_source(cairo)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, Double(image.width) / target.width, Double(image.height) / target.height)
            cairo_matrix_translate(&matrix, -target.minX, -target.minY)
            cairo_pattern_set_matrix(pattern, &matrix)
            // Pixels landing one to one on whole device pixels need no resampling, so no padding
            // or clip either: cairo's fastest path, a plain blit — what a compositor drawing
            // snapped layer contents hits.
            if Self.mapsPixelsOneToOne(cairo, pattern: matrix) {
                cairo_paint_with_alpha(cairo, alpha)
            } else {
                cairo_pattern_set_filter(pattern, filter)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_save(cairo)
                cairo_rectangle(cairo, target.minX, target.minY, target.width, target.height)
                cairo_clip(cairo)
                cairo_paint_with_alpha(cairo, alpha)
                cairo_restore(cairo)
            }
        }
    }

    /// Whether image pixels land on device pixels one to one at whole-pixel offsets: the
    /// context's matrix times the pattern's inverse is a whole-pixel translation.
    private static func mapsPixelsOneToOne(_ cairo: OpaquePointer, pattern: cairo_matrix_t) -> Bool {
        var user = cairo_matrix_t()
        cairo_get_matrix(cairo, &user)
        var imageToUser = pattern
        guard cairo_matrix_invert(&imageToUser) == CAIRO_STATUS_SUCCESS else { return false }
        var imageToDevice = cairo_matrix_t()
        cairo_matrix_multiply(&imageToDevice, &imageToUser, &user)
        return abs(imageToDevice.xx - 1) < 1e-9 && abs(imageToDevice.yy - 1) < 1e-9
            && imageToDevice.xy == 0 && imageToDevice.yx == 0
            && abs(imageToDevice.x0 - imageToDevice.x0.rounded()) < 1e-9
            && abs(imageToDevice.y0 - imageToDevice.y0.rounded()) < 1e-9
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
