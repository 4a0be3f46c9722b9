import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

extension Compositor {
    /// Reallocates the framebuffer when `tree`'s size changed (a resize delta was applied), so
    /// that the frame composited next has the window's new size. The new framebuffer starts
    /// cleared; the tree damaged all of it when it took the new size, so the next
    /// ``composite(_:damage:)`` paints every pixel. Render thread.
    ///
    /// A size no framebuffer can have keeps the old framebuffer (the window refuses such sizes
    /// before they are sent, so this is only reached by a tree driven directly).
    public func matchSize(of tree: RenderTree) {
        guard tree.size != size else { return }
        do {
            let resized = try GraphicsContext(size: tree.size, scale: scale, opaque: backgroundColor.alpha >= 1)
            chain = Compositor.chain(for: resized)
            clear(resized.bounds, in: resized)
            overlayCanvas = nil
            size = tree.size
            pixelBounds = Compositor.pixelBounds(of: resized)
        } catch {
            if Trace.isEnabled { Trace.instant(.resizeRefused, arguments: ["error": "\(error)"]) }
        }
    }
}
