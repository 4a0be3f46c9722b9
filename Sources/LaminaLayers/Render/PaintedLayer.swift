import LaminaGraphics

/// What the painter derives once per layer per frame: where it is, which of its children are
/// sublayers and which is its mask, and whether it composites as a group.
struct PaintedLayer {
    /// How a layer's drawing reaches its superlayer.
    enum GroupKind {
        /// Part by part, each multiplied by the opacity.
        case none
        /// Through one transparency layer: group opacity.
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

    /// `groupsOpacity` false: the caller composites the layer's drawing as one picture with its
    /// opacity (a layer casting a shadow from its drawing), so no opacity group is opened.
    init(id: LayerID, node: RenderTree.Node, placement: RenderTree.Placement, tree: RenderTree, groupsOpacity: Bool = true) {
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
        groupKind = mask != nil ? .masked : groupsOpacity && node.state.groupsOpacity ? .plain : .none
    }

    /// The layer's state, shared with the tree rather than copied.
    var state: LayerRenderState { node.state }

    /// Where what the layer draws itself can change pixels (device pixels): its own area, and the
    /// shadow of its `shadowPath`.
    func ownReach(in tree: RenderTree) -> Rect {
        guard let shadow = state.dropShadow, let path = state.shadowPath else { return ownArea }
        let caster = placement.transform.boundingBox(of: path.boundingBox)
        return RenderTree.finiteUnion(ownArea, tree.shadowExtent(of: caster, shadow))
    }
}
