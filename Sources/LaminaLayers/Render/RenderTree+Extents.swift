import LaminaGraphics

extension RenderTree {
    /// A cached rectangle enclosing everything a layer's subtree draws, in its superlayer's
    /// sublayer space (where `transformToSuperlayer` lands): what lets the compositor skip a
    /// sublayer that cannot reach the damage without visiting anything under it.
    enum Extent {
        /// Not computed since the subtree last changed.
        case unknown
        /// The subtree draws only inside this rectangle (see ``CullingExtent``).
        case known(CullingExtent)
        /// Not bounded by a rectangle in that space: a shadow in the subtree under a rotation or
        /// scale, or geometry that is not finite. Always visited.
        case unbounded
    }

    /// Where a subtree draws, in its superlayer's sublayer space.
    struct CullingExtent {
        let rect: Rect
        /// Whether `rect` holds only while that space lands on device pixels upright at the
        /// tree's scale (a translation of points times ``scale``): the subtree casts a shadow,
        /// whose offset and blur are in device space, and `rect` includes their reach as they
        /// fall there. The compositor visits such a subtree whatever the damage elsewhere.
        let uprightOnly: Bool
    }

    /// Whether `transform` (a sublayer space to device pixels) lands upright at the tree's
    /// scale, where ``CullingExtent/uprightOnly`` extents hold.
    func isUprightAtScale(_ transform: AffineTransform) -> Bool {
        transform.b == 0 && transform.c == 0 && abs(transform.a - scale) < 1e-9 && abs(transform.d - scale) < 1e-9
    }

    /// Forgets the cached extents of `id` and its ancestors, which all enclose it, and marks
    /// each forgotten one stale in its parent's ``SublayerGrid``. Stops at a node already
    /// forgotten: its ancestors were forgotten with it (and it was marked then), and recomputing
    /// an extent recomputes the forgotten ones under it first.
    func invalidateExtents(from id: LayerID) {
        var current: LayerID? = id
        var previous: LayerID?
        var steps = 0
        while let next = current, let node = nodes[next], steps <= nodes.count {
            if let previous { node.sublayerGrid?.markStale(previous) }
            if case .unknown = node.extent, next != id { return }
            node.extent = .unknown
            previous = next
            current = node.parent
            steps += 1
        }
    }

    /// Where layer `id`'s subtree draws, in its superlayer's sublayer space; nil when it cannot
    /// be bounded that way (see ``Extent/unbounded``).
    func cullingExtent(of id: LayerID) -> CullingExtent? {
        guard let node = nodes[id] else { return nil }
        return cullingExtent(of: id, node)
    }

    /// ``cullingExtent(of:)`` for a layer whose node is at hand.
    func cullingExtent(of id: LayerID, _ node: Node) -> CullingExtent? {
        switch node.extent {
        case .known(let extent): return extent
        case .unbounded: return nil
        case .unknown:
            let extent = computeExtent(of: id, node)
            node.extent = extent.map { .known($0) } ?? .unbounded
            return extent
        }
    }

    /// The layer's own area, its children's extents and its shadow's reach, in its bounds space,
    /// clipped by `masksToBounds` as the painter clips (its own shadow included), then taken to
    /// its superlayer's space. A shadow's reach is in device pixels, so it is bounded here only
    /// through translations, assuming the superlayer's space lands upright at the tree's scale.
    private func computeExtent(of id: LayerID, _ node: Node) -> CullingExtent? {
        let state = node.state
        let toSuperlayer = node.transformToSuperlayer
        var local = Self.ownArea(of: state)
        var uprightOnly = false
        let toBounds = state.sublayerTransformInBounds
        for child in children(of: id) {
            guard let childExtent = cullingExtent(of: child) else { return nil }
            let isMask = nodes[child]?.isMask == true
            if childExtent.uprightOnly {
                guard Self.isTranslation(toSuperlayer), isMask || Self.isTranslation(toBounds) else { return nil }
                uprightOnly = true
            }
            local = local.union(isMask ? childExtent.rect : toBounds.boundingBox(of: childExtent.rect))
        }
        if let shadow = state.dropShadow {
            guard Self.isTranslation(toSuperlayer) else { return nil }
            let caster = state.shadowPath?.boundingBox ?? local
            let reach = shadow.reach(atScale: scale) / scale
            local = Self.finiteUnion(local, caster.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
                .insetBy(dx: -reach, dy: -reach))
            uprightOnly = true
        }
        if state.masksToBounds { local = local.intersection(state.bounds) }
        let extent = toSuperlayer.boundingBox(of: local)
        return extent.isFinite || extent.isNull ? CullingExtent(rect: extent, uprightOnly: uprightOnly) : nil
    }

    private static func isTranslation(_ transform: AffineTransform) -> Bool {
        transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
    }
}
