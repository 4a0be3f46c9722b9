import LaminaLoop

/// Lamina's stand-in for the display's vsync: ticks at `origin + n × interval` on the main
/// loop's clock (a virtual clock in tests), n = 1, 2, 3…
///
/// A ``RenderServer`` with a frame clock presents at most one frame per tick: the frame of tick
/// n shows every commit submitted at or before the tick's time, so a commit that misses a tick's
/// deadline shows at the next one. The display link of a window runs on the same ticks.
///
/// ```swift
/// let clock = FrameClock(interval: .nanoseconds(16_666_667), origin: EventLoop.Instant(nanoseconds: 0))
/// clock.tick(after: EventLoop.Instant(nanoseconds: 20_000_000))   // tick 2, at 33.3 ms
/// ```
public struct FrameClock: Sendable, Hashable, CustomStringConvertible {
    /// The time between two ticks; always positive.
    public let interval: Duration
    /// Tick 0: the grid's origin on the main loop's clock.
    public let origin: EventLoop.Instant

    /// 60 ticks per second, rounded to the nanosecond.
    public static let sixtyHertz: Duration = .nanoseconds(16_666_667)
    /// 120 ticks per second, rounded to the nanosecond.
    public static let oneHundredTwentyHertz: Duration = .nanoseconds(8_333_333)

    /// A clock ticking every `interval` from `origin`. An interval under 1 ns is clamped to 1 ns.
    public init(interval: Duration, origin: EventLoop.Instant) {
        self.interval = .nanoseconds(max(interval.saturatedNanoseconds, 1))
        self.origin = origin
    }

    /// The tick with index `index` (negative indices are ticks before the origin).
    public func tick(_ index: Int64) -> FrameTick {
        let (offset, overflow) = index.multipliedReportingOverflow(by: interval.saturatedNanoseconds)
        guard !overflow else { return FrameTick(index: index, time: index > 0 ? .distantFuture : EventLoop.Instant(nanoseconds: .min)) }
        return FrameTick(index: index, time: origin.advanced(by: .nanoseconds(offset)))
    }

    /// The first tick strictly later than `instant`: the tick whose frame shows a commit made at
    /// `instant`.
    public func tick(after instant: EventLoop.Instant) -> FrameTick {
        let step = interval.saturatedNanoseconds
        let elapsed = origin.duration(to: instant).saturatedNanoseconds
        // Floor division that also holds before the origin (a clock switched to a virtual one).
        let floor = elapsed >= 0 ? elapsed / step : -((-(elapsed + 1)) / step) - 1
        return tick(floor + 1)
    }

    /// The last tick at or before `instant`.
    public func tick(atOrBefore instant: EventLoop.Instant) -> FrameTick {
        tick(tick(after: instant).index - 1)
    }

    /// Ticks per second, for reports ("60 Hz").
    public var ticksPerSecond: Double {
        1e9 / Double(interval.saturatedNanoseconds)
    }

    public var description: String {
        "FrameClock(\(Int(ticksPerSecond.rounded())) Hz from \(origin))"
    }
}

/// One tick of a ``FrameClock``: its index and its time on the main loop's clock.
public struct FrameTick: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Ticks since the clock's origin (tick 0).
    public let index: Int64
    /// When the tick happens.
    public let time: EventLoop.Instant

    /// A tick with index `index` at `time`.
    public init(index: Int64, time: EventLoop.Instant) {
        self.index = index
        self.time = time
    }

    public static func < (lhs: FrameTick, rhs: FrameTick) -> Bool {
        lhs.index < rhs.index
    }

    public var description: String {
        "tick \(index) at \(time)"
    }
}
