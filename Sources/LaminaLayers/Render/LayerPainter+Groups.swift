import LaminaGraphics

extension LayerPainter {
    /// A transparency layer opened for one layer: the rendered mask it ends through, if any.
    struct OpenGroup {
        var mask: (image: Image, region: Rect)?
    }

    /// Opens the transparency layer a layer composites through, with its opacity. Returns nil when
    /// a mask leaves nothing of the layer inside the damage (then nothing is drawn).
    func beginGroup(for layer: PaintedLayer, alpha: Double) -> OpenGroup? {
        var group = OpenGroup(mask: nil)
        if layer.groupKind == .masked {
            guard let mask = renderMask(of: layer) else { return nil }
            group.mask = mask
        }
        context.alpha = alpha
        context.beginTransparencyLayer()
        return group
    }

    /// Composites the transparency layer `group` opened.
    func endGroup(_ group: OpenGroup) {
        if let mask = group.mask {
            context.endTransparencyLayer(mask: mask.image, in: userRect(mask.region))
        } else {
            context.endTransparencyLayer()
        }
    }

    /// Renders the mask layer's subtree over the part of the damage it covers, in device pixels;
    /// nil when they do not meet.
    private func renderMask(of layer: PaintedLayer) -> (image: Image, region: Rect)? {
        guard let (maskID, maskNode) = layer.mask else { return nil }
        let placement = RenderTree.placement(of: maskNode, under: layer.state, at: layer.placement)
        let scale = context.scale
        let surface = Rect(x: origin.x, y: origin.y, width: Double(context.pixelWidth), height: Double(context.pixelHeight))
        let region = tree.visualExtent(of: maskID, at: placement.transform).intersection(placement.clip)
            .intersection(damage.bounds).intersection(surface).integral
        guard region.isFinite, !region.isEmpty else { return nil }
        let image = try? GraphicsContext.makeImage(width: region.width / scale, height: region.height / scale, scale: scale) { offscreen in
            offscreen.interpolationQuality = .low
            let painter = LayerPainter(tree: tree, context: offscreen, origin: region.origin, damage: Damage(rects: [region]))
            painter.paint(maskID, maskNode, at: placement, alpha: 1)
        }
        return image.map { ($0, region) }
    }
}
