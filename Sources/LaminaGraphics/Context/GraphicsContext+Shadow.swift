import CCairo

extension GraphicsContext {
    /// Draws the shadow `operation` casts: its alpha coverage, rendered offset into an A8 mask,
    /// blurred (``AlphaMaskBlur``), and painted in the shadow colour. cairo has no shadows; this
    /// is what Core Graphics does for `CGContextSetShadowWithColor`.
    ///
    /// The mask covers only where the shadow can show: the clip's extents in pixels, grown by the
    /// blur's reach so that shapes just outside still blur in.
    func drawShadow(of operation: Operation, _ shadow: Shadow) {
        let sigma = shadow.standardDeviation(atScale: scale)
        let reach = AlphaMaskBlur.reach(sigma: sigma)
        guard let region = shadowRegion(reach: reach) else { return }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(region.width), Int32(region.height))!
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return }

        renderCoverage(of: operation, into: mask, origin: region, offset: shadow.offset)
        cairo_surface_flush(mask)
        AlphaMaskBlur.blur(
            cairo_image_surface_get_data(mask), width: region.width, height: region.height,
            bytesPerRow: Int(cairo_image_surface_get_stride(mask)), sigma: sigma)
        cairo_surface_mark_dirty(mask)

        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        let color = shadow.color
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cairo, mask, Double(region.x), Double(region.y))
        cairo_restore(cairo)
    }

    /// The pixel rectangle the shadow mask must cover, or `nil` when the clip is empty.
    private func shadowRegion(reach: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        cairo_restore(cairo)
        let minX = Int(x1.rounded(.down)) - reach, minY = Int(y1.rounded(.down)) - reach
        let maxX = Int(x2.rounded(.up)) + reach, maxY = Int(y2.rounded(.up)) + reach
        guard x2 > x1, y2 > y1 else { return nil }
        return (minX, minY, maxX - minX, maxY - minY)
    }

    /// Replays `operation` into `mask` with this context's transform, moved by the shadow
    /// offset (in points, unaffected by the transform, as in Core Graphics) and by the mask's
    /// origin.
    private func renderCoverage(of operation: Operation, into mask: OpaquePointer,
                                origin: (x: Int, y: Int, width: Int, height: Int), offset: Size) {
        let maskContext = cairo_create(mask)!
        defer { cairo_destroy(maskContext) }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        matrix.x0 += offset.width * scale - Double(origin.x)
        matrix.y0 += offset.height * scale - Double(origin.y)
        cairo_set_matrix(maskContext, &matrix)
        copyStrokeSettings(to: maskContext)
        operation(maskContext)
    }
}

extension Shadow {
    /// The blur gaussian's standard deviation in device pixels at `scale`.
    func standardDeviation(atScale scale: Double) -> Double {
        blur / 2 * scale
    }

    /// How far, in device pixels at `scale`, the shadow can reach beyond the shape that casts it
    /// once moved by its offset: the blur's reach, plus a pixel for the antialiased edge of an
    /// offset that falls between pixels. What damage tracking grows a shadow caster's area by, so
    /// that it re-renders every pixel the shadow can touch — the same figure the blur uses.
    package func reach(atScale scale: Double) -> Double {
        guard scale.isFinite, scale > 0 else { return 0 }
        return Double(AlphaMaskBlur.reach(sigma: standardDeviation(atScale: scale)) + 1)
    }
}
