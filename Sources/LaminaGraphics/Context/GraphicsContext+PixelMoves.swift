import CCairo
import Glibc

extension GraphicsContext {
    /// Moves the pixels inside `region` by `dx`, `dy` whole pixels, within `region`: each pixel
    /// whose new place is still inside `region` is copied there, unblended; pixels that nothing
    /// moves onto keep what they had (the caller redraws them). Ignores the transform, clip and
    /// alpha: `region` is in device pixels, rounded inwards to whole pixels and clipped to the
    /// context. The compositor scrolls a layer's on-screen pixels this way instead of redrawing
    /// them — what a GPU render server does with a copy of the layer's already-composited
    /// texture.
    package func movePixels(in region: Rect, dx: Int, dy: Int) {
        guard let span = Self.moveSpan(PixelScroll(region: region, dx: dx, dy: dy), width: pixelWidth, height: pixelHeight) else { return }
        let (top, bottom, left, right) = (span.top, span.bottom, span.left, span.right)
        cairo_surface_flush(surface)
        let bytesPerPixel = 4
        let rowBytes = (right - left) * bytesPerPixel
        let base = storage.bytes
        // Rows move one by one; going against the move's direction never reads a row already
        // overwritten, and `memmove` handles the overlap within a row.
        for step in 0..<(bottom - top) {
            let row = dy > 0 ? bottom - 1 - step : top + step
            let destination = base + row * bytesPerRow + left * bytesPerPixel
            let source = base + (row - dy) * bytesPerRow + (left - dx) * bytesPerPixel
            memmove(destination, source, rowBytes)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
    }

    /// The pixels as an image that shares them, without a copy: the caller must not draw here
    /// again while the image lives (``FramebufferChain`` sees to it).
    func sharedImage() -> Image {
        cairo_surface_flush(surface)
        return Image(width: pixelWidth, height: pixelHeight, scale: scale, format: format,
                     bytesPerRow: bytesPerRow, storage: storage, byteOffset: 0)
    }

    /// Copies `source`'s pixels (a context of the same pixel size and format) into this one in
    /// one pass, with `move` made on the way: rows and spans inside the move's destination come
    /// from where the move takes them.
    func copyPixels(from source: GraphicsContext, moving move: PixelScroll?) {
        cairo_surface_flush(source.surface)
        cairo_surface_flush(surface)
        let rowBytes = min(bytesPerRow, source.bytesPerRow)
        var band = (top: 0, bottom: 0, left: 0, right: 0, dx: 0, dy: 0)
        if let move, let span = Self.moveSpan(move, width: pixelWidth, height: pixelHeight) {
            band = (span.top, span.bottom, span.left, span.right, move.dx, move.dy)
        }
        let bytesPerPixel = 4
        for row in 0..<pixelHeight {
            let destination = storage.bytes + row * bytesPerRow
            let sameRow = source.storage.bytes + row * source.bytesPerRow
            guard row >= band.top, row < band.bottom else {
                memcpy(destination, sameRow, rowBytes)
                continue
            }
            let moved = source.storage.bytes + (row - band.dy) * source.bytesPerRow + (band.left - band.dx) * bytesPerPixel
            memcpy(destination, sameRow, band.left * bytesPerPixel)
            memcpy(destination + band.left * bytesPerPixel, moved, (band.right - band.left) * bytesPerPixel)
            memcpy(destination + band.right * bytesPerPixel, sameRow + band.right * bytesPerPixel,
                   rowBytes - band.right * bytesPerPixel)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The destination of `move` in whole pixels inside the context — as ``movePixels(in:dx:dy:)``
    /// computes it —, or nil when it moves nothing.
    static func moveSpan(_ move: PixelScroll, width: Int, height: Int) -> (top: Int, bottom: Int, left: Int, right: Int)? {
        let region = move.region
        guard region.isFinite, !region.isNull, move.dx != 0 || move.dy != 0 else { return nil }
        let minX = max(Int(region.minX.rounded(.up)), 0), maxX = min(Int(region.maxX.rounded(.down)), width)
        let minY = max(Int(region.minY.rounded(.up)), 0), maxY = min(Int(region.maxY.rounded(.down)), height)
        let left = max(minX, minX + move.dx), right = min(maxX, maxX + move.dx)
        let top = max(minY, minY + move.dy), bottom = min(maxY, maxY + move.dy)
        guard left < right, top < bottom else { return nil }
        return (top, bottom, left, right)
    }
}
