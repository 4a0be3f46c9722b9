extension EventLoop {
    /// What bounds a run: its deadline, whether it only polls, and — for test driving — a
    /// number of iterations and how its sleeps may end.
    struct RunLimits {
        /// When the run times out; ``Instant/distantFuture`` for never.
        var deadline: Instant
        /// A timeout of zero or less: every iteration polls, and the run times out after one.
        var pollsOnly: Bool
        /// How the run's sleeps end (when an iteration does not poll).
        var sleep: SleepLimit
        /// The run returns `timedOut` after this many iterations, if no other result applies.
        var maximumIterations: Int?

        /// The limits of `run(mode:timeout:returnAfterSourceHandled:)`: `now + timeout`, or
        /// forever beyond about 16 years (CF's limit).
        init(timeout: Duration, from now: Instant) {
            let limit = Duration.seconds(504_911_232)
            deadline = timeout > limit ? .distantFuture : now.advanced(by: timeout)
            pollsOnly = timeout <= .zero
            sleep = .deadline(deadline)
            maximumIterations = nil
        }

        init(deadline: Instant, sleep: SleepLimit, maximumIterations: Int?) {
            self.deadline = deadline
            pollsOnly = false
            self.sleep = sleep
            self.maximumIterations = maximumIterations
        }
    }

    /// How a sleep may end.
    enum SleepLimit {
        /// Only look: whatever is ready now.
        case poll
        /// At this date at the latest; on a virtual clock, a sleep with nothing ready moves the
        /// clock to the earlier of this date and the next timer instead of waiting.
        case deadline(Instant)
        /// Only when something wakes the loop (a wake-up, an fd, a timer due on its clock), or
        /// after this much real time; never moves a virtual clock. For waiting on work that
        /// other threads will hand back.
        case wakeUpOnly(realTimeout: Duration)
    }
}
