import LaminaGraphics

extension Layer {
    /// Maps this layer's bounds space into its superlayer's bounds space, including the
    /// superlayer's sublayer transform.
    package var transformToSuperlayer: AffineTransform {
        let own = LayerRenderState.transformToSuperlayer(bounds: state.bounds, anchorPoint: state.anchorPoint,
                                                         transform: state.transform, position: state.position)
        guard let parent = superlayer, !parent.state.sublayerTransform.isIdentity else { return own }
        return own.concatenating(parent.state.sublayerTransformInBounds)
    }

    /// Maps this layer's bounds space into the space its root layer sits in (the root's
    /// superlayer space: the window for a window's root).
    var transformToRootSpace: AffineTransform {
        var transform = AffineTransform.identity
        var layer: Layer? = self
        while let current = layer {
            transform = transform.concatenating(current.transformToSuperlayer)
            layer = current.superlayer ?? current.maskedLayer
        }
        return transform
    }

    /// The transform from `layer`'s bounds space to this layer's; nil `layer` means the root
    /// space. Layers in different trees are related as if their roots' spaces coincided.
    /// Identity when a transform on the way cannot be inverted.
    private func transform(from layer: Layer?) -> AffineTransform {
        let source = layer?.transformToRootSpace ?? .identity
        guard let inverse = transformToRootSpace.inverted() else { return .identity }
        return source.concatenating(inverse)
    }

    /// `point`, given in `layer`'s bounds space (nil: the root space), in this layer's.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        transform(from: layer).apply(to: point)
    }

    /// `point`, given in this layer's bounds space, in `layer`'s (nil: the root space).
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        guard let layer else { return transformToRootSpace.apply(to: point) }
        return layer.convert(point, from: self)
    }

    /// `rect`, given in `layer`'s bounds space, in this layer's (the bounding box when rotated).
    public func convert(_ rect: Rect, from layer: Layer?) -> Rect {
        transform(from: layer).apply(to: rect)
    }

    /// `rect`, given in this layer's bounds space, in `layer`'s (the bounding box when rotated).
    public func convert(_ rect: Rect, to layer: Layer?) -> Rect {
        guard let layer else { return transformToRootSpace.apply(to: rect) }
        return layer.convert(rect, from: self)
    }

    /// The frontmost layer at `point`, given in the superlayer's bounds space (as Core Animation
    /// has it), or nil. Hidden layers, layers at opacity 0 and their sublayers are skipped;
    /// with ``masksToBounds`` a point outside the bounds misses the sublayers too. Sublayers are
    /// tried front to back (zPosition, then array order).
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0, let inverse = transformToSuperlayer.inverted() else { return nil }
        let local = inverse.apply(to: point)
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for sublayer in sublayersFrontToBack {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// The sublayers in hit-testing order: highest zPosition first, later siblings first.
    var sublayersFrontToBack: [Layer] {
        sublayers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }
}
