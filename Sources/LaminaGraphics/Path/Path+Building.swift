extension Path {
    /// Starts a new subpath at `point`. Non-finite points are ignored.
    public mutating func move(to point: Point) {
        guard point.isFinite else { return }
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a straight line from the current point to `point` (a move to `point` when there is
    /// no current point). Non-finite points are ignored.
    public mutating func addLine(to point: Point) {
        guard point.isFinite else { return }
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier curve to `point` pulled towards `control`. Without a current
    /// point the subpath starts at `control`. Non-finite points are ignored.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard point.isFinite, control.isFinite else { return }
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve to `point` with two control points. Without a current point the
    /// subpath starts at `control1`. Non-finite points are ignored.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        guard point.isFinite, control1.isFinite, control2.isFinite else { return }
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a line back to its start. Does nothing on an empty path
    /// or right after a close.
    public mutating func closeSubpath() {
        guard let start = subpathStart, elements.last != .close, !elements.isEmpty else { return }
        elements.append(.close)
        currentPoint = start
    }

    /// Appends every element of `path`.
    public mutating func addPath(_ path: Path) {
        for element in path.elements {
            switch element {
            case let .move(to: point): move(to: point)
            case let .line(to: point): addLine(to: point)
            case let .quadCurve(to: point, control: control): addQuadCurve(to: point, control: control)
            case let .curve(to: point, control1: c1, control2: c2): addCurve(to: point, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }
}
