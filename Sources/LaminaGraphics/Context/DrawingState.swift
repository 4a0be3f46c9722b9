/// The graphics state that lives on the Swift side of a ``GraphicsContext``; cairo keeps the
/// transform, clip and line style itself. Both are saved and restored together.
struct DrawingState {
    var fillColor: Color = .black
    var strokeColor: Color = .black
    var alpha: Double = 1
    var shadow: Shadow?
    var interpolationQuality: InterpolationQuality = .medium
}

/// How an image is resampled when drawn at another size.
public enum InterpolationQuality: Sendable, Hashable, CaseIterable {
    /// Nearest neighbour: hard pixel edges (cairo `NEAREST`).
    case none
    /// Bilinear (cairo `BILINEAR`): fast, soft when shrinking a lot.
    case low
    /// Box-filtered when shrinking, bilinear when growing (cairo `GOOD`); the default.
    case medium
    /// The best cairo offers (cairo `BEST`); slow.
    case high
}

/// How the ends of stroked open lines are drawn.
public enum LineCap: Sendable, Hashable, CaseIterable {
    /// The line stops at its end point.
    case butt
    /// A half-circle around the end point.
    case round
    /// A half-square around the end point.
    case square
}

/// How stroked segments meet at corners.
public enum LineJoin: Sendable, Hashable, CaseIterable {
    /// A sharp corner, bevelled when longer than the miter limit.
    case miter
    /// A rounded corner.
    case round
    /// A cut-off corner.
    case bevel
}

/// A blurred drop shadow drawn beneath every shape, image and gradient while it is set.
///
/// As in Core Graphics, the offset is in points of the context, not affected by the current
/// transform, and the shadow's alpha is the shape's alpha coverage blurred. `blur` is a blur
/// radius in points, CSS's `box-shadow` convention: the gaussian's standard deviation is
/// `blur / 2`.
public struct Shadow: Sendable, Hashable {
    /// How far the shadow is displaced from the shape, in points (positive y moves it down).
    public var offset: Size
    /// The blur radius in points; 0 is a hard shadow.
    public var blur: Double
    /// The shadow's colour; its alpha multiplies the shape's coverage.
    public var color: Color

    /// Creates a shadow. A negative or non-finite blur counts as 0; a non-finite offset as zero.
    public init(offset: Size, blur: Double, color: Color = Color(white: 0, alpha: 1.0 / 3)) {
        self.offset = offset.isFinite ? offset : .zero
        self.blur = blur.isFinite ? max(blur, 0) : 0
        self.color = color
    }
}
