import Glibc

/// A damped harmonic oscillator, `m·x'' + c·x' + k·x = 0`, solved in closed form: the motion
/// of ``SpringAnimation``.
///
/// The displacement starts at 1 (the whole distance still to go) and settles to 0;
/// ``progress(at:)`` is `1 - displacement`, 0 → 1, overshooting past 1 when the spring
/// bounces. `initialVelocity` is Core Animation's: in distances per second, positive towards
/// the target, so the displacement's own velocity starts at `-initialVelocity`.
///
/// The three regimes — under-damped (bounces), critically damped and over-damped — share one
/// form that stays accurate as the damping ratio crosses 1: the under-damped `sin(ωd·t)/ωd`
/// and the over-damped `expm1(δ·t)/δ` both tend to the critical `t`.
public struct DampedSpring: Sendable, Hashable {
    /// The mass on the spring; must be positive.
    public var mass: Double
    /// The spring constant; must be positive.
    public var stiffness: Double
    /// The damping coefficient; must not be negative (0 never settles).
    public var damping: Double
    /// The starting speed towards the target, in distances per second.
    public var initialVelocity: Double

    /// A spring. Bad values are refused by ``SpringAnimation/validate()``, not here; a spring
    /// that is not ``isValid`` reports progress 1 (at rest at the target) rather than NaN.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Whether the parameters describe a spring: mass and stiffness positive and finite,
    /// damping non-negative and finite, velocity finite.
    public var isValid: Bool {
        mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0
            && damping.isFinite && damping >= 0 && initialVelocity.isFinite
    }

    /// The undamped angular frequency, √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// c / (2√(km)): below 1 the spring bounces, at 1 it is critically damped, above 1 it creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// How far from the target the spring is at `time` seconds: 1 at 0, settling to 0.
    public func displacement(at time: Double) -> Double {
        guard isValid, time.isFinite else { return time == .infinity || !isValid ? 0 : 1 }
        return evaluate(at: time).displacement
    }

    /// The displacement's rate of change at `time`, in distances per second.
    public func velocity(at time: Double) -> Double {
        guard isValid, time.isFinite else { return 0 }
        return evaluate(at: time).velocity
    }

    /// `1 - displacement(at:)`: 0 at the start, 1 at rest on the target.
    public func progress(at time: Double) -> Double { 1 - displacement(at: time) }

    /// The displacement magnitude below which the spring counts as at rest, a thousandth of the
    /// distance (SwiftUI documents the same epsilon for its springs' `settlingDuration`).
    public static let restThreshold = 0.001

    /// The time after which the spring is at rest: from then on |displacement| is guaranteed to
    /// stay within ``restThreshold``.
    ///
    /// Apple documents `settlingDuration` only as "the estimated duration required for the
    /// spring system to be considered at rest". This one is the first time after which the
    /// closed form's envelope — `e^(−λt)·(1 + β·min(t, T))`, which bounds |displacement| in every
    /// regime — stays under the threshold. It gives Apple's two documented examples (mass 1,
    /// stiffness 100: damping 5 "approximately 2.85 seconds", damping 15 "just over 1 second")
    /// as 2.855 s and 1.022 s. Infinite without damping; 0 for an invalid spring.
    public var settlingDuration: Double {
        guard isValid else { return 0 }
        let shape = envelopeShape
        guard shape.decay > 0 else { return .infinity }
        let threshold = Self.restThreshold
        func bound(_ t: Double) -> Double { exp(-shape.decay * t) * (1 + shape.growth * Swift.min(t, shape.knee)) }
        // Past the knee the bound is a pure exponential: solve it directly when it ends there.
        if shape.knee.isFinite, bound(shape.knee) > threshold {
            return log((1 + shape.growth * shape.knee) / threshold) / shape.decay
        }
        // Before the knee the bound rises to a single peak (at 1/λ − 1/β) and then falls:
        // bisect the falling side.
        var low = shape.growth > 0 ? Swift.max(0, 1 / shape.decay - 1 / shape.growth) : 0
        var high = shape.knee.isFinite ? shape.knee : Swift.max(low, 1 / shape.decay)
        var doublings = 0
        while bound(high) > threshold, doublings < 2000 {
            high *= 2
            doublings += 1
        }
        guard bound(low) > threshold else { return low }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bound(middle) > threshold { low = middle } else { high = middle }
        }
        return high
    }

    /// The envelope `e^(−decay·t)·(1 + growth·min(t, knee))` that bounds |displacement|.
    private var envelopeShape: (decay: Double, growth: Double, knee: Double) {
        let omega = naturalFrequency, zeta = dampingRatio, v0 = -initialVelocity
        if zeta < 1 {
            let sigma = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return (sigma, abs(v0 + sigma), damped > 0 ? 1 / damped : .infinity)
        }
        let root = overdampedRoots
        return (-root.slow, abs(v0 - root.slow), root.gap < 0 ? -1 / root.gap : .infinity)
    }

    /// For damping ratio ≥ 1: the slower decay rate `r1` (computed without cancellation) and
    /// `δ = r2 − r1` (≤ 0), 0 when critically damped.
    private var overdampedRoots: (slow: Double, gap: Double) {
        let omega = naturalFrequency, zeta = dampingRatio
        let spread = Swift.max(zeta * zeta - 1, 0).squareRoot()
        return (-omega / (zeta + spread), -2 * omega * spread)
    }

    private func evaluate(at t: Double) -> (displacement: Double, velocity: Double) {
        let omega = naturalFrequency, zeta = dampingRatio, v0 = -initialVelocity
        if zeta < 1 {
            let sigma = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-sigma * t)
            let (sine, cosine) = (sin(damped * t), cos(damped * t))
            let sinc = damped > 0 ? sine / damped : t
            return (decay * (cosine + (v0 + sigma) * sinc),
                    decay * (v0 * cosine - (sigma * v0 + omega * omega) * sinc))
        }
        let (r1, gap) = overdampedRoots
        let decay = exp(r1 * t)
        // expm1(δt)/δ → t as δ → 0: the critical solution is the limit of this one.
        let grown = gap < 0 ? expm1(gap * t) / gap : t
        let growthRate = gap < 0 ? exp(gap * t) : 1
        let x = decay * (1 + (v0 - r1) * grown)
        let v = r1 * x + decay * (v0 - r1) * growthRate
        return (x, v)
    }
}
