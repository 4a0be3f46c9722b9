import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

/// Resizing: a window's new size travels to the render thread in the next delta
/// (``RenderTreeDelta/size``), where the render tree takes it (damaging everything) and the
/// compositor reallocates its framebuffer before the frame is composited.
extension RenderServer {
    /// The framebuffer's size in points, as of the last delta submitted (the frames follow once
    /// that delta is presented). Any thread.
    public var size: Size {
        submittedSize.withLock { $0 }
    }

    /// Remembers the size a submitted delta carries. Any thread (the submitting one).
    func recordSize(of delta: RenderTreeDelta) {
        guard let size = delta.size else { return }
        submittedSize.withLock { $0 = size }
    }
}
