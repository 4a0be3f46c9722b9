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
        guard region.isFinite, !region.isNull else { return }
        let minX = max(Int(region.minX.rounded(.up)), 0), maxX = min(Int(region.maxX.rounded(.down)), pixelWidth)
        let minY = max(Int(region.minY.rounded(.up)), 0), maxY = min(Int(region.maxY.rounded(.down)), pixelHeight)
        // The destination: the region's pixels that a pixel of the region lands on.
        let left = max(minX, minX + dx), right = min(maxX, maxX + dx)
        let top = max(minY, minY + dy), bottom = min(maxY, maxY + dy)
        guard left < right, top < bottom, dx != 0 || dy != 0 else { return }
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
}
