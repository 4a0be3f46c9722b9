/// One drawn piece of a path with its start made explicit: how bounding boxes, flattening and
/// containment see a path.
enum PathSegment {
    /// A lone move (a subpath with no segments still has a point).
    case point(Point)
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    /// The segment's ends and the points where its x or y is extreme.
    var extremePoints: [Point] {
        switch self {
        case let .point(p): return [p]
        case let .line(a, b): return [a, b]
        case let .quad(a, c, b):
            let ts = [Self.quadExtremum(a.x, c.x, b.x), Self.quadExtremum(a.y, c.y, b.y)].compactMap { $0 }
            return [a, b] + ts.map { quadPoint(at: $0) }
        case let .cubic(a, c1, c2, b):
            let ts = Self.cubicExtrema(a.x, c1.x, c2.x, b.x) + Self.cubicExtrema(a.y, c1.y, c2.y, b.y)
            return [a, b] + ts.map { cubicPoint(at: $0) }
        }
    }

    func quadPoint(at t: Double) -> Point {
        guard case let .quad(a, c, b) = self else { return .zero }
        let u = 1 - t
        return Point(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x, y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
    }

    func cubicPoint(at t: Double) -> Point {
        guard case let .cubic(a, c1, c2, b) = self else { return .zero }
        let u = 1 - t
        let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
    }

    /// Where a quadratic's derivative in one coordinate is zero, inside (0, 1).
    private static func quadExtremum(_ a: Double, _ c: Double, _ b: Double) -> Double? {
        let denominator = a - 2 * c + b
        guard denominator != 0 else { return nil }
        let t = (a - c) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// Where a cubic's derivative in one coordinate is zero, inside (0, 1).
    private static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // The derivative is a quadratic a·t² + b·t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

extension Path {
    /// Calls `body` with every segment, starts made explicit. An element with no current point
    /// cannot occur: the builders start a subpath first.
    func forEachSegment(_ body: (PathSegment) -> Void) {
        var current: Point?
        var start: Point?
        var subpathHasSegments = false
        for element in elements {
            switch element {
            case let .move(to: p):
                if let lone = current, !subpathHasSegments { body(.point(lone)) }
                (current, start, subpathHasSegments) = (p, p, false)
            case let .line(to: p):
                if let from = current { body(.line(from, p)) }
                (current, subpathHasSegments) = (p, true)
            case let .quadCurve(to: p, control: c):
                if let from = current { body(.quad(from, c, p)) }
                (current, subpathHasSegments) = (p, true)
            case let .curve(to: p, control1: c1, control2: c2):
                if let from = current { body(.cubic(from, c1, c2, p)) }
                (current, subpathHasSegments) = (p, true)
            case .close:
                if let from = current, let to = start, from != to { body(.line(from, to)) }
                current = start
            }
        }
        if let lone = current, !subpathHasSegments { body(.point(lone)) }
    }
}
