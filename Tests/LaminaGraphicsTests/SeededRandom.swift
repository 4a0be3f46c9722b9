import LaminaGraphics
import LaminaTesting

/// Random geometry for property tests, from a seeded generator (``SplitMix64``), so a failing
/// property test names the seed that reproduces it.
struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    /// A value in `-range...range`, sometimes a whole number (so equal edges occur).
    mutating func coordinate(_ range: Double = 100) -> Double {
        let value = Double.random(in: -range...range, using: &self)
        return Bool.random(using: &self) ? value.rounded() : value
    }

    mutating func rect() -> Rect {
        Rect(x: coordinate(), y: coordinate(), width: coordinate(50), height: coordinate(50))
    }

    mutating func point() -> Point {
        Point(x: coordinate(), y: coordinate())
    }

    /// An invertible transform: a rotation, a scale away from zero, and a translation.
    mutating func transform() -> AffineTransform {
        let sx = Double.random(in: 0.2...5, using: &self) * (Bool.random(using: &self) ? 1 : -1)
        let sy = Double.random(in: 0.2...5, using: &self)
        return AffineTransform(rotationAngle: Double.random(in: -7...7, using: &self))
            .scaledBy(x: sx, y: sy)
            .translatedBy(x: coordinate(), y: coordinate())
    }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

func close(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    close(a.a, b.a, tolerance) && close(a.b, b.b, tolerance) && close(a.c, b.c, tolerance)
        && close(a.d, b.d, tolerance) && close(a.tx, b.tx, tolerance) && close(a.ty, b.ty, tolerance)
}

/// Equal edges within a relative tolerance: origin + size arithmetic loses the last bits.
func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-12) -> Bool {
    if a.isNull || b.isNull { return a.isNull && b.isNull }
    return close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
        && close(a.maxX, b.maxX, tolerance) && close(a.maxY, b.maxY, tolerance)
}
