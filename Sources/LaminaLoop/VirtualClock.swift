@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// A test clock for loops: time moves only when a test advances it or a loop has nothing to
    /// do but wait for a date.
    ///
    /// A loop on a virtual clock never sleeps for time. When a wait finds nothing ready, it ends
    /// at the earlier of the mode's next timer and the run's deadline, and moves the clock's
    /// "now" there — so a run with a one-second timeout and a repeating 100 ms timer fires the
    /// timer ten times without waiting. ``advance(by:)`` makes timers due and wakes the loops on
    /// the clock. File-descriptor readiness and ``EventLoop/wakeUp()`` from other threads still
    /// end waits, in real time. Give one clock to one loop, or to several to keep them in step.
    public final class VirtualClock: Sendable {
        private struct State {
            var now: Instant
            var loops: [WeakLoop] = []
        }

        private struct WeakLoop {
            weak var loop: EventLoop?
        }

        private let state: Locked<State>

        /// A clock that reads `start` until it is advanced.
        public init(startingAt start: Instant = Instant(nanoseconds: 0)) {
            state = Locked(State(now: start))
        }

        /// The clock's current time.
        public var now: Instant {
            state.withLock { $0.now }
        }

        /// Moves the clock forward by `duration` (a negative or zero duration does nothing) and
        /// wakes the loops on it, so timers that became due fire at their next wake-up. Any
        /// thread.
        public func advance(by duration: Duration) {
            guard duration > .zero else { return }
            let loops = state.withLock { state in
                state.now = state.now.advanced(by: duration)
                return state.loops.compactMap(\.loop)
            }
            for loop in loops { loop.wakeUp() }
        }

        /// Moves the clock to `instant` if that is later than now (a loop's wait ending there).
        func moveForward(to instant: Instant) {
            state.withLock { $0.now = max($0.now, instant) }
        }

        func attach(_ loop: EventLoop) {
            state.withLock { state in
                state.loops.removeAll { $0.loop == nil || $0.loop === loop }
                state.loops.append(WeakLoop(loop: loop))
            }
        }

        func detach(_ loop: EventLoop) {
            state.withLock { state in state.loops.removeAll { $0.loop == nil || $0.loop === loop } }
        }
    }
}
