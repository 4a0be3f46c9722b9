import LaminaGraphics

extension LayerPainter {
    /// Paints a layer that casts its shadow from everything it draws (no `shadowPath`): its
    /// drawing is rendered into an offscreen image, which is then composited with the layer's
    /// opacity beneath the shadow its alpha casts — Core Animation's order, and one picture, so
    /// overlapping sublayers cast one shadow.
    ///
    /// The shadow must be blurred from the whole shape, never from the part inside the damage:
    /// drawing outside a damaged rectangle still casts shadow into it. So the offscreen image
    /// covers the damage grown by the shadow's reach (towards where the shadow comes from), cut
    /// to the layer's visual extent, and the drawing in it is not clipped by the damage or by
    /// the ancestors' `masksToBounds` (a shadow is cast before an ancestor clips; the composite
    /// is clipped by both). The layer's own `masksToBounds` clips its drawing and its shadow.
    func paintCastingShadow(_ id: LayerID, _ node: RenderTree.Node, at placement: Placement, _ shadow: Shadow, alpha: Double) {
        let reverse = Shadow(offset: Size(width: -shadow.offset.width, height: -shadow.offset.height),
                             blur: shadow.blur, color: shadow.color)
        var sources = Rect.null
        for rect in damage.rects {
            sources = RenderTree.finiteUnion(sources, rect.union(tree.shadowExtent(of: rect, reverse)))
        }
        let region = sources.intersection(tree.visualExtent(of: id, at: placement.transform)).integral
        guard region.isFinite, !region.isEmpty else { return }
        let scale = context.scale
        let unclipped = Placement(transform: placement.transform, clip: region)
        guard let drawing = try? GraphicsContext.makeImage(width: region.width / scale, height: region.height / scale, scale: scale, { offscreen in
            offscreen.interpolationQuality = .low
            let painter = LayerPainter(tree: tree, context: offscreen, origin: region.origin, damage: Damage(rects: [region]))
            painter.paintBody(of: PaintedLayer(id: id, node: node, placement: unclipped, tree: tree, groupsOpacity: false), alpha: 1)
        }) else { return }

        let layer = PaintedLayer(id: id, node: node, placement: placement, tree: tree)
        context.saveGState()
        defer { context.restoreGState() }
        guard let clip = beginBoundsClip(of: layer) else { return }
        // The drawing and its shadow fall within the drawing's region and the shadow's reach
        // from it; clipped there, the shadow's mask and blur cover that much and not the whole
        // framebuffer, which is what they would cover in a frame with no damage clip.
        context.clip(to: userRect(RenderTree.finiteUnion(region, tree.shadowExtent(of: region, shadow)).integral))
        // The drawing's alpha carries the opacity into the shadow's coverage: the shadow colour
        // is taken as it is.
        context.alpha = alpha
        context.shadow = shadow
        context.draw(drawing, in: userRect(region))
        endBoundsClip(clip)
    }
}
