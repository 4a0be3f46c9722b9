/// A width and a height, in points unless a name says pixels.
///
/// Sizes may be negative, as in Core Graphics: a ``Rect`` with a negative width extends to the
/// left of its origin, and ``Rect/standardized`` makes it positive.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with no extent, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite (neither NaN nor infinite).
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// Whether the size covers no area: an extent is zero, negative or NaN.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The size with both extents multiplied by `factor`, e.g. points to pixels.
    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }

    public var description: String { "\(width.compactDescription)×\(height.compactDescription)" }
}
