extension Path {
    /// How far a flattened curve may stray from the true one, in points, when testing
    /// containment: far below what a pixel at any common scale resolves.
    static let flatteningTolerance = 0.005

    /// Whether `point` is inside the area the path fills under `rule`. Open subpaths count as
    /// closed, as when filling; points exactly on the outline may go either way. A non-finite
    /// point is never inside.
    public func contains(_ point: Point, rule: FillRule = .nonZero) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        for polygon in flattenedSubpaths() where polygon.count > 2 {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                winding += Self.crossing(from: a, to: b, ofRayFrom: point)
            }
        }
        return rule == .nonZero ? winding != 0 : winding % 2 != 0
    }

    /// +1 or −1 when the edge from `a` to `b` crosses the horizontal ray going right from `point`
    /// upwards or downwards, 0 otherwise. Half-open in y, so a vertex is counted once.
    private static func crossing(from a: Point, to b: Point, ofRayFrom point: Point) -> Int {
        let upward = a.y <= point.y && b.y > point.y
        let downward = b.y <= point.y && a.y > point.y
        guard upward || downward else { return 0 }
        let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
        guard x > point.x else { return 0 }
        return upward ? 1 : -1
    }

    /// Each subpath as a polygon of points, curves replaced by chords within
    /// ``flatteningTolerance``.
    func flattenedSubpaths() -> [[Point]] {
        var polygons: [[Point]] = []
        var polygon: [Point] = []
        forEachSegment { segment in
            switch segment {
            case let .point(p):
                if !polygon.isEmpty { polygons.append(polygon) }
                polygon = [p]
            case let .line(a, b):
                if polygon.last != a {
                    if !polygon.isEmpty { polygons.append(polygon) }
                    polygon = [a]
                }
                polygon.append(b)
            case .quad(let a, _, _), .cubic(let a, _, _, _):
                if polygon.last != a {
                    if !polygon.isEmpty { polygons.append(polygon) }
                    polygon = [a]
                }
                polygon.append(contentsOf: segment.chords(tolerance: Self.flatteningTolerance))
            }
        }
        if !polygon.isEmpty { polygons.append(polygon) }
        return polygons
    }
}

extension PathSegment {
    /// The curve's points after its start, at parameter steps fine enough that no chord strays
    /// more than `tolerance` from the curve (the bound uses the largest second difference of the
    /// control points).
    func chords(tolerance: Double) -> [Point] {
        let (spread, at): (Double, (Double) -> Point)
        switch self {
        case .point, .line:
            return []
        case let .quad(a, c, b):
            spread = Self.length(a.x - 2 * c.x + b.x, a.y - 2 * c.y + b.y)
            at = quadPoint(at:)
        case let .cubic(a, c1, c2, b):
            spread = max(Self.length(a.x - 2 * c1.x + c2.x, a.y - 2 * c1.y + c2.y),
                         Self.length(c1.x - 2 * c2.x + b.x, c1.y - 2 * c2.y + b.y))
            at = cubicPoint(at:)
        }
        // Clamped as a Double: control points near the largest Double make `spread` infinite.
        let steps = (0.75 * spread / tolerance).squareRoot().rounded(.up)
        let count = steps.isNaN ? 1 : Int(min(max(steps, 1), 4096))
        return (1...count).map { at(Double($0) / Double(count)) }
    }

    private static func length(_ dx: Double, _ dy: Double) -> Double {
        (dx * dx + dy * dy).squareRoot()
    }
}
