import LaminaLoop

/// Core Animation's global time, `CACurrentMediaTime()`: the main loop's clock (virtual under a
/// test clock) in seconds. Animation begin times and ``Layer/convertTime(_:from:)`` use it. Any
/// thread.
public func currentMediaTime() -> Double {
    EventLoop.main.now.mediaTime
}

extension EventLoop.Instant {
    /// The instant in seconds, as Core Animation's media times are.
    public var mediaTime: Double {
        Double(nanoseconds) / 1e9
    }
}
