import LaminaGraphics

/// The parts one layer draws itself, each under its snapped transform, multiplied by `alpha`.
extension LayerPainter {
    /// How far a shape is moved away to draw only its shadow: further than any framebuffer, so
    /// the shape itself falls outside the clip while its shadow, offset back, lands in place.
    private static let shadowOnlyShift = 100_000.0

    /// The shadow of `shadowPath`, without the path itself (Core Animation draws only the shadow;
    /// the layer's own parts cover what they cover).
    func paintShadowPath(of layer: PaintedLayer, alpha: Double) {
        guard let shadow = layer.state.dropShadow, let path = layer.state.shadowPath, !path.isEmpty else { return }
        context.saveGState()
        let shift = Self.shadowOnlyShift
        context.concatenate(userTransform(layer.snappedTransform).concatenating(AffineTransform(translationX: -shift, y: 0)))
        context.shadow = Shadow(offset: Size(width: shadow.offset.width + shift, height: shadow.offset.height),
                                blur: shadow.blur, color: shadow.color.withAlpha(shadow.color.alpha * alpha))
        // The shape's own coverage must be whole: the shadow colour alone carries the alpha, never
        // whatever alpha the previous part left in the context.
        context.alpha = 1
        context.fillColor = .black
        context.fill(path)
        context.restoreGState()
    }

    /// The background colour over the bounds, rounded by the corner radius.
    func paintBackground(of layer: PaintedLayer, alpha: Double) {
        guard let color = layer.state.backgroundColor, color.alpha > 0 else { return }
        context.alpha = alpha
        context.fillColor = color
        let bounds = layer.state.bounds.standardized
        if layer.state.cornerRadius <= 0, let target = userRect(bounds, under: layer.snappedTransform) {
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
        let width = state.borderWidth
        guard width > 0, width.isFinite, state.borderColor.alpha > 0 else { return }
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
}
