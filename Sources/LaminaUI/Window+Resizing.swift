import LaminaGraphics

extension Window {
    /// The window's size in points (its bounds' size).
    public var size: Size { bounds.size }

    /// Resizes the window to `size` points: the window's bounds change (so it lays out again at
    /// the next commit, as any view whose bounds change), and that commit carries the new size
    /// to the render server, which reallocates its framebuffer and re-renders every pixel for the
    /// frame. An X11 window's ConfigureNotify arrives here. The same size does nothing. Main
    /// thread.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError/invalidPointSize(_:)`` for a size that is not
    ///   finite and positive; ``/LaminaGraphics/GraphicsError/invalidSize(width:height:)`` when, at
    ///   the window's scale, it has no pixel or more than
    ///   ``/LaminaGraphics/Image/maximumDimension`` pixels a side. The window is unchanged then.
    public func resize(to size: Size) throws(GraphicsError) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidPointSize(size)
        }
        let width = (size.width * scale - 1e-9).rounded(.up), height = (size.height * scale - 1e-9).rounded(.up)
        let pixels = 1...Double(Image.maximumDimension)
        guard pixels.contains(width), pixels.contains(height) else {
            throw .invalidSize(width: Int(clamping: Int64(min(width, 1e18))), height: Int(clamping: Int64(min(height, 1e18))))
        }
        guard size != bounds.size else { return }
        frame = Rect(origin: frame.origin, size: size)
        host?.resizeFramebuffer(to: size)
        setNeedsLayout()
    }
}
