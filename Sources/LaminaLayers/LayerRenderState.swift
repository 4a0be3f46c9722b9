import LaminaGraphics

/// Everything the render server needs to draw one layer: its geometry, visual properties,
/// contents and the order of its sublayers — Core Animation's model-layer state as it crosses to
/// the render server. A plain `Sendable` value, so it can be copied into a ``RenderTreeDelta``
/// on the main thread and read on the render thread with no sharing.
///
/// The defaults are Core Animation's.
public struct LayerRenderState: Sendable, Hashable {
    /// The layer's own coordinate space: its origin shifts the sublayers (scrolling) and the
    /// drawing; its size is the layer's size in points.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's bounds space.
    public var position: Point = .zero
    /// The point of the bounds, in unit coordinates (0…1), that `position` places and
    /// `transform` turns about. (0.5, 0.5) is the centre.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// An affine transform applied about the anchor point.
    public var transform: AffineTransform = .identity
    /// An affine transform applied to the sublayers, about the anchor point.
    public var sublayerTransform: AffineTransform = .identity
    /// Sublayers are drawn in ascending zPosition, then in array order.
    public var zPosition: Double = 0
    /// Filled beneath the contents (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: Color?
    /// A promise that the contents cover the bounds opaquely.
    public var isOpaque = false
    /// Hidden layers and their sublayers are not drawn or hit.
    public var isHidden = false
    /// 0…1; multiplies the layer and its sublayers.
    public var opacity: Double = 1
    /// Whether `opacity` applies to the layer and its sublayers as one group (the iOS default)
    /// rather than to each part separately.
    public var allowsGroupOpacity = true
    /// Whether contents and sublayers are clipped to the (rounded) bounds.
    public var masksToBounds = false
    /// Rounds the background and border; also the clip when `masksToBounds` is set.
    public var cornerRadius: Double = 0
    /// The width of the border drawn inside the bounds, above contents and sublayers.
    public var borderWidth: Double = 0
    /// The border's colour.
    public var borderColor: Color = .black
    /// The colour of the layer's drop shadow.
    public var shadowColor: Color = .black
    /// 0…1; 0 (the default) draws no shadow.
    public var shadowOpacity: Double = 0
    /// Core Animation's default, (0, -3): the shadow falls 3 points up.
    public var shadowOffset = Size(width: 0, height: -3)
    /// The shadow's blur radius in points, taken as the gaussian's standard deviation (Core
    /// Animation documents it only as a blur radius; Docs chapter 03).
    public var shadowRadius: Double = 3
    /// The shadow's shape; nil uses the layer's composited alpha.
    public var shadowPath: Path?
    /// The bitmap drawn in the bounds according to `contentsGravity`.
    public var contents: Image?
    /// The part of `contents` shown, in unit coordinates.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The stretchable middle of `contents`, in unit coordinates (nine-part scaling); the
    /// default, the whole image, stretches it all.
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Pixels of `contents` per point, for the natural-size gravities.
    public var contentsScale: Double = 1
    /// How `contents` is placed in the bounds.
    public var contentsGravity: ContentsGravity = .resize
    /// Whether a display queue drew `contents` (an async layer's display): not drawn, shown only
    /// by the ``DebugOverlays/async`` overlay.
    public var contentsCameFromDisplayQueue = false
    /// The layer whose alpha masks this one, if any.
    public var mask: LayerID?
    /// The sublayers, back to front.
    public var sublayers: [LayerID] = []
    /// How the layer's time runs from its superlayer's: its animations and its sublayers' run on
    /// it (`speed` 0 pauses them, 0.1 slows them ten times). Not animatable.
    public var timing = TimingParameters()

    /// Creates the default state.
    public init() {}

    /// The anchor point in the layer's bounds space.
    public var anchorInBounds: Point {
        Self.anchor(anchorPoint, in: bounds)
    }

    /// The point of `bounds` that the unit `anchorPoint` names.
    static func anchor(_ anchorPoint: Point, in bounds: Rect) -> Point {
        let b = bounds.standardized
        return Point(x: b.origin.x + anchorPoint.x * b.width, y: b.origin.y + anchorPoint.y * b.height)
    }

    /// Maps the layer's bounds space into its superlayer's bounds space (before the superlayer's
    /// sublayer transform): about the anchor, `transform`, then to `position`.
    public var transformToSuperlayer: AffineTransform {
        Self.transformToSuperlayer(bounds: bounds, anchorPoint: anchorPoint, transform: transform, position: position)
    }

    /// ``transformToSuperlayer`` from the four properties it depends on (a ``Layer`` reads them
    /// one by one rather than copying its whole state).
    static func transformToSuperlayer(bounds: Rect, anchorPoint: Point, transform: AffineTransform,
                                      position: Point) -> AffineTransform {
        let anchor = anchor(anchorPoint, in: bounds)
        return AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: position.x, y: position.y))
    }

    /// The transform this layer applies to its sublayers, in its bounds space: the sublayer
    /// transform about the anchor point.
    public var sublayerTransformInBounds: AffineTransform {
        guard !sublayerTransform.isIdentity else { return .identity }
        let anchor = anchorInBounds
        return AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(sublayerTransform)
            .concatenating(AffineTransform(translationX: anchor.x, y: anchor.y))
    }

    /// The bounds as seen in the superlayer: the bounding box of the transformed bounds.
    public var frame: Rect {
        transformToSuperlayer.apply(to: Rect(size: bounds.standardized.size).offsetBy(
            dx: bounds.standardized.minX, dy: bounds.standardized.minY))
    }
}
