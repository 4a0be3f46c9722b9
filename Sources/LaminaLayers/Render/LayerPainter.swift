import LaminaGraphics

/// Paints the layers of a ``RenderTree`` that reach a damaged region into a graphics context, for
/// one frame. The ``Compositor`` uses one for the framebuffer; a layer with a `mask` uses another
/// to render its mask into an offscreen image.
///
/// Every part is drawn with an absolute transform (layer bounds space → device pixels, snapped
/// where ``PixelSnapping`` allows), set up and torn down around the part, so the context's own
/// transform is the identity between parts. That keeps snapping per layer rather than
/// accumulated, and lets clips and transparency layers nest freely around sublayers.
struct LayerPainter {
    let tree: RenderTree
    let context: GraphicsContext
    /// The device pixel at the context's origin: zero for the framebuffer, the corner of the
    /// region an offscreen mask image covers.
    let origin: Point
    /// Only layers that can draw into these pixels are painted.
    let damage: Damage

    typealias Placement = RenderTree.Placement

    /// Paints the tree from its root.
    func paintTree() {
        guard let root = tree.root, let node = tree.nodes[root] else { return }
        paint(root, node, at: tree.rootPlacement(of: node.state), alpha: 1)
    }

    /// Paints one layer and its sublayers, multiplied by the `alpha` its ancestors pass down.
    func paint(_ id: LayerID, _ node: RenderTree.Node, at placement: Placement, alpha: Double) {
        if node.drawsOnlyContents {
            switch contentsOnly(node, at: placement, alpha: alpha) {
            case .skipped: return
            case .blit(let blit): return context.draw([blit])
            case .resampled: break
            }
        }
        paintLayer(id, node, at: placement, alpha: alpha)
    }

    /// ``paint(_:_:at:alpha:)`` by the general path: every part the layer has.
    private func paintLayer(_ id: LayerID, _ node: RenderTree.Node, at placement: Placement, alpha: Double) {
        guard !node.state.isInvisible, placement.transform.isFinite, placement.transform.determinant != 0 else { return }
        let state = node.state
        let boundsOnScreen = RenderTree.clipArea(of: state, at: placement.transform).intersection(placement.clip)
        if state.masksToBounds && !damage.intersects(boundsOnScreen) { return }
        let opacity = alpha * min(state.opacity, 1)
        if let shadow = state.castShadow {
            paintCastingShadow(id, node, at: placement, shadow, alpha: opacity)
        } else {
            paintBody(of: PaintedLayer(id: id, node: node, placement: placement, tree: tree), alpha: opacity)
        }
    }

    /// Paints what one layer draws and its sublayers — shadow path, background, contents,
    /// sublayers, border — clipped to its bounds when it masks to them, through a group for group
    /// opacity or a mask. `alpha` includes the layer's own opacity.
    func paintBody(of layer: PaintedLayer, alpha: Double) {
        let state = layer.state
        // What the layer draws itself is drawn only where it can reach the damage.
        let drawsOwnParts = damage.intersects(layer.ownReach(in: tree).intersection(layer.placement.clip))

        // Only a clip or a group changes the context's state beyond the parts' own saves.
        let savesState = state.masksToBounds || layer.groupKind != .none
        if savesState { context.saveGState() }
        defer { if savesState { context.restoreGState() } }
        guard let clip = beginBoundsClip(of: layer) else { return }
        defer { endBoundsClip(clip) }
        var partAlpha = alpha
        var open: OpenGroup?
        if layer.groupKind != .none {
            guard let group = beginGroup(for: layer, alpha: partAlpha) else { return }
            open = group
            partAlpha = 1
        }
        if drawsOwnParts {
            paintShadowPath(of: layer, alpha: partAlpha)
            paintBackground(of: layer, alpha: partAlpha)
            paintContents(of: layer, alpha: partAlpha)
        }
        paintSublayers(of: layer, alpha: partAlpha)
        if drawsOwnParts { paintBorder(of: layer, alpha: partAlpha) }
        if let open { endGroup(open) }
    }

    /// Sublayers in Core Animation's order: ascending zPosition, then list order. A sublayer
    /// whose whole subtree misses the damage is skipped unvisited; among many sublayers, only
    /// those the layer's ``SublayerGrid`` puts near the damage are looked at. Consecutive
    /// sublayers that are one blit each are gathered and drawn together
    /// (``/LaminaGraphics/GraphicsContext/draw(_:)``).
    private func paintSublayers(of layer: PaintedLayer, alpha: Double) {
        let ids = layer.node.state.sublayers
        guard !ids.isEmpty else { return }
        let sublayerSpace = layer.state.sublayerTransformInBounds.concatenating(layer.placement.transform)
        let clip = layer.state.masksToBounds ? layer.placement.clip.intersection(layer.ownArea) : layer.placement.clip
        // When one damage rectangle covers all the sublayers can reach (a full frame), none can
        // miss it: culling would only cost.
        let cullable = !damage.rects.contains { $0.contains(clip) }
        let sublayers: [(LayerID, RenderTree.Node)]
        let upright = tree.isUprightAtScale(sublayerSpace)
        if cullable, let areas = damageAreas(inSublayerSpace: sublayerSpace, clip: clip),
           let positions = tree.sublayerPositions(of: layer.node, meeting: areas, upright: upright) {
            sublayers = RenderTree.drawingOrder(positions.compactMap { tree.sublayer(ids[$0], of: layer.id) })
            tree.sublayersExamined += positions.count
        } else {
            sublayers = tree.sublayersInDrawingOrder(of: layer.id, layer.node)
            tree.sublayersExamined += ids.count
        }
        guard !sublayers.isEmpty else { return }
        // Without culling every sublayer is visited: read the contents-only ones from the plan.
        let plan = cullable ? nil : sublayerPlan(of: layer, sublayers)
        let sublayerClip = RenderTree.sublayerClip(under: layer.state, at: layer.placement)
        var blits: [ImageBlit] = []
        blits.reserveCapacity(sublayers.count)
        for index in sublayers.indices {
            if let part = plan?.parts[index], Self.gather(contentsOnly(part, clip: sublayerClip, alpha: alpha), into: &blits) {
                continue
            }
            let (child, node) = sublayers[index]
            // A pixel of margin: snapping moves what a layer draws by up to half a pixel.
            if cullable, let extent = tree.cullingExtent(of: child, node), upright || !extent.uprightOnly,
               !damage.intersects(sublayerSpace.boundingBox(of: extent.rect).insetBy(dx: -Self.snapMargin, dy: -Self.snapMargin)
                                    .intersection(clip)) { continue }
            let placement = RenderTree.placement(of: node, under: layer.state, at: layer.placement)
            if plan == nil, node.drawsOnlyContents, Self.gather(contentsOnly(node, at: placement, alpha: alpha), into: &blits) {
                continue
            }
            context.draw(blits)
            blits.removeAll(keepingCapacity: true)
            paintLayer(child, node, at: placement, alpha: alpha)
        }
        context.draw(blits)
    }

    /// Takes a contents-only layer's outcome among the gathered blits: true when that is all
    /// it needs (skipped, or one blit), false when the general path must paint it (resampled).
    private static func gather(_ outcome: ContentsOnly, into blits: inout [ImageBlit]) -> Bool {
        switch outcome {
        case .skipped: return true
        case .blit(let blit):
            blits.append(blit)
            return true
        case .resampled: return false
        }
    }

    /// How far snapping can move what a layer draws, in device pixels (half a pixel, rounded up).
    static let snapMargin = 1.0

    /// The damage within `clip`, in a sublayer space that `sublayerSpace` maps upright onto
    /// device pixels, grown by ``snapMargin`` (and a pixel more against rounding): every
    /// sublayer extent that the culling test above lets through meets one of these. Nil when the
    /// space is rotated, skewed or degenerate, where a bounding box back would be too loose.
    private func damageAreas(inSublayerSpace sublayerSpace: AffineTransform, clip: Rect) -> [Rect]? {
        guard sublayerSpace.isFinite, sublayerSpace.b == 0, sublayerSpace.c == 0,
              let toSublayers = sublayerSpace.inverted() else { return nil }
        return damage.rects.compactMap { rect in
            let reached = rect.intersection(clip.insetBy(dx: -1, dy: -1))
            guard !reached.isNull else { return nil }
            return toSublayers.boundingBox(of: reached.insetBy(dx: -Self.snapMargin - 1, dy: -Self.snapMargin - 1))
        }
    }

    /// Runs `body` with the context's transform set to `deviceTransform` (bounds space → device
    /// pixels).
    func withTransform(_ deviceTransform: AffineTransform, _ body: () -> Void) {
        context.saveGState()
        context.concatenate(userTransform(deviceTransform))
        body()
        context.restoreGState()
    }

    /// The context transform that realises `deviceTransform`: the context already scales points
    /// to pixels, and its origin sits at ``origin``.
    func userTransform(_ deviceTransform: AffineTransform) -> AffineTransform {
        let scale = context.scale
        return deviceTransform
            .concatenating(AffineTransform(translationX: -origin.x, y: -origin.y))
            .concatenating(AffineTransform(scaleX: 1 / scale, y: 1 / scale))
    }

    /// `rect` (bounds space) in the context's points when `deviceTransform` maps it to an
    /// upright rectangle: then a part can be drawn there without setting up a transform, the
    /// common case that keeps per-layer work down to the drawing itself. Nil for rotations and
    /// flips.
    func userRect(_ rect: Rect, under deviceTransform: AffineTransform) -> Rect? {
        let transform = userTransform(deviceTransform)
        guard transform.b == 0, transform.c == 0, transform.a > 0, transform.d > 0 else { return nil }
        return transform.boundingBox(of: rect)
    }

    /// `deviceRect` in the context's points.
    func userRect(_ deviceRect: Rect) -> Rect {
        let scale = context.scale
        return Rect(x: (deviceRect.minX - origin.x) / scale, y: (deviceRect.minY - origin.y) / scale,
                    width: deviceRect.width / scale, height: deviceRect.height / scale)
    }
}
