import LaminaGraphics

extension RenderTree {
    /// A layer's scroll shown by moving pixels: the move, and the damage it needs around it.
    struct ScrollBlit {
        let scroll: PixelScroll
        /// Pixels of the moved region that other layers draw over, as the tree stands before the
        /// scroll: those pixels move with the region's, so they are stale where they were and
        /// where they go (``FrameUpdate`` carries damage added before a move along with it).
        let covered: Damage
        /// Pixels the layer shows outside the moved region — its edges where a clip above it
        /// cuts a pixel in part —, stale after the scroll and not moved.
        let edges: Damage
    }

    /// How layer `id`'s change from `old` to `new` — its bounds origin and nothing else moved —
    /// can be shown by moving the pixels it covers on screen, worked out in the tree as it stands
    /// (before the change); nil when it cannot, and the subtree is damaged instead.
    ///
    /// It can when every pixel of the layer's visible rectangle shows only the layer and its
    /// sublayers (and what other layers draw over them), and the pixels a redraw would give after
    /// the scroll are those pixels moved:
    /// - the layer clips to its bounds and fills them with an opaque background, square, with no
    ///   border, contents, mask or shadow, fully opaque and shown;
    /// - nothing above it changes its pixels' colours or shapes them: no ancestor is a mask,
    ///   has a mask, casts a shadow from its drawing or is less than opaque, and every ancestor
    ///   that clips is upright and square;
    /// - its bounds reach the screen through a translation and a whole-number scale (so it and
    ///   its sublayers are snapped to whole pixels, ``PixelSnapping``), and the origin moves by
    ///   whole device pixels.
    func scrollBlit(of id: LayerID, from old: LayerRenderState, to new: LayerRenderState) -> ScrollBlit? {
        guard Self.fillsItsBoundsOpaquely(old), let path = pathFromRoot(to: id) else { return nil }
        var placements: [Placement] = []
        for (index, (_, node)) in path.enumerated() {
            let placement = index == 0 ? rootPlacement(of: node.state)
                : Self.placement(of: node, under: path[index - 1].node.state, at: placements[index - 1])
            placements.append(placement)
            if index < path.count - 1, !Self.letsPixelsThrough(node.state, at: placement) { return nil }
        }
        let transform = placements[path.count - 1].transform, clip = placements[path.count - 1].clip
        guard PixelSnapping.isSnappable(transform) else { return nil }
        let dx = -(new.bounds.minX - old.bounds.minX) * transform.a
        let dy = -(new.bounds.minY - old.bounds.minY) * transform.d
        guard dx.isFinite, dy.isFinite, abs(dx - dx.rounded()) < 1e-6, abs(dy - dy.rounded()) < 1e-6 else { return nil }

        let snapped = PixelSnapping.snapped(transform, for: old.bounds).boundingBox(of: old.bounds)
        let region = snapped.intersection(clip).intersection(pixelBounds).roundedInwards
        guard !region.isNull else { return nil }
        let shown = snapped.union(transform.boundingBox(of: old.bounds)).intersection(clip).intersection(pixelBounds)
        let edges = Damage(rects: shown.isNull ? [] : shown.integral.subtracting(region))
        var covered = Damage()
        for level in 0..<(path.count - 1) {
            covered.formUnion(coverage(by: path[level], over: path[level + 1].id, at: placements[level], in: region))
        }
        return ScrollBlit(scroll: PixelScroll(region: region, dx: Int(dx.rounded()), dy: Int(dy.rounded())),
                          covered: covered, edges: edges)
    }

    /// Where, inside `region`, the layer `parent` (placed at `placement`) draws over its sublayer
    /// `child`: the sublayers drawn after it, and its own border.
    private func coverage(by parent: (id: LayerID, node: Node), over child: LayerID, at placement: Placement,
                          in region: Rect) -> Damage {
        var covered = Damage()
        let state = parent.node.state
        if state.borderWidth > 0 {
            covered.add(Self.drawnArea(of: state, at: placement.transform).intersection(region))
        }
        let order = sublayersInDrawingOrder(of: parent.id, parent.node)
        guard let position = order.firstIndex(where: { $0.0 == child }) else { return covered }
        for (id, node) in order[(position + 1)...] {
            let above = Self.placement(of: node, under: state, at: placement)
            covered.add(visualExtent(of: id, at: above.transform).intersection(above.clip).intersection(region))
        }
        return covered
    }

    /// The layers from the root down to `id`, both included; nil when `id` is not attached to
    /// the root as a sublayer (a mask draws into a mask image, not the framebuffer).
    private func pathFromRoot(to id: LayerID) -> [(id: LayerID, node: Node)]? {
        var path: [(id: LayerID, node: Node)] = []
        var current = id
        while true {
            // A cycle of parent links (bad input) would otherwise walk forever.
            guard path.count <= nodes.count, let node = nodes[current] else { return nil }
            path.append((current, node))
            if current == root { break }
            guard !node.isMask, let parent = node.parent else { return nil }
            current = parent
        }
        return path.reversed()
    }

    /// Whether the layer covers every pixel of its bounds with one opaque colour under its
    /// sublayers, and draws nothing else itself.
    private static func fillsItsBoundsOpaquely(_ state: LayerRenderState) -> Bool {
        state.masksToBounds && !state.isInvisible && state.opacity >= 1 && (state.backgroundColor?.alpha ?? 0) >= 1
            && !(state.cornerRadius > 0) && !(state.borderWidth > 0) && state.contents == nil && state.mask == nil
            && state.dropShadow == nil && state.bounds.isFinite
    }

    /// Whether an ancestor placed at `placement` passes its sublayers' pixels to the screen
    /// unchanged: no opacity, mask or cast shadow, and a clip (if any) along whole upright edges.
    private static func letsPixelsThrough(_ state: LayerRenderState, at placement: Placement) -> Bool {
        guard !state.isInvisible, state.opacity >= 1, state.mask == nil, state.castShadow == nil else { return false }
        guard state.masksToBounds else { return true }
        return !(state.cornerRadius > 0) && LayerPainter.isUpright(placement.transform)
    }
}
