import CLaminaShims

extension EventLoop {
    /// A point in a loop's time: nanoseconds on `CLOCK_MONOTONIC` (or on a test's virtual clock).
    ///
    /// Timer fire dates, run deadlines and ``EventLoop/now`` use this type. Arithmetic saturates
    /// instead of overflowing, so `.seconds(Int64.max)` from now is simply ``distantFuture``.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Nanoseconds since the clock's origin (boot, for the monotonic clock).
        public var nanoseconds: Int64

        /// An instant `nanoseconds` after the clock's origin.
        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        /// The monotonic clock's current instant (not a virtual clock's; use ``EventLoop/now``).
        public static var monotonicNow: Instant {
            Instant(nanoseconds: lamina_monotonic_now_ns())
        }

        /// A date later than any the loop will reach: waiting for it is waiting forever.
        public static let distantFuture = Instant(nanoseconds: .max)

        /// This instant moved by `duration`, saturating at the representable range.
        public func advanced(by duration: Duration) -> Instant {
            let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.saturatedNanoseconds)
            if overflow { return Instant(nanoseconds: duration > .zero ? .max : .min) }
            return Instant(nanoseconds: sum)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
            return .nanoseconds(overflow ? (other.nanoseconds > nanoseconds ? Int64.max : Int64.min) : difference)
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        public var description: String {
            self == .distantFuture ? "distantFuture" : "\(Double(nanoseconds) / 1e9)s"
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds, clamped to `Int64`'s range (sub-nanosecond parts drop).
    public var saturatedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowAgain { return seconds < 0 ? .min : .max }
        return sum
    }
}
