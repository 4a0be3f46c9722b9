import LaminaGraphics

/// Draws ``DebugOverlays`` over a copy of a composited frame, on the render thread: the tints
/// cover each layer's own area where it is on screen, the damage flash covers the frame's damage
/// rectangles. The context works in device pixels.
struct DebugOverlayPainter {
    let tree: RenderTree
    let overlays: DebugOverlays
    /// A context the size of the framebuffer in device pixels (scale 1).
    let context: GraphicsContext

    /// The colours, translucent so the frame shows through.
    static let damageColor = Color(red: 1, green: 0.9, blue: 0, alpha: 0.45)
    static let blendedColor = Color(red: 1, green: 0, blue: 0, alpha: 0.3)
    static let opaqueColor = Color(red: 0, green: 0.8, blue: 0, alpha: 0.3)
    static let misalignedColor = Color(red: 1, green: 0, blue: 1, alpha: 0.4)
    static let stretchedColor = Color(red: 0.7, green: 0.9, blue: 0, alpha: 0.4)
    static let offscreenColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.4)
    static let asyncColor = Color(red: 0, green: 0.4, blue: 1, alpha: 0.35)

    /// Tints every visible layer the overlays ask about, then flashes `damage`.
    func paint(damage: Damage) {
        if !overlays.subtracting(.damage).isEmpty, let root = tree.root, let node = tree.nodes[root] {
            paint(root, node, at: tree.rootPlacement(of: node.state))
        }
        guard overlays.contains(.damage) else { return }
        context.fillColor = Self.damageColor
        for rect in damage.rects { context.fill(rect) }
        context.strokeColor = Color(red: 1, green: 0.75, blue: 0, alpha: 1)
        context.lineWidth = 1
        for rect in damage.rects { context.stroke(rect.insetBy(dx: 0.5, dy: 0.5)) }
    }

    private func paint(_ id: LayerID, _ node: RenderTree.Node, at placement: RenderTree.Placement) {
        let state = node.state
        guard !state.isInvisible else { return }
        let tints = tints(of: state, at: placement.transform)
        if !tints.isEmpty {
            var area = Path()
            area.addRect(state.bounds)
            context.withSavedState {
                context.clip(to: placement.clip)
                context.concatenate(placement.transform)
                for tint in tints {
                    context.fillColor = tint
                    context.fill(area)
                }
            }
        }
        for (child, childNode) in tree.sublayersInDrawingOrder(of: id, node) {
            paint(child, childNode, at: RenderTree.placement(of: childNode, under: state, at: placement))
        }
    }

    /// The tints of one layer, bottom first.
    private func tints(of state: LayerRenderState, at transform: AffineTransform) -> [Color] {
        var tints: [Color] = []
        if overlays.contains(.blended), Self.drawsSomething(state) {
            tints.append(Self.isOpaque(state) ? Self.opaqueColor : Self.blendedColor)
        }
        if overlays.contains(.misaligned), Self.drawsSomething(state) {
            if !Self.isOnDevicePixels(state.bounds, at: transform) {
                tints.append(Self.misalignedColor)
            } else if Self.hasStretchedContents(state, at: transform) {
                tints.append(Self.stretchedColor)
            }
        }
        if overlays.contains(.offscreen), Self.rendersOffscreen(state) { tints.append(Self.offscreenColor) }
        if overlays.contains(.async), state.contentsCameFromDisplayQueue, state.contents != nil { tints.append(Self.asyncColor) }
        return tints
    }

    /// Whether the layer paints anything of its own: a background, contents, a border.
    static func drawsSomething(_ state: LayerRenderState) -> Bool {
        (state.backgroundColor.map { $0.alpha > 0 } ?? false) || state.visibleContents != nil
            || (state.borderWidth > 0 && state.borderColor.alpha > 0)
    }

    /// Whether the layer covers its bounds without blending: fully opaque, unrounded, and either
    /// promised opaque or filled by an opaque background or opaque contents.
    static func isOpaque(_ state: LayerRenderState) -> Bool {
        guard state.opacity >= 1, state.cornerRadius <= 0 else { return false }
        if state.isOpaque || (state.backgroundColor?.alpha ?? 0) >= 1 { return true }
        guard let contents = state.visibleContents, contents.isOpaque else { return false }
        return state.contentsFrame(for: contents).contains(state.bounds)
    }

    /// Whether `bounds` lands on whole device pixels: an axis-aligned transform and whole-pixel
    /// edges (within a thousandth of a pixel).
    static func isOnDevicePixels(_ bounds: Rect, at transform: AffineTransform) -> Bool {
        guard transform.b == 0, transform.c == 0 else { return false }
        let box = transform.boundingBox(of: bounds)
        return [box.minX, box.minY, box.maxX, box.maxY].allSatisfy { abs($0 - $0.rounded()) < 0.001 }
    }

    /// Whether the contents are drawn at another size than their pixels: one image pixel is not
    /// one device pixel.
    static func hasStretchedContents(_ state: LayerRenderState, at transform: AffineTransform) -> Bool {
        guard let contents = state.visibleContents else { return false }
        let frame = transform.boundingBox(of: state.contentsFrame(for: contents))
        return abs(frame.width - Double(contents.width)) > 0.5 || abs(frame.height - Double(contents.height)) > 0.5
    }

    /// Whether the compositor renders the layer into an offscreen buffer before compositing it:
    /// group opacity, a mask, rounded clipping, a shadow cast from its drawing (no shadow path).
    static func rendersOffscreen(_ state: LayerRenderState) -> Bool {
        state.groupsOpacity || state.mask != nil || (state.masksToBounds && state.cornerRadius > 0)
            || (state.shadowOpacity > 0 && state.shadowPath == nil)
    }
}
