import LaminaGraphics

/// Exclusion paths flattened once into line segments, answering "which x are blocked between
/// these two y" for each row band. A path blocks, within a band, everything between the leftmost
/// and rightmost point of its outline inside the band (so a hole inside a ring blocks too).
struct ExclusionShapes: Sendable {
    private struct Segment: Sendable {
        var a: Point, b: Point
    }

    private var shapes: [[Segment]] = []

    init(_ paths: [Path]) {
        for path in paths {
            var segments: [Segment] = []
            var start = Point.zero, current = Point.zero
            for element in path.elements {
                switch element {
                case .move(let point):
                    start = point
                    current = point
                case .line(let point):
                    segments.append(Segment(a: current, b: point))
                    current = point
                case .quadCurve(let point, let control):
                    Self.flatten(from: current, to: point, segments: &segments) { t in
                        let u = 1 - t
                        return u * u * current + 2 * u * t * control + t * t * point
                    }
                    current = point
                case .curve(let point, let control1, let control2):
                    Self.flatten(from: current, to: point, segments: &segments) { t in
                        let u = 1 - t
                        return u * u * u * current + 3 * u * u * t * control1 + 3 * u * t * t * control2 + t * t * t * point
                    }
                    current = point
                case .close:
                    segments.append(Segment(a: current, b: start))
                    current = start
                }
            }
            let finite = segments.filter { $0.a.isFinite && $0.b.isFinite }
            if !finite.isEmpty { shapes.append(finite) }
        }
    }

    var isEmpty: Bool { shapes.isEmpty }

    private static func flatten(from start: Point, to end: Point, segments: inout [Segment],
                                _ point: (Double) -> Point) {
        var previous = start
        for step in 1...12 {
            let next = step == 12 ? end : point(Double(step) / 12)
            segments.append(Segment(a: previous, b: next))
            previous = next
        }
    }

    /// The free intervals of `minX..<maxX` in the band `top...bottom`, left to right, each at
    /// least `minimumWidth` wide.
    func fragments(minX: Double, maxX: Double, top: Double, bottom: Double, minimumWidth: Double) -> [ClosedRange<Double>] {
        guard maxX > minX else { return [] }
        var blocked: [ClosedRange<Double>] = []
        for segments in shapes {
            var low = Double.infinity, high = -Double.infinity
            for segment in segments {
                guard let clipped = Self.clip(segment, top: top, bottom: bottom) else { continue }
                low = min(low, clipped.lowerBound)
                high = max(high, clipped.upperBound)
            }
            if low <= high { blocked.append(low...high) }
        }
        guard !blocked.isEmpty else { return [minX...maxX] }
        blocked.sort { $0.lowerBound < $1.lowerBound }
        var free: [ClosedRange<Double>] = []
        var cursor = minX
        for interval in blocked {
            if interval.lowerBound > cursor {
                let end = min(interval.lowerBound, maxX)
                if end - cursor >= minimumWidth { free.append(cursor...end) }
            }
            cursor = max(cursor, interval.upperBound)
            if cursor >= maxX { break }
        }
        if maxX - cursor >= minimumWidth { free.append(cursor...maxX) }
        return free
    }

    /// The x extent of the part of `segment` between `top` and `bottom`, or nil when none is.
    private static func clip(_ segment: Segment, top: Double, bottom: Double) -> ClosedRange<Double>? {
        var (a, b) = (segment.a, segment.b)
        if a.y > b.y { swap(&a, &b) }
        guard b.y >= top, a.y <= bottom else { return nil }
        guard b.y > a.y else { return min(a.x, b.x)...max(a.x, b.x) }
        func x(at y: Double) -> Double { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
        let x1 = a.y < top ? x(at: top) : a.x
        let x2 = b.y > bottom ? x(at: bottom) : b.x
        return min(x1, x2)...max(x1, x2)
    }
}

private func * (factor: Double, point: Point) -> Point {
    Point(x: point.x * factor, y: point.y * factor)
}

private func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
}
