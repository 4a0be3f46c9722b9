/// A location in a two-dimensional coordinate system whose origin is the top-left corner and
/// whose y axis points down, as in UIKit.
///
/// Coordinates are in points; a ``GraphicsContext`` maps points to pixels through its scale.
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point moved by `dx` horizontally and `dy` vertically.
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }
}

extension Double {
    /// `12` rather than `12.0`, for geometry descriptions that read like UIKit's.
    var compactDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
