import LaminaGraphics

/// What the painter derives once per layer per frame: where it is, which of its children are
/// sublayers and which is its mask, and whether it composites as a group.
struct PaintedLayer {
    /// How a layer's drawing reaches its superlayer.
    enum GroupKind {
        /// Part by part, each multiplied by the opacity.
        case none
        /// Through one transparency layer: group opacity, or a shadow cast by the whole layer.
        case plain
        /// Through one transparency layer masked by the mask layer's alpha.
        case masked
    }

    let id: LayerID
    let node: RenderTree.Node
    let placement: RenderTree.Placement
    /// Bounds space → device pixels, snapped where ``PixelSnapping`` allows.
    let snappedTransform: AffineTransform
    /// Where the layer draws itself, in device pixels.
    let ownArea: Rect
    /// Its mask layer, when the tree has it.
    let mask: (id: LayerID, node: RenderTree.Node)?
    let groupKind: GroupKind

    init(id: LayerID, node: RenderTree.Node, placement: RenderTree.Placement, tree: RenderTree) {
        self.id = id
        self.node = node
        self.placement = placement
        let placed = node.placed(at: placement.transform)
        snappedTransform = placed.snappedTransform
        ownArea = placed.ownArea
        if let maskID = node.state.mask, tree.isChild(maskID, of: id, asMask: true), let maskNode = tree.nodes[maskID] {
            mask = (maskID, maskNode)
        } else {
            mask = nil
        }
        groupKind = Self.groupKind(of: node.state, hasSublayers: !node.state.sublayers.isEmpty, hasMask: mask != nil)
    }

    /// The layer's state, shared with the tree rather than copied.
    var state: LayerRenderState { node.state }

    /// Group opacity applies only when there are sublayers to group (alone, a layer's parts do
    /// not overlap in a way that shows the difference, and the group costs an offscreen pass).
    private static func groupKind(of state: LayerRenderState, hasSublayers: Bool, hasMask: Bool) -> GroupKind {
        if hasMask { return .masked }
        if state.dropShadow != nil && state.shadowPath == nil { return .plain }
        if state.opacity < 1 && state.allowsGroupOpacity && hasSublayers { return .plain }
        return .none
    }
}
