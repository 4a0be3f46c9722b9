import Foundation
import LaminaGraphics
import Testing

/// Laws the geometry types must keep, checked on thousands of seeded random values.
@Suite("Geometry laws on random values")
struct GeometryPropertyTests {
    static let seed: UInt64 = 0x1A31_7A_2026
    static let count = 2_000

    @Test("a transform followed by its inverse is the identity, and inverting maps points back")
    func inverse() {
        var random = SeededRandom(seed: Self.seed)
        for index in 0..<Self.count {
            let t = random.transform(), p = random.point()
            guard let inverse = t.inverted() else {
                Issue.record("invertible transform not inverted, seed \(Self.seed) #\(index)")
                continue
            }
            #expect(close(t.concatenating(inverse), .identity, 1e-7), "seed \(Self.seed) #\(index)")
            #expect(close(inverse.apply(to: t.apply(to: p)), p, 1e-7), "seed \(Self.seed) #\(index)")
        }
    }

    @Test("concatenation is associative and applies the left transform first")
    func associativity() {
        var random = SeededRandom(seed: Self.seed + 1)
        for index in 0..<Self.count {
            let (a, b, c) = (random.transform(), random.transform(), random.transform())
            #expect(close(a.concatenating(b).concatenating(c), a.concatenating(b.concatenating(c)), 1e-7), "#\(index)")
            let p = random.point()
            #expect(close(a.concatenating(b).apply(to: p), b.apply(to: a.apply(to: p)), 1e-7), "#\(index)")
        }
    }

    @Test("singular transforms have no inverse; a full turn is the identity")
    func singularAndFullTurn() {
        #expect(AffineTransform(scaleX: 0, y: 3).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        #expect(close(AffineTransform(rotationAngle: 2 * .pi), .identity, 1e-12))
        let quarter = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(close(quarter, Point(x: 0, y: 1), 1e-12), "y down: a positive angle turns +x towards +y")
    }

    @Test("a transformed rectangle contains its transformed corners")
    func rectTransform() {
        var random = SeededRandom(seed: Self.seed + 2)
        for index in 0..<Self.count {
            let t = random.transform(), r = random.rect().standardized
            let box = t.apply(to: r).insetBy(dx: -1e-6, dy: -1e-6)
            for corner in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                           Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)] {
                let mapped = t.apply(to: corner)
                #expect(mapped.x >= box.minX && mapped.x <= box.maxX && mapped.y >= box.minY && mapped.y <= box.maxY, "#\(index)")
            }
        }
    }

    @Test("union is commutative, associative, idempotent, has null as identity and contains both")
    func unionLaws() {
        var random = SeededRandom(seed: Self.seed + 3)
        for index in 0..<Self.count {
            let (a, b, c) = (random.rect(), random.rect(), random.rect())
            #expect(close(a.union(b), b.union(a)), "#\(index)")
            #expect(close(a.union(b).union(c), a.union(b.union(c))), "#\(index)")
            #expect(close(a.union(a), a.standardized), "#\(index)")
            #expect(a.union(.null) == a.standardized && Rect.null.union(a) == a.standardized, "#\(index)")
            #expect(a.union(b).contains(a) && a.union(b).contains(b), "#\(index)")
        }
    }

    @Test("intersection is commutative, associative, inside both, and null absorbs")
    func intersectionLaws() {
        var random = SeededRandom(seed: Self.seed + 4)
        for index in 0..<Self.count {
            let (a, b, c) = (random.rect(), random.rect(), random.rect())
            let ab = a.intersection(b)
            #expect(close(ab, b.intersection(a)), "#\(index)")
            #expect(close(ab.intersection(c), a.intersection(b.intersection(c))), "#\(index)")
            #expect(a.contains(ab) && b.contains(ab), "#\(index)")
            #expect(a.intersection(.null).isNull, "#\(index)")
            #expect(close(a.intersection(a), a.standardized), "#\(index)")
        }
    }

    @Test("standardized is idempotent, integral has whole edges and contains the original")
    func standardizedAndIntegral() {
        var random = SeededRandom(seed: Self.seed + 5)
        for index in 0..<Self.count {
            let r = random.rect()
            #expect(r.standardized.standardized == r.standardized, "#\(index)")
            let whole = r.integral
            #expect(whole.contains(r), "#\(index)")
            for edge in [whole.minX, whole.minY, whole.maxX, whole.maxY] { #expect(edge == edge.rounded(), "#\(index)") }
        }
        #expect(Rect.null.integral.isNull)
    }

    @Test("insetting and outsetting by the same amount round-trips; shrinking past nothing is null")
    func inset() {
        var random = SeededRandom(seed: Self.seed + 6)
        for index in 0..<Self.count {
            let r = random.rect().standardized
            let (dx, dy) = (Double.random(in: -10...10, using: &random), Double.random(in: -10...10, using: &random))
            let inset = r.insetBy(dx: dx, dy: dy)
            guard !inset.isNull else {
                #expect(r.width < 2 * dx || r.height < 2 * dy, "#\(index)")
                continue
            }
            let back = inset.insetBy(dx: -dx, dy: -dy)
            #expect(close(back.minX, r.minX) && close(back.maxY, r.maxY) && close(back.width, r.width), "#\(index)")
        }
        #expect(Rect(x: 0, y: 0, width: 4, height: 4).inset(by: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
                == Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(Rect(x: 0, y: 0, width: 4, height: 4).inset(by: EdgeInsets(all: 3)).isNull)
    }

    @Test("dividing gives a slice and a remainder whose union is the rectangle and whose areas sum")
    func divided() {
        var random = SeededRandom(seed: Self.seed + 7)
        for index in 0..<Self.count {
            let r = random.rect().standardized
            let edge = Rect.Edge.allCases[index % 4]
            let (slice, remainder) = r.divided(atDistance: Double.random(in: -5...60, using: &random), from: edge)
            #expect(close(slice.union(remainder), r) || slice.isEmpty || remainder.isEmpty, "#\(index)")
            #expect(close(slice.width * slice.height + remainder.width * remainder.height, r.width * r.height, 1e-9), "#\(index)")
        }
    }

    @Test("containment is half-open, so neighbouring rectangles never both contain a point")
    func halfOpen() {
        var random = SeededRandom(seed: Self.seed + 8)
        for index in 0..<Self.count {
            let r = Rect(x: random.coordinate().rounded(), y: random.coordinate().rounded(), width: 10, height: 10)
            let right = r.offsetBy(dx: 10, dy: 0), below = r.offsetBy(dx: 0, dy: 10)
            let p = Point(x: r.minX + Double(Int.random(in: 0...20, using: &random)) / 2,
                          y: r.minY + Double(Int.random(in: 0...20, using: &random)) / 2)
            #expect(!(r.contains(p) && right.contains(p)) && !(r.contains(p) && below.contains(p)), "#\(index)")
        }
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).contains(Point.zero))
        #expect(!Rect(x: 0, y: 0, width: 1, height: 1).contains(Point(x: 1, y: 0)))
    }

    @Test("NaN geometry is not finite, empty, contains nothing and is contained by nothing")
    func nanGeometry() {
        let nan = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(!nan.isFinite && nan.isEmpty)
        #expect(!nan.contains(Point(x: 1, y: 1)))
        #expect(!Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: .nan, y: 1)))
        #expect(!Point(x: 0, y: .infinity).isFinite && !Size(width: .nan, height: 1).isFinite)
        #expect(Size(width: .nan, height: 1).isEmpty)
        #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0).isFinite)
    }
}
