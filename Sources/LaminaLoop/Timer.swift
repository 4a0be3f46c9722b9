@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Calls a handler at a date, once or repeatedly (CFRunLoopTimer).
    ///
    /// Timers fire only after the loop wakes for them (after `afterWaiting`), in fire-date order.
    /// A repeating timer that fell behind skips the slots it missed: its next date is the first
    /// `fireDate + k × interval` after now, so it neither catches up nor drifts. Inside the
    /// handler, ``nextFireDate`` is the date being fired; a later date set there is kept.
    ///
    /// A timer belongs to one loop (adding it to a second does nothing until it has been removed
    /// from every mode of the first). Safe to add, remove, invalidate and re-date from any thread:
    /// the loop's timer wake-up is re-armed at once, so no ``EventLoop/wakeUp()`` is needed.
    public final class Timer: @unchecked Sendable {
        /// The time between fires of a repeating timer; zero for a one-shot timer.
        public let interval: Duration
        /// Whether the timer fires more than once (`interval > 0`).
        public var repeats: Bool { interval > .zero }
        /// What the trace calls it; nil shows "timer".
        public let name: String?

        let handler: @Sendable (Timer) -> Void
        let membership = LoopMembership(exclusive: true)
        private let state: Locked<State>

        struct State {
            var fireDate: Instant
            var delay: Duration
            /// False until the timer is first added to a loop, which dates it on that loop's clock.
            var isDated = false
            var isFiring = false
            var tolerance: Duration = .zero
        }

        /// A timer that fires `after` from when it is first added to a loop (a negative delay means
        /// already due: the timer is dated "now" and fires at the loop's next wake-up), then every
        /// `interval` if `interval` is positive. An interval that rounds
        /// to 0 ns is clamped to 1 ns (CFRunLoop halts the process on it).
        /// `name` labels it in the trace.
        public init(
            after: Duration,
            interval: Duration = .zero,
            name: String? = nil,
            _ handler: @escaping @Sendable (Timer) -> Void
        ) {
            let nanoseconds = interval.saturatedNanoseconds
            self.interval = interval > .zero ? .nanoseconds(max(nanoseconds, 1)) : .zero
            self.name = name
            self.handler = handler
            state = Locked(State(fireDate: Instant.monotonicNow.advanced(by: after), delay: after))
        }

        /// When the timer fires next. Setting it re-dates the timer (a date in the past becomes
        /// now: "at the next wake-up"); inside the handler, a later date set here is kept instead
        /// of the interval's next slot. Before the timer is added to a loop, reading it gives an
        /// estimate on the monotonic clock (the loop dates the timer on its own clock when it is
        /// added), and a date set then is kept as given until the add clamps it to now.
        public var nextFireDate: Instant {
            get { state.withLock { $0.fireDate } }
            set {
                if let loop = membership.loops.first {
                    loop.setFireDate(of: self, to: newValue)
                } else {
                    state.withLock { $0.fireDate = newValue; $0.isDated = true }
                }
            }
        }

        /// Stored and ignored, as CFRunLoop on Linux ignores it: Lamina never coalesces timers.
        public var tolerance: Duration {
            get { state.withLock { $0.tolerance } }
            set { state.withLock { $0.tolerance = max(newValue, .zero) } }
        }

        /// False once ``invalidate()`` has run or a one-shot timer has fired.
        public var isValid: Bool {
            membership.isValid
        }

        /// Removes the timer from every mode of its loop; it never fires again. Any thread.
        public func invalidate() {
            membership.invalidate(.timer(self))
        }

        func withState<T>(_ body: (inout State) -> T) -> T {
            state.withLock { body(&$0) }
        }
    }
}
