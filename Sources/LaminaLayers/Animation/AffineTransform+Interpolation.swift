import Glibc
import LaminaGraphics

extension AffineTransform: AnimatableValue {
    /// Interpolates by decomposition, not entry by entry: each transform is split into a
    /// translation, a rotation, a scale and a shear, those are interpolated, and the result is
    /// rebuilt. Entry-by-entry interpolation of a quarter turn passes through a matrix that
    /// shrinks the layer to 71 % at the midpoint; by decomposition it is a 45° turn at full size.
    ///
    /// The rotation takes the shorter way round (a turn of 270° animates as −90°), as Core
    /// Animation's matrix animations do — which is why code that wants a long turn animates
    /// `transform.rotation` rather than the matrix; Apple does not document the choice.
    public static func interpolate(_ from: AffineTransform, _ to: AffineTransform, fraction: Double) -> AffineTransform {
        let start = Decomposition(from)
        var end = Decomposition(to)
        // Shorter arc: bring the end angle within half a turn of the start.
        var turn = end.rotation - start.rotation
        turn = turn.remainder(dividingBy: 2 * .pi)
        end.rotation = start.rotation + turn
        return Decomposition.interpolate(start, end, fraction: fraction).transform
    }

    /// Concatenation, as Core Animation's `isAdditive` documents for transforms ("the two
    /// matrices are concatenated"): `b` (the added transform) is applied first, in the layer's
    /// own space, then `a` — the way `CGAffineTransform.rotated(by:)` adds a rotation to a
    /// transform. Apple does not give the order.
    public static func adding(_ a: AffineTransform, _ b: AffineTransform) -> AffineTransform? {
        b.concatenating(a)
    }

    /// `b`'s inverse followed by `a`, so that adding it back to `b` gives `a`; nil when `b`
    /// cannot be inverted.
    public static func subtracting(_ a: AffineTransform, _ b: AffineTransform) -> AffineTransform? {
        b.inverted()?.concatenating(a)
    }

    /// Whether every entry is finite.
    public var isFiniteValue: Bool { isFinite }
}

/// A 2D affine transform as translation · rotation · scale · shear: the linear part is
/// `Shear(k) · Scale(sx, sy) · Rotation(θ)` applied to row vectors (shear first, rotation last),
/// then the translation.
///
/// A reflection (negative determinant) is carried by a negative scale on the axis the matrix
/// flips the more (x when `a < d`), so an un-flip interpolates through a collapse along that
/// axis rather than through a half turn.
struct Decomposition {
    var translation: Point
    var rotation: Double
    var scaleX: Double
    var scaleY: Double
    var shear: Double

    init(translation: Point, rotation: Double, scaleX: Double, scaleY: Double, shear: Double) {
        self.translation = translation
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.shear = shear
    }

    init(_ m: AffineTransform) {
        translation = Point(x: m.tx, y: m.ty)
        let determinant = m.a * m.d - m.b * m.c
        let rowLength = (m.a * m.a + m.b * m.b).squareRoot()
        guard rowLength > 0 else {
            // The x axis collapses: all the transform has is its second row (or nothing).
            let secondLength = (m.c * m.c + m.d * m.d).squareRoot()
            (rotation, scaleX, scaleY, shear) = (secondLength > 0 ? atan2(-m.c, m.d) : 0, 0, secondLength, 0)
            return
        }
        let (ux, uy) = (m.a / rowLength, m.b / rowLength)
        rotation = atan2(uy, ux)
        scaleX = rowLength
        scaleY = determinant / rowLength
        shear = (m.c * ux + m.d * uy) / rowLength
        if determinant < 0, m.a < m.d {
            // Carry the reflection on x: the same matrix as (−sx, −sy, θ + π, k).
            scaleX = -scaleX
            scaleY = -scaleY
            rotation += rotation > 0 ? -.pi : .pi
        }
    }

    /// The transform these parts build.
    var transform: AffineTransform {
        let (cosine, sine) = (cos(rotation), sin(rotation))
        return AffineTransform(
            a: scaleX * cosine, b: scaleX * sine,
            c: shear * scaleX * cosine - scaleY * sine, d: shear * scaleX * sine + scaleY * cosine,
            tx: translation.x, ty: translation.y)
    }

    static func interpolate(_ from: Decomposition, _ to: Decomposition, fraction: Double) -> Decomposition {
        Decomposition(
            translation: .interpolate(from.translation, to.translation, fraction: fraction),
            rotation: .interpolate(from.rotation, to.rotation, fraction: fraction),
            scaleX: .interpolate(from.scaleX, to.scaleX, fraction: fraction),
            scaleY: .interpolate(from.scaleY, to.scaleY, fraction: fraction),
            shear: .interpolate(from.shear, to.shear, fraction: fraction))
    }
}
