import CCairo

extension GraphicsContext {
    /// Replays `path` into `cairo`'s current path. cairo has no quadratic curves, so each becomes
    /// the cubic that traces the same curve.
    func addPath(_ path: Path, to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        var current = Point.zero
        var subpathStart = Point.zero
        for element in path.elements {
            switch element {
            case let .move(to: point):
                cairo_move_to(cairo, point.x, point.y)
                (current, subpathStart) = (point, point)
            case let .line(to: point):
                cairo_line_to(cairo, point.x, point.y)
                current = point
            case let .quadCurve(to: point, control: control):
                let c1 = Point(x: current.x + 2 / 3 * (control.x - current.x),
                               y: current.y + 2 / 3 * (control.y - current.y))
                let c2 = Point(x: point.x + 2 / 3 * (control.x - point.x),
                               y: point.y + 2 / 3 * (control.y - point.y))
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, point.x, point.y)
                current = point
            case let .curve(to: point, control1: c1, control2: c2):
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, point.x, point.y)
                current = point
            case .close:
                cairo_close_path(cairo)
                current = subpathStart
            }
        }
    }
}

extension Path.FillRule {
    var cairoFillRule: cairo_fill_rule_t {
        switch self {
        case .nonZero: CAIRO_FILL_RULE_WINDING
        case .evenOdd: CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}
