import Synchronization

/// A generation counter that cancels async renders: YYAsyncLayer's `YYSentinel`.
///
/// An ``AsyncLayer`` increases its sentinel whenever its contents go stale — a new
/// ``Layer/setNeedsDisplay()``, a new display, removal from its tree, deallocation. A render
/// remembers the value it started with; it is cancelled as soon as the counter has moved on.
/// Checking costs one atomic load, so a display queue checks before drawing, between drawing
/// phases, after making the image, and the main thread checks once more before setting
/// `contents`. Any thread.
public final class Sentinel: Sendable {
    private let counter = Atomic<UInt64>(0)

    /// A counter at zero.
    public init() {}

    /// The current generation.
    public var value: UInt64 {
        counter.load(ordering: .acquiring)
    }

    /// Moves to the next generation, cancelling every render that started with an earlier one,
    /// and returns the new value.
    @discardableResult
    public func increase() -> UInt64 {
        counter.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    /// Whether a render that started at `generation` is stale.
    public func hasMoved(since generation: UInt64) -> Bool {
        value != generation
    }
}
