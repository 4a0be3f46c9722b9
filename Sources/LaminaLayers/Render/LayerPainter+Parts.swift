import LaminaGraphics

/// The parts one layer draws itself, each under its snapped transform, multiplied by `alpha`.
/// Upright parts are drawn in place; a rotated or skewed one, and a shadow path's shadow, from
/// its ``PartRaster`` (cairo would not draw them the same way under another clip).
extension LayerPainter {
    /// How far a shape is moved away to draw only its shadow: further than any framebuffer, so
    /// the shape itself falls outside the clip while its shadow, offset back, lands in place.
    private static let shadowOnlyShift = 100_000.0

    /// The shadow of `shadowPath`, without the path itself (Core Animation draws only the shadow;
    /// the layer's own parts cover what they cover). Always from a raster: the blur of a shape
    /// that the mask's edge cuts would depend on the clip.
    func paintShadowPath(of layer: PaintedLayer, alpha: Double) {
        guard let shadow = layer.state.dropShadow, let path = layer.state.shadowPath, !path.isEmpty else { return }
        let caster = layer.snappedTransform.boundingBox(of: path.boundingBox)
        drawRasterized(.shadowPath, of: layer, extent: tree.shadowExtent(of: caster, shadow), alpha: alpha) { painter in
            painter.drawShadow(of: path, shadow, under: layer.snappedTransform)
        }
    }

    private func drawShadow(of path: Path, _ shadow: Shadow, under transform: AffineTransform) {
        context.saveGState()
        let shift = Self.shadowOnlyShift
        context.concatenate(userTransform(transform).concatenating(AffineTransform(translationX: -shift, y: 0)))
        context.shadow = Shadow(offset: Size(width: shadow.offset.width + shift, height: shadow.offset.height),
                                blur: shadow.blur, color: shadow.color)
        context.alpha = 1
        context.fillColor = .black
        context.fill(path)
        context.restoreGState()
    }

    /// The background colour over the bounds, rounded by the corner radius.
    func paintBackground(of layer: PaintedLayer, alpha: Double) {
        guard let color = layer.state.backgroundColor, color.alpha > 0 else { return }
        guard Self.landsOnWholePixels(layer) else {
            return drawRasterized(.background, of: layer, extent: layer.ownArea, alpha: alpha) { $0.drawBackground(of: layer, alpha: 1) }
        }
        drawBackground(of: layer, alpha: alpha)
    }

    private func drawBackground(of layer: PaintedLayer, alpha: Double) {
        guard let color = layer.state.backgroundColor else { return }
        context.alpha = alpha
        context.fillColor = color
        let bounds = layer.state.bounds.standardized
        if layer.state.cornerRadius <= 0 || layer.state.masksToBounds, let target = userRect(bounds, under: layer.snappedTransform) {
            return context.fill(target)
        }
        withTransform(layer.snappedTransform) {
            context.fill(bounds, cornerRadius: layer.state.cornerRadius)
        }
    }

    /// The border, inside the bounds and following the corner radius: a stroke centred half its
    /// width inside the edge, so its outer edge has the layer's radius and its inner edge that
    /// radius less the width.
    func paintBorder(of layer: PaintedLayer, alpha: Double) {
        let state = layer.state
        guard state.borderWidth > 0, state.borderWidth.isFinite, state.borderColor.alpha > 0 else { return }
        guard Self.landsOnWholePixels(layer, inset: state.borderWidth) else {
            return drawRasterized(.border, of: layer, extent: layer.ownArea, alpha: alpha) { $0.drawBorder(of: layer, alpha: 1) }
        }
        drawBorder(of: layer, alpha: alpha)
    }

    private func drawBorder(of layer: PaintedLayer, alpha: Double) {
        let state = layer.state
        let width = state.borderWidth
        withTransform(layer.snappedTransform) {
            context.alpha = alpha
            let bounds = state.bounds.standardized
            let inset = bounds.insetBy(dx: width / 2, dy: width / 2)
            guard !inset.isNull, inset.width > 0, inset.height > 0 else {
                // A border wider than half the layer covers all of it.
                context.fillColor = state.borderColor
                context.fill(Path(roundedRect: bounds, cornerRadius: max(state.cornerRadius, 0)))
                return
            }
            context.strokeColor = state.borderColor
            context.lineWidth = width
            let radius = state.cornerRadius - width / 2
            if radius > 0 {
                context.stroke(inset, cornerRadius: radius)
            } else {
                context.stroke(inset)
            }
        }
    }

    /// Whether the layer's bounds, square-cornered, land on whole device pixels (and, for a
    /// border, its inner edge `inset` points in too): then a fill covers whole pixels and cairo
    /// draws the same pixels under any clip. Anything else — rounded corners, fractional edges,
    /// rotations — is drawn from a raster.
    static func landsOnWholePixels(_ layer: PaintedLayer, inset: Double = 0) -> Bool {
        let transform = layer.snappedTransform
        // Rounded corners of a layer that masks to bounds come from its clip (``BoundsClip``), so
        // its parts are square underneath; rounding them too would antialias the corners twice.
        guard isUpright(transform), layer.state.cornerRadius <= 0 || layer.state.masksToBounds else { return false }
        let bounds = layer.state.bounds.standardized
        let outer = transform.boundingBox(of: bounds)
        guard isWhole(outer) else { return false }
        return inset <= 0 || isWhole(transform.boundingBox(of: bounds.insetBy(dx: inset, dy: inset)))
    }

    private static func isWhole(_ rect: Rect) -> Bool {
        rect.isNull || [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { abs($0 - $0.rounded()) < 1e-6 }
    }

    /// Whether `transform` keeps rectangles upright (no rotation or skew): cairo then draws the
    /// same pixels whatever the clip, as it cuts upright edges without moving them.
    static func isUpright(_ transform: AffineTransform) -> Bool {
        transform.b == 0 && transform.c == 0
    }
}
