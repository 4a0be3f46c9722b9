import LaminaGraphics

extension RenderTree {
    /// Where a layer's bounds space lands on screen.
    struct Placement {
        /// From the layer's bounds space to device pixels.
        var transform: AffineTransform
        /// What its ancestors' `masksToBounds` leave visible, in device pixels (bounding boxes,
        /// so never smaller than the true clip).
        var clip: Rect
    }

    /// The root's placement: its own geometry in window points, then the scale to pixels.
    func rootPlacement(of state: LayerRenderState) -> Placement {
        Placement(transform: state.transformToSuperlayer.concatenating(AffineTransform(scaleX: scale, y: scale)),
                  clip: pixelBounds)
    }

    /// The placement of a sublayer (or mask, which ignores the sublayer transform) of `parent`,
    /// which is placed at `placement`.
    static func placement(of child: Node, under parent: LayerRenderState, at placement: Placement) -> Placement {
        var clip = placement.clip
        if parent.masksToBounds {
            clip = clip.intersection(placement.transform.boundingBox(of: parent.bounds))
        }
        var toParent = child.transformToSuperlayer
        if !child.isMask, !parent.sublayerTransform.isIdentity {
            toParent = toParent.concatenating(parent.sublayerTransformInBounds)
        }
        return Placement(transform: toParent.concatenating(placement.transform), clip: clip)
    }

    /// Where layer `id` is on screen, found by walking up to the root; nil when it is not
    /// attached to the root.
    func placement(of id: LayerID) -> Placement? {
        var chain: [LayerID] = []
        var current = id
        while current != root {
            // A cycle of parent links (bad input) would otherwise walk forever.
            guard chain.count <= nodes.count, let parent = nodes[current]?.parent else { return nil }
            chain.append(current)
            current = parent
        }
        guard let rootState = nodes[current]?.state else { return nil }
        nodesVisited += chain.count + 1
        var placement = rootPlacement(of: rootState)
        var parentState = rootState
        for id in chain.reversed() {
            guard let node = nodes[id] else { return nil }
            placement = Self.placement(of: node, under: parentState, at: placement)
            parentState = node.state
        }
        return placement
    }

    /// The area a layer draws itself in, in its bounds space: its bounds, and contents that
    /// overflow them unless it masks to bounds.
    static func ownArea(of state: LayerRenderState) -> Rect {
        guard !state.masksToBounds, let image = state.visibleContents else { return state.bounds }
        return finiteUnion(state.bounds, state.contentsFrame(for: image))
    }

    /// Adds the layer's own rectangle, where it is now.
    func addOwnDamage(of id: LayerID, to damage: inout Damage) {
        guard let placement = placement(of: id), let state = nodes[id]?.state else { return }
        let rect = placement.transform.boundingBox(of: Self.ownArea(of: state))
        damage.add(rect.intersection(placement.clip).intersection(pixelBounds))
    }

    /// Adds `part` of the layer (bounds space), where it is now: a partial redraw's damage.
    func addPartDamage(of id: LayerID, _ part: Rect, to damage: inout Damage) {
        guard let placement = placement(of: id), part.isFinite else { return }
        damage.add(placement.transform.boundingBox(of: part).intersection(placement.clip).intersection(pixelBounds))
    }

    /// Adds the rectangle of the layer's whole subtree, where it is now.
    func addSubtreeDamage(of id: LayerID, to damage: inout Damage) {
        guard let placement = placement(of: id) else { return }
        damage.add(subtreeExtent(of: id, at: placement).intersection(pixelBounds))
    }

    /// Where the layer and everything under it draw, shadows included, in device pixels.
    func subtreeExtent(of id: LayerID, at placement: Placement) -> Rect {
        nodesVisited += 1
        guard let node = nodes[id] else { return .null }
        var extent = placement.transform.boundingBox(of: Self.ownArea(of: node.state))
        for child in children(of: id) {
            guard let childNode = nodes[child] else { continue }
            let childPlacement = Self.placement(of: childNode, under: node.state, at: placement)
            extent = Self.finiteUnion(extent, subtreeExtent(of: child, at: childPlacement))
        }
        if let shadow = node.state.dropShadow {
            extent = Self.finiteUnion(extent, shadowExtent(of: extent, shadow))
        }
        return extent.intersection(placement.clip)
    }

    /// Where a shadow cast by `area` (device pixels) can reach: offset (in points, as the
    /// graphics context applies it) and grown by three standard deviations of the blur plus a
    /// pixel of rounding. A `shadowPath` is assumed to lie within the layer's own extent.
    func shadowExtent(of area: Rect, _ shadow: Shadow) -> Rect {
        let reach = (3 * shadow.blur / 2 * scale).rounded(.up) + 2
        return area.offsetBy(dx: shadow.offset.width * scale, dy: shadow.offset.height * scale)
            .insetBy(dx: -reach, dy: -reach)
    }

    /// The union of the finite ones of `a` and `b`: NaN geometry adds no area.
    static func finiteUnion(_ a: Rect, _ b: Rect) -> Rect {
        switch (a.isFinite || a.isNull, b.isFinite || b.isNull) {
        case (true, true): a.union(b)
        case (true, false): a
        case (false, true): b
        case (false, false): .null
        }
    }
}
