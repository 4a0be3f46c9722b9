import LaminaGraphics

extension RenderTree {
    /// The framebuffer of `size` points at `scale` in whole device pixels (a fractional pixel at
    /// the edge counts as a pixel, as the compositor's framebuffer rounds up too).
    static func pixelBounds(of size: Size, scale: Double) -> Rect {
        let width = (size.width * scale - 1e-9).rounded(.up), height = (size.height * scale - 1e-9).rounded(.up)
        return Rect(x: 0, y: 0, width: max(width, 0), height: max(height, 0))
    }

    /// Changes the framebuffer's size (a window resize reaching the render thread) and returns
    /// the damage: the whole new framebuffer, since every pixel may now be placed differently;
    /// none when the size did not change. Sizes that are not finite are ignored (the window
    /// refuses them before they are sent).
    func resize(to newSize: Size) -> Damage {
        guard newSize != size, newSize.width.isFinite, newSize.height.isFinite,
              newSize.width > 0, newSize.height > 0 else { return Damage() }
        size = newSize
        pixelBounds = RenderTree.pixelBounds(of: newSize, scale: scale)
        // Whole-part rasters are cut to the old framebuffer (plus a margin): a larger one may
        // show parts they left out, so they are made again at the next paint.
        for node in nodes.values {
            for entry in node.rasters.values { rasterCache.remove(entry) }
            node.rasters = [:]
        }
        return Damage(rects: [pixelBounds])
    }
}
