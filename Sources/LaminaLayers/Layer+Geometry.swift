import LaminaGraphics

extension Layer {
    /// The layer's own coordinate space. Its size is the layer's size in points; its origin
    /// shifts the drawing and the sublayers (set it to scroll). A size change marks the layer
    /// for layout (and for display when ``needsDisplayOnBoundsChange``). Non-finite values are
    /// ignored; negative sizes are standardized.
    public var bounds: Rect {
        get { state.bounds }
        set {
            guard newValue.isFinite, !newValue.isNull else { return }
            let old = state.bounds
            guard update(\.bounds, to: newValue.standardized, action: "bounds") else { return }
            guard old.size != state.bounds.size else { return }
            setNeedsLayout()
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
    }

    /// Where ``anchorPoint`` sits in the superlayer's bounds space. Non-finite values are ignored.
    public var position: Point {
        get { state.position }
        set { if newValue.isFinite { update(\.position, to: newValue, action: "position") } }
    }

    /// The point of the bounds, in unit coordinates, that ``position`` places and ``transform``
    /// turns about; (0.5, 0.5) is the centre. Non-finite values are ignored.
    public var anchorPoint: Point {
        get { state.anchorPoint }
        set { if newValue.isFinite { update(\.anchorPoint, to: newValue, action: "anchorPoint") } }
    }

    /// An affine transform applied about the anchor point. Non-finite transforms are ignored.
    public var transform: AffineTransform {
        get { state.transform }
        set { if newValue.isFinite { update(\.transform, to: newValue, action: "transform") } }
    }

    /// An affine transform applied to the sublayers, about the anchor point. Non-finite
    /// transforms are ignored.
    public var sublayerTransform: AffineTransform {
        get { state.sublayerTransform }
        set { if newValue.isFinite { update(\.sublayerTransform, to: newValue, action: "sublayerTransform") } }
    }

    /// The order among siblings when compositing and hit-testing: higher is in front; equal
    /// values keep array order. Non-finite values are ignored.
    public var zPosition: Double {
        get { state.zPosition }
        set { if newValue.isFinite { update(\.zPosition, to: newValue, action: "zPosition") } }
    }

    /// The layer's rectangle in its superlayer's bounds space, derived from ``bounds``,
    /// ``position``, ``anchorPoint`` and ``transform`` (the bounding box when transformed).
    /// Setting it sets the bounds size and the position, keeping the anchor point; as in Core
    /// Animation, set ``bounds`` and ``position`` instead when the transform is not the
    /// identity. Non-finite values are ignored.
    public var frame: Rect {
        get { state.frame }
        set {
            guard newValue.isFinite, !newValue.isNull else { return }
            let frame = newValue.standardized
            bounds = Rect(origin: state.bounds.origin, size: frame.size)
            position = Point(x: frame.minX + anchorPoint.x * frame.width,
                             y: frame.minY + anchorPoint.y * frame.height)
        }
    }
}
