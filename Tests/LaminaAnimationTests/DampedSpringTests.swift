import Testing
import LaminaLayers

/// The closed-form spring against a classical fourth-order Runge–Kutta integration of
/// m·x'' + c·x' + k·x = 0 written here, in every regime.
@Suite struct DampedSpringTests {
    /// (displacement, velocity) at each of `times` (ascending), by RK4 with step `step`.
    static func integrate(_ spring: DampedSpring, times: [Double], step: Double = 1e-4) -> [(Double, Double)] {
        let (m, c, k) = (spring.mass, spring.damping, spring.stiffness)
        func acceleration(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
        var (x, v, t) = (1.0, -spring.initialVelocity, 0.0)
        var results: [(Double, Double)] = []
        for target in times {
            while t < target - 1e-12 {
                let h = Swift.min(step, target - t)
                let (k1x, k1v) = (v, acceleration(x, v))
                let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
                let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
                let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            results.append((x, v))
        }
        return results
    }

    static let times = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3]

    @Test(arguments: [
        DampedSpring(),                                                      // CA's defaults: ζ = 0.5
        DampedSpring(mass: 1, stiffness: 100, damping: 5, initialVelocity: 20),
        DampedSpring(mass: 2.5, stiffness: 300, damping: 1, initialVelocity: -3),
        DampedSpring(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0), // undamped
        DampedSpring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),  // critical
        DampedSpring(mass: 4, stiffness: 25, damping: 20, initialVelocity: 7),    // critical
        DampedSpring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0),   // over
        DampedSpring(mass: 0.5, stiffness: 40, damping: 30, initialVelocity: -10), // over
        DampedSpring(mass: 1, stiffness: 100, damping: 20.000001, initialVelocity: 3), // just over
        DampedSpring(mass: 1, stiffness: 100, damping: 19.999999, initialVelocity: 3), // just under
    ])
    func theClosedFormMatchesANumericalIntegration(_ spring: DampedSpring) {
        let integrated = Self.integrate(spring, times: Self.times)
        for (time, (x, v)) in zip(Self.times, integrated) {
            #expect(abs(spring.displacement(at: time) - x) < 1e-6, "x at \(time), ζ = \(spring.dampingRatio)")
            #expect(abs(spring.velocity(at: time) - v) < 1e-5, "v at \(time), ζ = \(spring.dampingRatio)")
        }
    }

    @Test func theRegimesAreTheOnesTheTestsMeanToCover() {
        #expect(DampedSpring().dampingRatio == 0.5)
        #expect(DampedSpring(damping: 20).dampingRatio == 1)
        #expect(DampedSpring(damping: 50).dampingRatio == 2.5)
    }

    @Test func progressStartsAtZeroWithTheInitialVelocityTowardsTheTarget() {
        let spring = DampedSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 4)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.displacement(at: 0) == 1)
        #expect(close(spring.velocity(at: 0), -4, 1e-12))
    }

    @Test func anUnderDampedSpringOvershootsTheTargetAndAnOverDampedOneDoesNot() {
        let times = (1...300).map { Double($0) / 100 }
        #expect(times.contains { DampedSpring().progress(at: $0) > 1.1 })
        #expect(times.allSatisfy { DampedSpring(damping: 50).progress(at: $0) <= 1 })
    }

    @Test func settlingDurationReproducesApplesDocumentedExamples() {
        // CASpringAnimation.settlingDuration: damping 5 "approximately 2.85 seconds", damping 15
        // "just over 1 second" (mass 1, stiffness 100).
        #expect(abs(DampedSpring(damping: 5).settlingDuration - 2.85) < 0.01)
        let stiffer = DampedSpring(damping: 15).settlingDuration
        #expect(stiffer > 1 && stiffer < 1.1)
    }

    @Test(arguments: [
        DampedSpring(), DampedSpring(damping: 5, initialVelocity: 30), DampedSpring(damping: 20),
        DampedSpring(damping: 20, initialVelocity: -40), DampedSpring(damping: 80, initialVelocity: 10),
        DampedSpring(mass: 3, stiffness: 50, damping: 1),
    ])
    func afterTheSettlingDurationTheIntegratedSpringStaysWithinAThousandth(_ spring: DampedSpring) {
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0)
        let times = (0...400).map { settle + Double($0) * 0.025 }
        for ((x, _), time) in zip(Self.integrate(spring, times: times, step: 1e-3), times) {
            // A critically damped spring from rest meets its bound at the settling time itself.
            #expect(abs(x) <= DampedSpring.restThreshold + 1e-9, "at \(time)")
        }
    }

    @Test func moreMassOrLessDampingTakesLongerToSettle() {
        #expect(DampedSpring(mass: 2).settlingDuration > DampedSpring(mass: 1).settlingDuration)
        #expect(DampedSpring(damping: 5).settlingDuration > DampedSpring(damping: 15).settlingDuration)
    }

    @Test func anUndampedSpringNeverSettles() {
        #expect(DampedSpring(damping: 0).settlingDuration == .infinity)
    }

    @Test(arguments: [
        DampedSpring(mass: 0), DampedSpring(mass: -1), DampedSpring(mass: .nan), DampedSpring(stiffness: 0),
        DampedSpring(stiffness: -5), DampedSpring(damping: -1), DampedSpring(damping: .infinity),
        DampedSpring(initialVelocity: .nan),
    ])
    func anInvalidSpringIsAtRestOnTheTargetRatherThanNaN(_ spring: DampedSpring) {
        #expect(!spring.isValid)
        #expect(spring.progress(at: 0.3) == 1)
        #expect(spring.velocity(at: 0.3) == 0)
        #expect(spring.settlingDuration == 0)
    }
}

extension DampedSpring: CustomTestStringConvertible {
    public var testDescription: String { "m \(mass) k \(stiffness) c \(damping) v \(initialVelocity)" }
}
