import LaminaGraphics

/// A value an animation can move a layer property through: how to interpolate it and, where it
/// has them, how to add, subtract and measure it.
///
/// `adding` and `subtracting` serve `byValue`, additive and cumulative animations; `distance`
/// serves paced keyframes. A value that only switches (``isDiscrete``) has none of them, and
/// animations that would need them refuse such values in ``Animation/validate()``.
public protocol AnimatableValue: Sendable, Equatable {
    /// The value `fraction` of the way from `from` to `to`. `fraction` may leave 0…1 (timing
    /// functions that overshoot, springs): continuous values extrapolate.
    static func interpolate(_ from: Self, _ to: Self, fraction: Double) -> Self
    /// `a` plus `b` (`b` is the added amount: the `byValue`, an additive animation's value, a
    /// cumulative offset), or nil when the values cannot add.
    static func adding(_ a: Self, _ b: Self) -> Self?
    /// The amount that, added to `b`, gives `a` — so `adding(subtracting(a, b)!, b) == a` — or
    /// nil when the values cannot subtract.
    static func subtracting(_ a: Self, _ b: Self) -> Self?
    /// How far apart two values are, for paced keyframes; nil when there is no such measure.
    static func distance(_ a: Self, _ b: Self) -> Double?
    /// Whether the value is free of NaN and infinities. Animations refuse values that are not.
    var isFiniteValue: Bool { get }
    /// Whether the value switches rather than moves (`Bool`, an image). Discrete values cannot
    /// be added, paced or sprung.
    static var isDiscrete: Bool { get }
}

extension AnimatableValue {
    /// Values cannot add unless the type says how.
    public static func adding(_ a: Self, _ b: Self) -> Self? { nil }
    /// Values cannot subtract unless the type says how.
    public static func subtracting(_ a: Self, _ b: Self) -> Self? { nil }
    /// Values have no distance unless the type says how.
    public static func distance(_ a: Self, _ b: Self) -> Double? { nil }
    /// Values are finite unless the type can tell otherwise.
    public var isFiniteValue: Bool { true }
    /// Values move continuously unless the type says they switch.
    public static var isDiscrete: Bool { false }
}

extension AnimatableValue {
    /// The discrete "interpolation": `from` for the first half, `to` from the midpoint on — CSS's
    /// discrete animation type. Apple does not say how a basic animation moves a value that
    /// cannot interpolate (it cross-fades `contents`, which one ``LayerRenderState`` cannot
    /// hold); switching at the middle shows each end for half the time.
    static func switchAtMidpoint(_ from: Self, _ to: Self, fraction: Double) -> Self {
        fraction < 0.5 ? from : to
    }
}

extension Double: AnimatableValue {
    /// Linear: `from + (to - from) × fraction`.
    public static func interpolate(_ from: Double, _ to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
    /// The sum.
    public static func adding(_ a: Double, _ b: Double) -> Double? { a + b }
    /// The difference.
    public static func subtracting(_ a: Double, _ b: Double) -> Double? { a - b }
    /// The absolute difference.
    public static func distance(_ a: Double, _ b: Double) -> Double? { abs(a - b) }
    /// Whether the number is finite.
    public var isFiniteValue: Bool { isFinite }
}

extension Point: AnimatableValue {
    /// Each coordinate linearly.
    public static func interpolate(_ from: Point, _ to: Point, fraction: Double) -> Point {
        Point(x: .interpolate(from.x, to.x, fraction: fraction), y: .interpolate(from.y, to.y, fraction: fraction))
    }
    /// The coordinates summed.
    public static func adding(_ a: Point, _ b: Point) -> Point? { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The coordinates subtracted.
    public static func subtracting(_ a: Point, _ b: Point) -> Point? { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The straight-line distance.
    public static func distance(_ a: Point, _ b: Point) -> Double? { a.distance(to: b) }
    /// Whether both coordinates are finite.
    public var isFiniteValue: Bool { isFinite }
}

extension Size: AnimatableValue {
    /// Each extent linearly.
    public static func interpolate(_ from: Size, _ to: Size, fraction: Double) -> Size {
        Size(width: .interpolate(from.width, to.width, fraction: fraction),
             height: .interpolate(from.height, to.height, fraction: fraction))
    }
    /// The extents summed.
    public static func adding(_ a: Size, _ b: Size) -> Size? { Size(width: a.width + b.width, height: a.height + b.height) }
    /// The extents subtracted.
    public static func subtracting(_ a: Size, _ b: Size) -> Size? {
        Size(width: a.width - b.width, height: a.height - b.height)
    }
    /// The Euclidean distance between the (width, height) pairs.
    public static func distance(_ a: Size, _ b: Size) -> Double? {
        Point(x: a.width, y: a.height).distance(to: Point(x: b.width, y: b.height))
    }
    /// Whether both extents are finite.
    public var isFiniteValue: Bool { isFinite }
}

extension Rect: AnimatableValue {
    /// Origin and size linearly, as stored (not standardized).
    public static func interpolate(_ from: Rect, _ to: Rect, fraction: Double) -> Rect {
        Rect(origin: .interpolate(from.origin, to.origin, fraction: fraction),
             size: .interpolate(from.size, to.size, fraction: fraction))
    }
    /// Origins and sizes summed.
    public static func adding(_ a: Rect, _ b: Rect) -> Rect? {
        Rect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
             width: a.size.width + b.size.width, height: a.size.height + b.size.height)
    }
    /// Origins and sizes subtracted.
    public static func subtracting(_ a: Rect, _ b: Rect) -> Rect? {
        Rect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
             width: a.size.width - b.size.width, height: a.size.height - b.size.height)
    }
    /// The Euclidean distance between the (x, y, width, height) quadruples.
    public static func distance(_ a: Rect, _ b: Rect) -> Double? {
        let (dx, dy) = (a.origin.x - b.origin.x, a.origin.y - b.origin.y)
        let (dw, dh) = (a.size.width - b.size.width, a.size.height - b.size.height)
        return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
    }
    /// Whether origin and size are finite (``/LaminaGraphics/Rect/null``'s infinite origin is not).
    public var isFiniteValue: Bool { isFinite }
}
