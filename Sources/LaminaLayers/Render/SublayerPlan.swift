import LaminaGraphics

/// What a full frame needs of a layer's sublayers, read from their nodes once: for each sublayer
/// in drawing order, what it draws when it is a layer of contents only (``LayerPainter/ContentsPart``),
/// or nothing for one the painter visits by its general path.
///
/// A plan holds for one placement of the layer: a frame that paints all the layer's sublayers
/// (no culling: one damage rectangle covers everything they can reach) while neither the layer
/// moved nor any of its sublayers changed — a full-screen dimming layer fading above a list
/// that stays put, a resize elsewhere, the debug overlays' frames — draws from the plan's array
/// instead of reading a thousand nodes spread over the heap. Everything in it is a pure function
/// of the sublayers' states and the placement, so a frame drawn from it is the frame drawn
/// without it: the damage and the clip are still tested per sublayer. The plan lives in the
/// layer's node and goes with its drawing order (`RenderTree.forgetSublayers(ofParentOf:)`).
final class SublayerPlan {
    /// The layer's placement transform the plan was made for.
    let transform: AffineTransform
    /// One entry per sublayer in drawing order: nil for a sublayer painted by the general path.
    let parts: [LayerPainter.ContentsPart?]

    init(transform: AffineTransform, parts: [LayerPainter.ContentsPart?]) {
        self.transform = transform
        self.parts = parts
    }
}

extension LayerPainter {
    /// The plan for `layer`'s sublayers (`sublayers`, its drawing order) at its placement: the
    /// one its node keeps when it was made for the same placement, else a new one, kept.
    func sublayerPlan(of layer: PaintedLayer, _ sublayers: [(LayerID, RenderTree.Node)]) -> SublayerPlan {
        let transform = layer.placement.transform
        if let kept = layer.node.sublayerPlan, kept.transform == transform, kept.parts.count == sublayers.count {
            return kept
        }
        let parts = sublayers.map { _, node -> ContentsPart? in
            guard node.drawsOnlyContents else { return nil }
            return Self.contentsPart(of: node, at: RenderTree.placement(of: node, under: layer.state, at: layer.placement).transform)
        }
        let plan = SublayerPlan(transform: transform, parts: parts)
        layer.node.sublayerPlan = plan
        return plan
    }
}
