import LaminaGraphics

extension LayerPainter {
    /// How a layer clips what it draws to its bounds.
    enum BoundsClip {
        /// It does not mask to bounds.
        case none
        /// Through the context's clip, inside the caller's saved state (upright layers).
        case path
        /// Through a transparency layer, ended through the raster of the bounds shape (rotated or
        /// skewed layers: a cairo clip along slanted edges depends on the area drawn, a copy of a
        /// raster does not).
        case mask(surface: ImageSurface, region: Rect)
    }

    /// Starts clipping what follows (shadow, contents, sublayers, border) to the layer's bounds,
    /// rounded by its corner radius, when it masks to bounds; ``endBoundsClip(_:)`` ends it. Nil
    /// when the clip leaves nothing to draw.
    func beginBoundsClip(of layer: PaintedLayer) -> BoundsClip? {
        guard layer.state.masksToBounds else { return BoundsClip.none }
        guard !Self.isUpright(layer.snappedTransform) else {
            clipToBounds(of: layer)
            return .path
        }
        let extent = layer.snappedTransform.boundingBox(of: layer.state.bounds)
        guard let shape = raster(.boundsClip, of: layer, extent: extent, { $0.fillBoundsShape(of: layer) }) else { return nil }
        context.alpha = 1
        context.beginTransparencyLayer()
        return .mask(surface: shape.surface, region: shape.rect)
    }

    /// Ends what ``beginBoundsClip(of:)`` started.
    func endBoundsClip(_ clip: BoundsClip) {
        guard case let .mask(surface, region) = clip else { return }
        context.endTransparencyLayer(mask: surface.image, in: userRect(region))
    }

    /// Clips the context to the layer's bounds, rounded by its corner radius.
    private func clipToBounds(of layer: PaintedLayer) {
        let transform = userTransform(layer.snappedTransform)
        guard let inverse = transform.inverted() else { return }
        context.concatenate(transform)
        context.clip(to: boundsShape(of: layer))
        // The clip stays; the transform goes back to the identity the other parts expect.
        context.concatenate(inverse)
    }

    /// Fills the layer's bounds shape in opaque white: the raster a rotated clip masks through.
    private func fillBoundsShape(of layer: PaintedLayer) {
        withTransform(layer.snappedTransform) {
            context.alpha = 1
            context.fillColor = .white
            context.fill(boundsShape(of: layer))
        }
    }

    /// The bounds, rounded by the corner radius.
    private func boundsShape(of layer: PaintedLayer) -> Path {
        let radius = layer.state.cornerRadius
        let bounds = layer.state.bounds.standardized
        return radius > 0 ? Path(roundedRect: bounds, cornerRadius: radius) : Path(rect: bounds)
    }
}
