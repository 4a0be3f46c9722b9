extension Path {
    /// The smallest rectangle containing the path's outline: the ends of every element and the
    /// extreme points of every curve, not the curves' control points (`CGPathGetPathBoundingBox`).
    /// ``Rect/null`` for an empty path.
    public var boundingBox: Rect {
        var box = Rect.null
        forEachSegment { segment in
            for point in segment.extremePoints { box = box.union(Rect(origin: point, size: .zero)) }
        }
        return box
    }

    /// The smallest rectangle containing every point of the path, control points included
    /// (`CGPathGetBoundingBox`): cheaper, and never smaller than ``boundingBox``.
    public var controlPointBounds: Rect {
        var box = Rect.null
        for element in elements {
            for point in element.points { box = box.union(Rect(origin: point, size: .zero)) }
        }
        return box
    }

    /// The path with every point mapped through `transform`. Béziers stay Béziers under affine
    /// maps, so the result is exact.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case let .move(to: p): .move(to: transform.apply(to: p))
            case let .line(to: p): .line(to: transform.apply(to: p))
            case let .quadCurve(to: p, control: c): .quadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
            case let .curve(to: p, control1: c1, control2: c2):
                .curve(to: transform.apply(to: p), control1: transform.apply(to: c1), control2: transform.apply(to: c2))
            case .close: .close
            }
        }
        result.currentPoint = currentPoint.map(transform.apply(to:))
        result.subpathStart = subpathStart.map(transform.apply(to:))
        return result
    }
}

extension Path.Element {
    /// The points the element names: its end and its control points.
    var points: [Point] {
        switch self {
        case let .move(to: p), let .line(to: p): [p]
        case let .quadCurve(to: p, control: c): [c, p]
        case let .curve(to: p, control1: c1, control2: c2): [c1, c2, p]
        case .close: []
        }
    }
}
