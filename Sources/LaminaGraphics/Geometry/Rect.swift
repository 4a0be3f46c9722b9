/// A rectangle: an origin and a size, in a coordinate system whose origin is the top-left corner
/// and whose y axis points down, as in UIKit.
///
/// The rules are Core Graphics': a rectangle may have a negative size (``standardized`` makes
/// it positive, and every derived value such as ``minX`` or ``width`` reads the standardized
/// rectangle); ``null`` is the rectangle that is nowhere, the identity of ``union(_:)`` and the
/// result of ``intersection(_:)`` when two rectangles do not meet; an ``isEmpty`` rectangle has
/// no area. Containment is half-open: a rectangle contains its top-left edges, not its
/// bottom-right ones, so neighbouring rectangles never both claim a point.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The corner the size is measured from (the top-left corner once standardized).
    public var origin: Point
    /// The extent from ``origin``; may be negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates and extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle at the origin with the given size.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The rectangle at the origin with no size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The rectangle that is nowhere: what two rectangles that do not meet have in common, and
    /// the starting value of a union. Its origin is infinite, as in Core Graphics.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// An unbounded rectangle, containing every finite point.
    public static let infinite = Rect(
        x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// Whether this is ``null``.
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the rectangle has no area: it is null, an extent is zero, or a value is NaN.
    public var isEmpty: Bool { isNull || !(size.width != 0 && size.height != 0) || !isFinite }

    /// Whether every coordinate and extent is finite (NaN-free). Entry points that take
    /// geometry from callers use this to refuse NaN as a documented no-op.
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        guard !isNull else { return self }
        var rect = self
        if rect.size.width < 0 {
            rect.origin.x += rect.size.width
            rect.size.width = -rect.size.width
        }
        if rect.size.height < 0 {
            rect.origin.y += rect.size.height
            rect.size.height = -rect.size.height
        }
        return rect
    }

    /// The left edge.
    public var minX: Double { standardized.origin.x }
    /// The top edge.
    public var minY: Double { standardized.origin.y }
    /// The right edge.
    public var maxX: Double { let r = standardized; return r.origin.x + r.size.width }
    /// The bottom edge.
    public var maxY: Double { let r = standardized; return r.origin.y + r.size.height }
    /// The horizontal centre.
    public var midX: Double { let r = standardized; return r.origin.x + r.size.width / 2 }
    /// The vertical centre.
    public var midY: Double { let r = standardized; return r.origin.y + r.size.height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }

    /// The smallest rectangle with integral edges that contains this one: edges are rounded
    /// outwards, as `CGRectIntegral` does. Null stays null.
    public var integral: Rect {
        guard !isNull else { return self }
        return Rect.spanning(minX: minX.rounded(.down), minY: minY.rounded(.down),
                             maxX: maxX.rounded(.up), maxY: maxY.rounded(.up), reaching: .outward)
    }

    /// The rectangle moved by `dx` and `dy`. Null stays null.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        return Rect(origin: standardized.origin.offsetBy(dx: dx, dy: dy), size: standardized.size)
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom
    /// (grown when negative). A rectangle shrunk past nothing is ``null``, as in Core Graphics.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        let r = standardized
        let result = Rect(x: r.origin.x + dx, y: r.origin.y + dy,
                          width: r.size.width - 2 * dx, height: r.size.height - 2 * dy)
        return result.size.width < 0 || result.size.height < 0 ? .null : result
    }

    /// The rectangle shrunk by `insets` (grown where they are negative); ``null`` when shrunk
    /// past nothing.
    public func inset(by insets: EdgeInsets) -> Rect {
        guard !isNull else { return self }
        let r = standardized
        let result = Rect(x: r.origin.x + insets.left, y: r.origin.y + insets.top,
                          width: r.size.width - insets.horizontal,
                          height: r.size.height - insets.vertical)
        return result.size.width < 0 || result.size.height < 0 ? .null : result
    }

    /// The smallest rectangle containing both. ``null`` is the identity: `r.union(.null) == r`;
    /// a rectangle with a NaN or infinite value counts as ``null``.
    public func union(_ other: Rect) -> Rect {
        // Null and non-finite (NaN) rectangles are nowhere: ignoring them keeps union
        // commutative, where min/max with NaN would depend on the order.
        guard isFinite else { return other.isFinite ? other.standardized : .null }
        guard other.isFinite else { return standardized }
        return Rect.spanning(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                             maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY), reaching: .outward)
    }

    /// Which way a rectangle built from edges may be off by the last bit of a subtraction.
    enum Rounding { case outward, inward }

    /// The rectangle from its edges. `origin + size` need not give back an edge exactly in
    /// floating point, so the size is nudged by an ulp when needed: a union must contain its
    /// operands (`outward`), an intersection must lie inside them (`inward`).
    static func spanning(minX: Double, minY: Double, maxX: Double, maxY: Double, reaching rounding: Rounding) -> Rect {
        func extent(_ low: Double, _ high: Double) -> Double {
            var size = high - low
            switch rounding {
            case .outward: while low + size < high { size = size.nextUp }
            case .inward: while low + size > high, size > 0 { size = size.nextDown }
            }
            return size
        }
        return Rect(x: minX, y: minY, width: extent(minX, maxX), height: extent(minY, maxY))
    }

    /// The region both rectangles cover, or ``null`` when they do not meet (or one has a NaN or
    /// infinite value). Rectangles that only touch along an edge meet in a rectangle of zero
    /// width or height.
    public func intersection(_ other: Rect) -> Rect {
        guard isFinite, other.isFinite else { return .null }
        let minX = Swift.max(minX, other.minX), minY = Swift.max(minY, other.minY)
        let maxX = Swift.min(maxX, other.maxX), maxY = Swift.min(maxY, other.maxY)
        guard minX <= maxX, minY <= maxY else { return .null }
        return Rect.spanning(minX: minX, minY: minY, maxX: maxX, maxY: maxY, reaching: .inward)
    }

    /// Whether the rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// Whether `point` lies inside: the left and top edges are inside, the right and bottom
    /// edges are not.
    public func contains(_ point: Point) -> Bool {
        guard !isNull else { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle. Every rectangle contains ``null``;
    /// ``null`` contains nothing else.
    public func contains(_ other: Rect) -> Bool {
        if other.isNull { return true }
        if isNull { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// An edge of a rectangle, for ``divided(atDistance:from:)``.
    public enum Edge: Sendable, Hashable, CaseIterable {
        /// The edge at ``Rect/minX`` (left), ``Rect/minY`` (top, y grows down), ``Rect/maxX``
        /// (right) or ``Rect/maxY`` (bottom).
        case minX, minY, maxX, maxY
    }

    /// Splits the rectangle in two along a line parallel to `edge`: the slice is the part within
    /// `distance` of that edge (clamped to the rectangle), the remainder is the rest.
    public func divided(atDistance distance: Double, from edge: Edge) -> (slice: Rect, remainder: Rect) {
        guard !isNull else { return (.null, .null) }
        let r = standardized
        switch edge {
        case .minX:
            let d = Swift.min(Swift.max(distance, 0), r.width)
            return (Rect(x: r.minX, y: r.minY, width: d, height: r.height),
                    Rect(x: r.minX + d, y: r.minY, width: r.width - d, height: r.height))
        case .maxX:
            let d = Swift.min(Swift.max(distance, 0), r.width)
            return (Rect(x: r.maxX - d, y: r.minY, width: d, height: r.height),
                    Rect(x: r.minX, y: r.minY, width: r.width - d, height: r.height))
        case .minY:
            let d = Swift.min(Swift.max(distance, 0), r.height)
            return (Rect(x: r.minX, y: r.minY, width: r.width, height: d),
                    Rect(x: r.minX, y: r.minY + d, width: r.width, height: r.height - d))
        case .maxY:
            let d = Swift.min(Swift.max(distance, 0), r.height)
            return (Rect(x: r.minX, y: r.maxY - d, width: r.width, height: d),
                    Rect(x: r.minX, y: r.minY, width: r.width, height: r.height - d))
        }
    }

    public var description: String {
        isNull ? "null" : "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size))"
    }
}
