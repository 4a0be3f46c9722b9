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
        let clip = sublayerClip(under: parent, at: placement)
        var toParent = child.transformToSuperlayer
        if !child.isMask, !parent.sublayerTransform.isIdentity {
            toParent = toParent.concatenating(parent.sublayerTransformInBounds)
        }
        return Placement(transform: toParent.concatenating(placement.transform), clip: clip)
    }

    /// What the sublayers (and mask) of `parent`, placed at `placement`, are clipped to.
    static func sublayerClip(under parent: LayerRenderState, at placement: Placement) -> Rect {
        parent.masksToBounds ? placement.clip.intersection(clipArea(of: parent, at: placement.transform)) : placement.clip
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

    /// Where a layer's own area lands in device pixels through `transform`: where the painter
    /// draws it (snapped, ``PixelSnapping``) and where it would be unsnapped, so damage covers
    /// both the old and the new pixels of a layer that snapping moves.
    static func drawnArea(of state: LayerRenderState, at transform: AffineTransform) -> Rect {
        drawnArea(ownArea(of: state), at: transform, snapped: PixelSnapping.snapped(transform, for: state.bounds))
    }

    /// Where `area` (bounds space) lands in device pixels, through `transform` and through its
    /// snapped form `snapped`: the union of the two.
    static func drawnArea(_ area: Rect, at transform: AffineTransform, snapped: AffineTransform) -> Rect {
        finiteUnion(transform.boundingBox(of: area), snapped.boundingBox(of: area))
    }

    /// Adds the layer's own rectangle, where it is now.
    func addOwnDamage(of id: LayerID, to damage: inout Damage) {
        guard let placement = placement(of: id), let state = nodes[id]?.state else { return }
        addDamage(Self.drawnArea(of: state, at: placement.transform), drawnBy: id, clip: placement.clip, to: &damage)
    }

    /// Adds `part` of the layer (bounds space), where it is now: a partial redraw's damage. The
    /// redraw changed the backing store's pixels that `part` touches (an antialiased edge
    /// changes a whole pixel); they show where the contents frame places them, and when the
    /// contents are resampled on their way to the screen (a bitmap of another size than its
    /// place, or a rotation), each also blends into its neighbours.
    func addPartDamage(of id: LayerID, _ part: Rect, to damage: inout Damage) {
        guard let placement = placement(of: id), let state = nodes[id]?.state, part.isFinite else { return }
        let snapped = PixelSnapping.snapped(placement.transform, for: state.bounds)
        var area = part
        if let contents = state.visibleContents, contents.width > 0, contents.height > 0 {
            let bounds = state.bounds.standardized, scale = contents.scale
            var pixels = Rect(x: (part.minX - bounds.minX) * scale, y: (part.minY - bounds.minY) * scale,
                              width: part.width * scale, height: part.height * scale).integral
            let frame = state.contentsFrame(for: contents)
            let drawnThrough = LayerPainter.contentsTransform(frame, of: state, at: placement.transform, snapped: snapped)
            if !LayerPainter.mapsOneToOne(frame, contents, under: drawnThrough) { pixels = pixels.insetBy(dx: -1, dy: -1) }
            let perPixel = (x: frame.width / Double(contents.width), y: frame.height / Double(contents.height))
            area = Rect(x: frame.minX + pixels.minX * perPixel.x, y: frame.minY + pixels.minY * perPixel.y,
                        width: pixels.width * perPixel.x, height: pixels.height * perPixel.y)
        }
        addDamage(Self.drawnArea(area, at: placement.transform, snapped: snapped), drawnBy: id, clip: placement.clip, to: &damage)
    }

    /// Adds the rectangle of the layer's whole subtree, where it is now.
    func addSubtreeDamage(of id: LayerID, to damage: inout Damage) {
        guard let placement = placement(of: id) else { return }
        addDamage(visualExtent(of: id, at: placement.transform), drawnBy: id, clip: placement.clip, to: &damage)
    }

    /// Adds `area` (device pixels), where layer `id` draws, and every pixel the shadows its
    /// ancestors cast from their drawing carry it to. Without such a shadow the area is clipped to
    /// what the ancestors' `masksToBounds` leave visible; with one it is not, since a shadow is
    /// cast by the caster's drawing before any ancestor clips it.
    private func addDamage(_ area: Rect, drawnBy id: LayerID, clip: Rect, to damage: inout Damage) {
        var reach = area
        var castsShadow = false
        var current = nodes[id]?.parent
        var steps = 0
        // A cycle of parent links (bad input) would otherwise walk forever.
        while let ancestor = current, let node = nodes[ancestor], steps <= nodes.count {
            if let shadow = node.state.castShadow {
                reach = Self.finiteUnion(reach, shadowExtent(of: reach, shadow))
                castsShadow = true
            }
            current = node.parent
            steps += 1
        }
        damage.add((castsShadow ? reach : area.intersection(clip)).intersection(pixelBounds))
    }

    /// A layer's visual extent: where it and everything under it can change pixels, in device
    /// pixels, when its bounds space lands on screen through `transform` — its own area, its
    /// sublayers' and mask's visual extents, the shadow it casts (from its whole drawing, or from
    /// its `shadowPath`), all clipped to its bounds when it masks to them. Ancestors' clips are
    /// not applied: the caller clips where they apply. Bounding boxes, so never smaller than the
    /// truth.
    func visualExtent(of id: LayerID, at transform: AffineTransform) -> Rect {
        nodesVisited += 1
        guard let node = nodes[id] else { return .null }
        let state = node.state
        var extent = Self.drawnArea(of: state, at: transform)
        let toSublayers = state.sublayerTransformInBounds.concatenating(transform)
        for child in children(of: id) {
            guard let childNode = nodes[child] else { continue }
            let childTransform = childNode.transformToSuperlayer.concatenating(childNode.isMask ? transform : toSublayers)
            extent = Self.finiteUnion(extent, visualExtent(of: child, at: childTransform))
        }
        if let shadow = state.dropShadow {
            let caster = state.shadowPath.map { transform.boundingBox(of: $0.boundingBox) } ?? extent
            extent = Self.finiteUnion(extent, shadowExtent(of: caster, shadow))
        }
        if state.masksToBounds { extent = extent.intersection(Self.clipArea(of: state, at: transform)) }
        return extent
    }

    /// Where a layer that masks to bounds lets anything through, in device pixels: its bounds
    /// through `transform` and through the snapped transform it is painted with (a layer under
    /// half a pixel wide keeps its width and is moved onto the nearest pixel, outside the
    /// unsnapped rectangle).
    static func clipArea(of state: LayerRenderState, at transform: AffineTransform) -> Rect {
        drawnArea(state.bounds, at: transform, snapped: PixelSnapping.snapped(transform, for: state.bounds))
    }

    /// Where a shadow cast by `area` (device pixels) can reach: moved by its offset (in points,
    /// as the graphics context applies it) and grown by the blur's reach.
    func shadowExtent(of area: Rect, _ shadow: Shadow) -> Rect {
        let reach = shadow.reach(atScale: scale)
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
