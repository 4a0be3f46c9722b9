import Foundation

/// A 2D affine transform, laid out as Core Graphics' `CGAffineTransform`:
///
/// ```
/// | a  b  0 |
/// | c  d  0 |      x' = a·x + c·y + tx
/// | tx ty 1 |      y' = b·x + d·y + ty
/// ```
///
/// Points are row vectors, so `t1.concatenating(t2)` applies `t1` first, then `t2`. With the
/// y axis pointing down, a positive rotation angle turns clockwise on screen, as in UIKit.
public struct AffineTransform: Sendable, Hashable, CustomStringConvertible {
    /// The x scale (and rotation) entry: how much x feeds x'.
    public var a: Double
    /// How much x feeds y'.
    public var b: Double
    /// How much y feeds x'.
    public var c: Double
    /// The y scale (and rotation) entry: how much y feeds y'.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// Creates a transform from its six matrix entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx`, `ty`.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx`, `sy` about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (clockwise on screen for positive angles).
    public init(rotationAngle angle: Double) {
        let (sine, cosine) = (sin(angle), cos(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Whether every entry is finite (NaN-free).
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The determinant of the linear part; zero means the transform cannot be inverted.
    public var determinant: Double { a * d - b * c }

    /// This transform followed by `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation applied before this transform, as `CGAffineTransformTranslate`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform, as `CGAffineTransformScale`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform, as `CGAffineTransformRotate`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes this one, or `nil` when it is singular (its determinant is
    /// zero or not finite).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Whether the transform only translates and scales (no rotation or skew), the case where
    /// drawing can snap to device pixels.
    public var isTranslationAndScale: Bool { b == 0 && c == 0 }

    /// `point` mapped through the transform.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The smallest axis-aligned rectangle containing `rect` mapped through the transform, as
    /// `CGRectApplyAffineTransform`. Null stays null.
    public func apply(to rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        let corners = [
            apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
            apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    public var description: String {
        "[\(a.compactDescription), \(b.compactDescription), \(c.compactDescription), "
            + "\(d.compactDescription), \(tx.compactDescription), \(ty.compactDescription)]"
    }
}
