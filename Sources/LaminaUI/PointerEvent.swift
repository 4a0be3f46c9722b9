import LaminaGraphics
import LaminaLoop

/// A pointer (mouse, pen or touch) event, in window coordinates.
public struct PointerEvent: Sendable, Hashable {
    /// What happened.
    public enum Phase: Sendable, Hashable {
        /// A button or finger went down.
        case down
        /// The pointer moved (with a button down: a drag).
        case move
        /// The button or finger went up.
        case up
        /// The system took the pointer away (the window lost it); the gesture ends without an up.
        case cancel
        /// A scroll wheel or trackpad scrolled by `dx`, `dy` points.
        case wheel(dx: Double, dy: Double)
    }

    /// What happened.
    public var phase: Phase
    /// Where, in the window's coordinates.
    public var location: Point
    /// Which pointer, when several are down at once (fingers); 0 for a mouse.
    public var pointerID: Int
    /// When, on the main loop's clock.
    public var timestamp: EventLoop.Instant

    /// Creates an event, stamped by default with the main loop's current time (its virtual clock
    /// in tests, so velocities computed from events agree with the loop's timers).
    public init(phase: Phase, location: Point, pointerID: Int = 0, timestamp: EventLoop.Instant = EventLoop.main.now) {
        self.phase = phase
        self.location = location
        self.pointerID = pointerID
        self.timestamp = timestamp
    }
}
