/// A shape made of straight and curved segments, in points with y pointing down — Core
/// Graphics' `CGPath` / UIKit's `UIBezierPath`, as a value.
///
/// A path is a list of ``Element``s: each subpath starts with a move, continues with lines and
/// quadratic or cubic Bézier curves, and may be closed. Rectangles, rounded rectangles, ellipses
/// and arcs are built from those (arcs and ellipses as cubic curves of at most a quarter turn
/// each), so a ``GraphicsContext`` replays any path the same way.
///
/// Bad input never corrupts a path: a builder given a point, radius or rectangle that is NaN or
/// infinite — or a negative radius — adds nothing. A line or curve added when there is no current
/// point starts a subpath at its own start (the segment's end for a line), as Core Graphics does.
public struct Path: Sendable, Hashable {
    /// One step of a path.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the subpath's start, closing it.
        case close
    }

    /// Which points are inside a path whose outline crosses itself or nests.
    public enum FillRule: Sendable, Hashable {
        /// Inside where the outline winds around the point a non-zero number of times (the
        /// default): nested shapes drawn in the same direction fill solid.
        case nonZero
        /// Inside where a ray from the point crosses the outline an odd number of times: nested
        /// shapes make holes whatever their direction.
        case evenOdd
    }

    /// The elements, in order.
    public internal(set) var elements: [Element] = []

    /// Where the next segment starts: the end of the last element (a subpath's start after a
    /// close), or nil for an empty path.
    public internal(set) var currentPoint: Point?

    /// Where the current subpath started, for ``closeSubpath()``.
    var subpathStart: Point?

    /// An empty path.
    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }
}
