import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace
import Synchronization

extension EventLoop {
    /// Notes that work has left for another thread and will come back to this loop (a display
    /// task on a display queue, an image fetch): until the matching ``endOutstandingWork()``,
    /// the loop does not count as idle for test driving (`runUntilIdle`). Any thread.
    public func beginOutstandingWork() {
        outstandingWorkCount.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    /// Notes that work announced with ``beginOutstandingWork()`` has come back (its result was
    /// handled on this loop). The last one back wakes the loop: a test driver waiting for
    /// outstanding work may have gone to sleep after the result's block ran in the same
    /// iteration, and nothing else would wake it. Calling it more often than `begin` stops the
    /// process: that is a bookkeeping bug in the caller. Any thread.
    public func endOutstandingWork() {
        let left = outstandingWorkCount.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        if left < 0 {
            fatalError("Lamina: EventLoop.endOutstandingWork() called without a matching beginOutstandingWork()")
        }
        if left == 0 { wakeUp() }
    }

    /// How much announced work has not come back yet.
    public var outstandingWork: Int {
        outstandingWorkCount.load(ordering: .acquiring)
    }

    /// Notes that one unit of outstanding work is waiting for one of this loop's timers to fire
    /// (a frame waiting for its frame-clock tick), until the matching
    /// ``endAwaitingTimer(_:)``. On a virtual clock this is what lets test driving move time: when
    /// every unit of outstanding work is waiting so, nothing but the clock can move it on, and a
    /// wait for wake-ups moves the clock to the loop's next timer instead of waiting in real time.
    /// Any thread.
    public func beginAwaitingTimer() {
        workAwaitingTimersCount.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    /// Notes that `count` units announced with ``beginAwaitingTimer()`` no longer wait for a timer
    /// (their timer fired, or they were dropped). Any thread.
    public func endAwaitingTimer(_ count: Int = 1) {
        guard count > 0 else { return }
        let left = workAwaitingTimersCount.wrappingSubtract(count, ordering: .acquiringAndReleasing).newValue
        if left < 0 {
            fatalError("Lamina: EventLoop.endAwaitingTimer(_:) called without a matching beginAwaitingTimer()")
        }
    }

    /// Whether there is outstanding work and all of it waits for this loop's timers.
    var outstandingWorkOnlyAwaitsTimers: Bool {
        let outstanding = outstandingWork
        return outstanding > 0 && workAwaitingTimersCount.load(ordering: .acquiring) >= outstanding
    }

    /// Runs exactly one iteration of `mode`, `beforeWaiting` and `afterWaiting` included unless a
    /// source makes it poll. With a nil `realTimeout` its sleep does not wait; otherwise it waits
    /// until something wakes the loop or that much real time passes, without moving a virtual
    /// clock. For LaminaTesting's loop driving. Owning thread only.
    @_spi(LaminaTesting)
    public func runIteration(in mode: Mode, waitingForWakeUpAtMost realTimeout: Duration?) -> RunResult {
        lastIterationWasWokenUp = false
        let now = self.now
        let limits = RunLimits(
            deadline: now,
            sleep: realTimeout.map { .wakeUpOnly(realTimeout: $0) } ?? .deadline(now),
            maximumIterations: 1)
        return run(mode: mode, limits: limits, returnAfterSourceHandled: false)
    }

    /// Whether a loop that follows this one's virtual clock (``followClock(of:)``) has a timer
    /// due: it is about to fire on its own thread, and whatever it starts may come back here, so
    /// test driving waits for it as for outstanding work. Always false on the monotonic clock.
    /// Any thread.
    @_spi(LaminaTesting)
    public var followerHasTimerDue: Bool {
        guard let clock = virtualClock, let next = clock.earliestFollowerTimer else { return false }
        return next <= clock.now
    }

    /// Whether a run of `mode` has something to do right now: a wake-up asked for and not yet
    /// taken (another fd ended the last sleep first, so the next sleep ends at once), a performed
    /// block for it, a signalled source, a due timer, a readable fd source, or (on the main loop,
    /// in a common mode) main-queue work. Outstanding work elsewhere does not count. Owning
    /// thread only.
    @_spi(LaminaTesting)
    public func hasWorkReady(in mode: Mode) -> Bool {
        if lamina_fd_is_readable(wakeFD) != 0 { return true }
        let now = self.now
        let (ready, isCommon) = lock.withLock { () -> (Bool, Bool) in
            let isCommon = commonModeNames.contains(mode.name)
            guard let state = modes[mode.name] else { return (false, isCommon) }
            if hasPendingBlock(for: state) { return (true, isCommon) }
            if state.sources.contains(where: { $0.isValid && $0.isSignalled }) { return (true, isCommon) }
            if let next = state.earliestTimerDate, next <= now { return (true, isCommon) }
            let readableFD = state.fileDescriptorSources.values.contains { source in
                source.interest.contains(.readable) && lamina_fd_is_readable(source.fileDescriptor) != 0
            }
            return (readableFD, isCommon)
        }
        if ready { return true }
        guard isMain && isCommon && !isDrainingMainQueue && mainQueueHandle >= 0 else { return false }
        return lamina_fd_is_readable(mainQueueHandle) != 0
    }
}
