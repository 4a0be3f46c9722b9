import Glibc
import LaminaLayers

/// The spring of UIKit's spring animation blocks, from a damping ratio and a duration.
enum ViewSpring {
    /// A spring of unit mass with damping ratio `dampingRatio` (clamped to 0.01…1; non-finite:
    /// 1) whose motion settles (``DampedSpring/settlingDuration``) within `duration`, found by
    /// bisection on the stiffness — UIKit does not document how it maps a duration and a damping
    /// ratio to a spring; this is Lamina's choice, so that the spring is at rest when the
    /// animation ends. `initialVelocity` is in whole changes per second.
    static func settling(within duration: Double, dampingRatio: Double, initialVelocity: Double) -> DampedSpring {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0.01), 1) : 1
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        func spring(stiffness: Double) -> DampedSpring {
            DampedSpring(mass: 1, stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot(), initialVelocity: velocity)
        }
        guard duration > 0 else { return spring(stiffness: 100) }
        // Settling time falls as stiffness grows: bisect on the logarithm of the stiffness.
        var low = log(1e-2), high = log(1e7)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if spring(stiffness: exp(middle)).settlingDuration > duration { low = middle } else { high = middle }
        }
        return spring(stiffness: exp(high))
    }
}
