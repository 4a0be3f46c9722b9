import LaminaGraphics

extension LayerTreeHost {
    /// Makes the next commit carry `size` (points) as the framebuffer's new size, so the render
    /// server reallocates its framebuffer in the frame that shows the tree laid out for it. The
    /// root is marked changed, so that commit sends a delta even when nothing else changed.
    /// Main thread; the caller (a window) checks the size first.
    public func resizeFramebuffer(to size: Size) {
        pendingFramebufferSize = size
        rootLayer.renderStateChanged()
    }
}
