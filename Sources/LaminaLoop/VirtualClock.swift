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

        /// Moves the clock to `instant` if that is later than now (a loop's wait ending there), and
        /// wakes the loops that follow another's clock (``EventLoop/followClock(of:)``): they never
        /// move time themselves, so each move is their cue to look at their timers.
        func moveForward(to instant: Instant) {
            let followers = state.withLock { state -> [EventLoop] in
                guard instant > state.now else { return [] }
                state.now = instant
                return state.loops.compactMap(\.loop).filter(\.followsClock)
            }
            for loop in followers { loop.wakeUp() }
        }

        /// The earliest timer of the following loops on this clock (in the mode each runs).
        var earliestFollowerTimer: Instant? {
            followers.compactMap(\.earliestTimerOfRunningMode).min()
        }

        /// Wakes the loops on this clock that do not follow another's: a follower that fired
        /// timers tells them so, since what they wait for may have moved on.
        func wakeLeaders() {
            let leaders = state.withLock { $0.loops.compactMap(\.loop) }.filter { !$0.followsClock }
            for loop in leaders { loop.wakeUp() }
        }

        private var followers: [EventLoop] {
            state.withLock { $0.loops.compactMap(\.loop) }.filter(\.followsClock)
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
