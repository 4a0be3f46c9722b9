import LaminaGraphics

/// Core Animation's `CAMediaTimingFunction`: a cubic Bézier curve from (0, 0) to (1, 1) that maps
/// an animation's progress (x, time) to its eased progress (y, how far the value has moved).
///
/// The two control points are the curve's only parameters. Their x values must lie in 0…1 so
/// the curve is a function of x (Core Animation requires it); the initializer clamps them
/// there. Their y values are free: outside 0…1 the animation overshoots.
public struct TimingFunction: Sendable, Hashable, CustomStringConvertible {
    private let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// Creates the curve through (0, 0), (`c1x`, `c1y`), (`c2x`, `c2y`), (1, 1).
    ///
    /// x values are clamped to 0…1. A control point with a NaN or infinite coordinate makes no
    /// curve at all, so the function falls back to ``linear``.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        guard c1x.isFinite, c1y.isFinite, c2x.isFinite, c2y.isFinite else {
            (self.c1x, self.c1y, self.c2x, self.c2y) = (0, 0, 1, 1)
            return
        }
        self.c1x = Swift.min(Swift.max(c1x, 0), 1)
        self.c1y = c1y
        self.c2x = Swift.min(Swift.max(c2x, 0), 1)
        self.c2y = c2y
    }

    /// The two control points (the end points are always (0, 0) and (1, 1)).
    public var controlPoints: (c1: Point, c2: Point) {
        (Point(x: c1x, y: c1y), Point(x: c2x, y: c2y))
    }

    /// Progress equals time: `kCAMediaTimingFunctionLinear`.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly: `kCAMediaTimingFunctionEaseIn`, (0.42, 0) (1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly: `kCAMediaTimingFunctionEaseOut`, (0, 0) (0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly: `kCAMediaTimingFunctionEaseInEaseOut`, (0.42, 0) (0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// The curve of Core Animation's implicit animations: `kCAMediaTimingFunctionDefault`,
    /// (0.25, 0.1) (0.25, 1).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The eased progress at progress `x`: the curve's y where its x is `x`, with x solved to
    /// within 1e-12 (Newton's method from a guess of t = x, bisection when Newton strays or
    /// stalls, which the monotonic x of a curve with x control points in 0…1 makes safe).
    ///
    /// 0 and 1 map exactly to 0 and 1. Outside 0…1 — which an outer timing function or a
    /// spring can ask for — the curve is extended along its end tangents (as CSS extends
    /// `cubic-bezier`), so the value keeps moving the way it moved at the end rather than
    /// stopping. NaN gives 0: the start, never NaN.
    public func value(at x: Double) -> Double {
        if x.isNaN { return 0 }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        // An infinite x on a flat tangent would be ∞ × 0: the flat tangent's value stands.
        if x < 0 { let y = x * startSlope; return y.isNaN ? 0 : y }
        if x > 1 { let y = 1 + (x - 1) * endSlope; return y.isNaN ? 1 : y }
        return sampleY(solveT(forX: x))
    }

    /// The name of a named function (`easeIn` …), else its control points.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInEaseOut: return "easeInEaseOut"
        case .default: return "default"
        default:
            return "TimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))"
        }
    }

    // The curve's polynomials in t, x(t) = ((ax·t + bx)·t + cx)·t, and the same for y.
    private var cx: Double { 3 * c1x }
    private var bx: Double { 3 * (c2x - c1x) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * c1y }
    private var by: Double { 3 * (c2y - c1y) - cy }
    private var ay: Double { 1 - cy - by }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter where x(t) = `x`, for `x` in 0…1.
    private func solveT(forX x: Double) -> Double {
        let tolerance = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < tolerance { return t }
            let slope = slopeX(t)
            // A flat x (a control point at an end) would throw Newton far off: bisect instead.
            guard abs(slope) > 1e-7 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        var (low, high) = (0.0, 1.0)
        t = x
        for _ in 0..<100 {
            let value = sampleX(t)
            if abs(value - x) < tolerance { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// dy/dx where the curve leaves (0, 0): along the first control point that is off the
    /// start's vertical, else flat.
    private var startSlope: Double {
        if c1x > 0 { return c1y / c1x }
        if c2x > 0 { return c2y / c2x }
        return 0
    }

    /// dy/dx where the curve arrives at (1, 1): from the last control point that is off the
    /// end's vertical, else flat.
    private var endSlope: Double {
        if c2x < 1 { return (1 - c2y) / (1 - c2x) }
        if c1x < 1 { return (1 - c1y) / (1 - c1x) }
        return 0
    }
}
