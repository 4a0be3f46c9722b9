import CCairo

extension Image {
    /// The image resampled to `width` × `height` pixels with cairo's `GOOD` filter (box-filtered
    /// when shrinking, bilinear when growing), in the same format and at the same scale (so its
    /// size in points changes with its pixels). For one-off resampling such as thumbnails; the
    /// compositor scales contents with a cheaper filter as it draws.
    ///
    /// - Throws: ``GraphicsError/invalidSize(width:height:)`` for a size outside
    ///   1…``maximumDimension``.
    public func scaled(toPixelWidth width: Int, height: Int) throws(GraphicsError) -> Image {
        do {
            return try Image(width: width, height: height, scale: scale, format: format) { pixels, bytesPerRow in
                let target = cairo_image_surface_create_for_data(
                    pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), format.cairoFormat,
                    Int32(width), Int32(height), Int32(bytesPerRow))
                let cairo = cairo_create(target)
                cairo_scale(cairo, Double(width) / Double(self.width), Double(height) / Double(self.height))
                withCairoSurface { source in
                    cairo_set_source_surface(cairo, source, 0, 0)
                    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
                    cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
                    cairo_paint(cairo)
                }
                cairo_destroy(cairo)
                cairo_surface_finish(target)
                cairo_surface_destroy(target)
            }
        } catch let error as GraphicsError {
            throw error
        } catch {
            throw .cairo("\(error)")
        }
    }
}
