import Foundation
import LaminaGraphics
import Testing

@Suite("Path: building, bounds, containment and transforms")
struct PathTests {
    @Test("a rectangle is a move, three lines and a close, standardized")
    func rectangle() {
        let path = Path(rect: Rect(x: 10, y: 20, width: -4, height: 5))
        #expect(path.elements == [
            .move(to: Point(x: 6, y: 20)), .line(to: Point(x: 10, y: 20)), .line(to: Point(x: 10, y: 25)),
            .line(to: Point(x: 6, y: 25)), .close,
        ])
        #expect(path.currentPoint == Point(x: 6, y: 20))
    }

    @Test("rounded rectangles clamp their radius and fall back to square corners at zero")
    func roundedRectangle() {
        let clamped = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 10), cornerRadius: 50)
        #expect(clamped.boundingBox == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(clamped.elements.first == .move(to: Point(x: 5, y: 0)))
        #expect(clamped.elements.filter { if case .curve = $0 { true } else { false } }.count == 4)
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0) == Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)))
    }

    @Test("an ellipse's bounding box is its rectangle, though its control points reach no further")
    func ellipseBounds() {
        let rect = Rect(x: 3, y: -7, width: 50, height: 20)
        let ellipse = Path(ellipseIn: rect)
        let box = ellipse.boundingBox
        for (a, b) in [(box.minX, rect.minX), (box.minY, rect.minY), (box.maxX, rect.maxX), (box.maxY, rect.maxY)] {
            #expect(abs(a - b) < 1e-9 * 50)
        }
        #expect(ellipse.controlPointBounds.contains(box))
    }

    @Test("a curve's tight bounding box stops at its extremes, inside its control points")
    func curveBounds() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addCurve(to: Point(x: 30, y: 0), control1: Point(x: 0, y: 40), control2: Point(x: 30, y: 40))
        #expect(abs(path.boundingBox.maxY - 30) < 1e-9)  // 3/4 of the control height
        #expect(path.controlPointBounds.maxY == 40)
        var quad = Path()
        quad.move(to: .zero)
        quad.addQuadCurve(to: Point(x: 20, y: 0), control: Point(x: 10, y: -20))
        #expect(abs(quad.boundingBox.minY + 10) < 1e-9)
        #expect(Path().boundingBox.isNull)
    }

    @Test("an arc sweeping clockwise on screen goes through increasing angles, in quarter-turn curves")
    func clockwiseArc() {
        var path = Path()
        path.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(path.elements.count == 2)
        #expect(path.elements.first == .move(to: Point(x: 15, y: 10)))
        let end = try! #require(path.currentPoint)
        #expect(abs(end.x - 10) < 1e-9 && abs(end.y - 15) < 1e-9)  // y down: a quarter turn clockwise
        #expect(abs(path.boundingBox.maxY - 15) < 1e-9 && abs(path.boundingBox.maxX - 15) < 1e-9)
    }

    @Test("an anticlockwise arc to a larger angle goes the long way round")
    func anticlockwiseArc() {
        var path = Path()
        path.move(to: Point(x: 0, y: 10))
        path.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements[1] == .line(to: Point(x: 15, y: 10)), "a line joins the current point to the arc")
        #expect(path.elements.count == 2 + 3)  // three quarters, three curves
        #expect(abs(path.boundingBox.minY - 5) < 1e-9 && abs(path.boundingBox.minX - 0) < 1e-9)
    }

    @Test("a sweep of more than a turn is one full circle; a zero sweep adds only its start")
    func arcLimits() {
        var full = Path()
        full.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 7 * .pi, clockwise: true)
        #expect(full.elements.count == 1 + 4)
        var none = Path()
        none.addArc(center: .zero, radius: 1, startAngle: 1, endAngle: 1, clockwise: true)
        #expect(none.elements.count == 1)
    }

    @Test("addArc(tangent1End:tangent2End:radius:) rounds a corner between two lines")
    func tangentArc() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 10, y: 10), radius: 4)
        guard case let .line(to: tangentPoint) = path.elements[1] else { Issue.record("no line"); return }
        #expect(abs(tangentPoint.x - 6) < 1e-9 && tangentPoint.y == 0)
        let end = try! #require(path.currentPoint)
        #expect(abs(end.x - 10) < 1e-9 && abs(end.y - 4) < 1e-9)
        var straight = Path()
        straight.move(to: .zero)
        straight.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 10, y: 0), radius: 2)
        #expect(straight.elements.last == .line(to: Point(x: 5, y: 0)))
    }

    @Test("containment follows the fill rule: nested rectangles and a self-overlapping star")
    func containment() {
        var nested = Path(rect: Rect(x: 0, y: 0, width: 30, height: 30))
        nested.addRect(Rect(x: 10, y: 10, width: 10, height: 10))  // same direction
        #expect(nested.contains(Point(x: 15, y: 15), rule: .nonZero))
        #expect(!nested.contains(Point(x: 15, y: 15), rule: .evenOdd))
        #expect(nested.contains(Point(x: 5, y: 5), rule: .evenOdd))
        var opposite = Path(rect: Rect(x: 0, y: 0, width: 30, height: 30))
        opposite.addPath(Path(rect: Rect(x: 20, y: 10, width: -10, height: 10)).applying(
            AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 30)))  // mirrored: opposite winding
        #expect(!opposite.contains(Point(x: 15, y: 15), rule: .nonZero))

        var star = Path()
        for index in 0..<5 {
            let angle = -Double.pi / 2 + Double(index * 2) * 2 * .pi / 5
            let point = Point(x: 50 + 40 * cos(angle), y: 50 + 40 * sin(angle))
            if index == 0 { star.move(to: point) } else { star.addLine(to: point) }
        }
        #expect(star.contains(Point(x: 50, y: 52), rule: .nonZero))
        #expect(!star.contains(Point(x: 50, y: 52), rule: .evenOdd))
        #expect(star.contains(Point(x: 50, y: 15), rule: .evenOdd), "a point of the star (open subpath closed for filling)")
        #expect(!star.contains(Point(x: 5, y: 5)))
    }

    @Test("an ellipse contains its centre but not its bounding box's corners")
    func ellipseContainment() {
        let ellipse = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(ellipse.contains(Point(x: 50, y: 25)))
        #expect(ellipse.contains(Point(x: 99, y: 25)))
        #expect(!ellipse.contains(Point(x: 2, y: 2)))
        #expect(!ellipse.contains(Point(x: 50, y: .nan)))
        let rounded = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10)
        #expect(!rounded.contains(Point(x: 1, y: 1)))
        #expect(rounded.contains(Point(x: 5, y: 5)))
    }

    @Test("transforming a path transforms every point exactly")
    func transform() {
        var path = Path()
        path.move(to: Point(x: 1, y: 2))
        path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 3, y: 0))
        path.addCurve(to: Point(x: 9, y: 9), control1: Point(x: 6, y: 1), control2: Point(x: 8, y: 2))
        path.closeSubpath()
        let t = AffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: -2).scaledBy(x: 2, y: 3)
        let moved = path.applying(t)
        #expect(moved.elements.count == path.elements.count)
        for (a, b) in zip(path.elements, moved.elements) {
            switch (a, b) {
            case let (.curve(p, c1, c2), .curve(q, d1, d2)):
                #expect(q == t.apply(to: p) && d1 == t.apply(to: c1) && d2 == t.apply(to: c2))
            case let (.quadCurve(p, c), .quadCurve(q, d)):
                #expect(q == t.apply(to: p) && d == t.apply(to: c))
            case let (.move(p), .move(q)):
                #expect(q == t.apply(to: p))
            case (.close, .close): break
            default: Issue.record("element kinds differ: \(a) / \(b)")
            }
        }
    }

    @Test("non-finite points, negative radii and empty closes add nothing")
    func badInput() {
        var path = Path()
        path.closeSubpath()
        path.move(to: Point(x: .nan, y: 0))
        path.addLine(to: Point(x: 0, y: .infinity))
        path.addCurve(to: .zero, control1: Point(x: .nan, y: 1), control2: .zero)
        path.addQuadCurve(to: .zero, control: Point(x: 0, y: .nan))
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        path.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 1, clockwise: true)
        path.addRect(Rect(x: .nan, y: 0, width: 1, height: 1))
        path.addEllipse(in: .null)
        path.addRoundedRect(in: Rect(x: 0, y: 0, width: 5, height: 5), cornerWidth: -1, cornerHeight: 1)
        #expect(path.isEmpty)
        #expect(path.currentPoint == nil)
    }

    @Test("a line with no current point starts the subpath there")
    func lineWithoutCurrentPoint() {
        var path = Path()
        path.addLine(to: Point(x: 3, y: 4))
        #expect(path.elements == [.move(to: Point(x: 3, y: 4))])
    }

    @Test("finite input at the edge of the Double range never traps")
    func extremeFiniteValues() {
        var arc = Path()
        arc.addArc(center: .zero, radius: 1, startAngle: 1e308, endAngle: -1e308, clockwise: true)
        arc.addArc(center: .zero, radius: 1, startAngle: -1e308, endAngle: 1e308, clockwise: false)
        #expect(arc.isEmpty, "angles too far apart to subtract add nothing")
        var tangent = Path()
        tangent.move(to: Point(x: 0, y: 0))
        tangent.addArc(tangent1End: Point(x: 1e308, y: 0), tangent2End: Point(x: 1e308, y: 1e-300), radius: 1e308)
        var curve = Path()
        curve.move(to: Point(x: -1e308, y: -1e308))
        curve.addCurve(to: Point(x: 1e308, y: 1e308), control1: Point(x: 1e308, y: -1e308),
                       control2: Point(x: -1e308, y: 1e308))
        curve.closeSubpath()
        _ = curve.contains(Point(x: 0, y: 0))
        _ = curve.boundingBox
        _ = tangent.boundingBox
        #expect(!curve.isEmpty)
    }
}
