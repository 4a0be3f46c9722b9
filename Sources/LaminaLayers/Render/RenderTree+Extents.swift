import LaminaGraphics

extension RenderTree {
    /// A cached rectangle enclosing everything a layer's subtree draws, in its superlayer's
    /// sublayer space (where `transformToSuperlayer` lands): what lets the compositor skip a
    /// sublayer that cannot reach the damage without visiting anything under it.
    enum Extent {
        /// Not computed since the subtree last changed.
        case unknown
        /// The subtree draws only inside this rectangle.
        case known(Rect)
        /// Not bounded by a rectangle in that space: the subtree casts a shadow, whose offset is
        /// in device space, or its geometry is not finite. Always visited.
        case unbounded
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

    /// The rectangle, in its superlayer's sublayer space, outside which layer `id`'s subtree
    /// draws nothing; nil when it cannot be bounded that way (see ``Extent/unbounded``).
    func cullingExtent(of id: LayerID) -> Rect? {
        guard let node = nodes[id] else { return nil }
        return cullingExtent(of: id, node)
    }

    /// ``cullingExtent(of:)`` for a layer whose node is at hand.
    func cullingExtent(of id: LayerID, _ node: Node) -> Rect? {
        switch node.extent {
        case .known(let rect): return rect
        case .unbounded: return nil
        case .unknown:
            let rect = computeExtent(of: id, node)
            node.extent = rect.map { .known($0) } ?? .unbounded
            return rect
        }
    }

    private func computeExtent(of id: LayerID, _ node: Node) -> Rect? {
        let state = node.state
        guard state.dropShadow == nil else { return nil }
        var local = Self.ownArea(of: state)
        let toBounds = state.sublayerTransformInBounds
        for child in children(of: id) {
            guard let childExtent = cullingExtent(of: child) else { return nil }
            let inBounds = nodes[child]?.isMask == true ? childExtent : toBounds.boundingBox(of: childExtent)
            local = local.union(inBounds)
        }
        if state.masksToBounds { local = local.intersection(state.bounds) }
        let extent = state.transformToSuperlayer.boundingBox(of: local)
        return extent.isFinite || extent.isNull ? extent : nil
    }
}
