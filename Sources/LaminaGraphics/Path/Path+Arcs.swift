import Foundation

extension Path {
    /// Adds an arc of the circle around `center`, from `startAngle` to `endAngle` (radians; 0
    /// points along +x and, with y down, increasing angles turn clockwise on screen), as
    /// `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: `clockwise`
    /// sweeps increasing angles. The sweep is at most one full turn. A line joins the current
    /// point to the arc's start (a move when there is none). Negative or non-finite values are
    /// ignored.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite else { return }
        let fullTurn = 2 * Double.pi
        var sweep = endAngle - startAngle
        // Finite angles can still be too far apart to subtract (1e308 and -1e308): no arc then.
        guard sweep.isFinite else { return }
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
            sweep = min(sweep, fullTurn)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
            sweep = max(sweep, -fullTurn)
        }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        addLine(to: start)
        appendArcCurves(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// Adds a line from the current point towards `tangent1End` and an arc of `radius` tangent to
    /// that line and to the line from `tangent1End` to `tangent2End`, ending where it touches the
    /// second line — `CGContextAddArcToPoint`. With no current point the subpath starts at
    /// `tangent1End`; when the three points are in line (or the radius is 0) it is a line to
    /// `tangent1End`. Negative or non-finite values are ignored.
    public mutating func addArc(tangent1End: Point, tangent2End: Point, radius: Double) {
        guard tangent1End.isFinite, tangent2End.isFinite, radius.isFinite, radius >= 0 else { return }
        guard let current = currentPoint else { return move(to: tangent1End) }
        let v1 = Self.unit(from: tangent1End, to: current), v2 = Self.unit(from: tangent1End, to: tangent2End)
        guard let v1, let v2, radius > 0 else { return addLine(to: tangent1End) }
        let cosine = max(-1, min(1, v1.x * v2.x + v1.y * v2.y))
        let half = acos(cosine) / 2
        guard half > 1e-12, half < Double.pi / 2 - 1e-12 else { return addLine(to: tangent1End) }
        let distance = radius / tan(half)
        let t1 = Point(x: tangent1End.x + v1.x * distance, y: tangent1End.y + v1.y * distance)
        let t2 = Point(x: tangent1End.x + v2.x * distance, y: tangent1End.y + v2.y * distance)
        let bisector = Self.unit(from: .zero, to: Point(x: v1.x + v2.x, y: v1.y + v2.y))!
        let toCenter = radius / sin(half)
        let center = Point(x: tangent1End.x + bisector.x * toCenter, y: tangent1End.y + bisector.y * toCenter)
        let startAngle = atan2(t1.y - center.y, t1.x - center.x)
        var sweep = atan2(t2.y - center.y, t2.x - center.x) - startAngle
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        addLine(to: t1)
        appendArcCurves(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
    }

    /// Appends cubic curves tracing the arc, at most a quarter turn each: each curve's control
    /// points sit `4/3 · tan(θ/4) · radius` along the tangents at its ends.
    private mutating func appendArcCurves(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        // A radius or tangent point so large that the centre overflows leaves nothing to draw.
        guard sweep.isFinite, sweep != 0, radius > 0, radius.isFinite, center.isFinite else { return }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<count {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            let end = Point(x: center.x + radius * c1, y: center.y + radius * s1)
            let control1 = Point(x: center.x + radius * c0 - handle * s0, y: center.y + radius * s0 + handle * c0)
            let control2 = Point(x: end.x + handle * s1, y: end.y - handle * c1)
            addCurve(to: end, control1: control1, control2: control2)
            angle = next
        }
    }

    /// The unit vector from `a` to `b`, or nil when they coincide.
    private static func unit(from a: Point, to b: Point) -> Point? {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? Point(x: dx / length, y: dy / length) : nil
    }
}
