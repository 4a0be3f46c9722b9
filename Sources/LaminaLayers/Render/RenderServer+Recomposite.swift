import LaminaGraphics

extension RenderServer {
    /// The frame a full recomposite of the render tree as it stands now gives: every layer's
    /// current state copied into a new render tree, composited whole into a new framebuffer —
    /// no damage, no culling, and none of the extents, placements or surfaces the server's own
    /// tree caches from earlier frames. Nil after ``shutdown()``.
    ///
    /// Damage tracking is an optimisation, so a presented frame must never depend on the history
    /// of commits that led to its tree: once a commit is presented (and none follows), the last
    /// presented frame equals this image. Tests compare the two.
    ///
    /// Any thread; waits for the render thread, which does the work.
    public func recompositeFromScratch() -> Image? {
        let (scale, background) = (self.scale, backgroundColor)
        return withRenderTree { tree -> Image? in
            let size = tree.size
            let fresh = RenderTree(size: size, scale: scale)
            fresh.apply(RenderTreeDelta(commitID: 0, root: tree.root, updated: tree.states))
            guard let compositor = try? Compositor(size: size, scale: scale, backgroundColor: background) else { return nil }
            compositor.composite(fresh, damage: Damage(rects: [compositor.pixelBounds]))
            return compositor.makeImage()
        } ?? nil
    }
}
