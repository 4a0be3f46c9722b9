import Glibc
@_spi(LaminaTesting) import LaminaLoop

extension EventLoop {
    /// Runs exactly one iteration of `mode` without waiting: what is pending runs, `beforeWaiting`
    /// observers run (transactions commit there), the loop looks at what is ready without
    /// sleeping, then `afterWaiting` and whatever woke it. (An iteration that performs a source
    /// polls, as on CFRunLoop, and skips `beforeWaiting`/`afterWaiting`.) Owning thread only.
    ///
    /// Returns the run's result: `timedOut` when the iteration ended the run only because it was
    /// the one asked for, or `finished` if the mode is empty.
    @discardableResult
    public func runOneIteration(in mode: Mode = .default) -> RunResult {
        runIteration(in: mode, waitingForWakeUpAtMost: nil)
    }

    /// Runs `mode` until it is idle: no performed blocks, signalled sources, due timers, readable
    /// fd sources or main-queue work left, no outstanding work
    /// (``/LaminaLoop/EventLoop/beginOutstandingWork()``) on other threads, no timer due on a
    /// loop that follows this one's virtual clock (a render server's frame tick), and the last
    /// iteration's sleep not cut short by ``/LaminaLoop/EventLoop/wakeUp()`` (a transaction that
    /// carried marks over, or an
    /// update transaction that dirtied layers after the commit, wakes the loop for one more
    /// pass), nor a wake-up still waiting because another fd ended that sleep first. Waits for
    /// outstanding work by running the loop, never by sleeping for time: a result posted with
    /// `perform` + `wakeUp` ends the wait. On a virtual clock, timers that are not due yet do not
    /// count and time does not move. Runs at least one iteration. Owning thread only.
    ///
    /// - Parameters:
    ///   - mode: the mode to run, `.default` unless given.
    ///   - timeout: real time after which it gives up, so a hang fails a test instead of
    ///     blocking it.
    /// - Returns: whether the loop became idle within `timeout`.
    @discardableResult
    public func runUntilIdle(in mode: Mode = .default, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = Instant.monotonicNow.advanced(by: timeout)
        var hasIterated = false
        while true {
            let ready = hasWorkReady(in: mode)
            let othersAreBusy = outstandingWork > 0 || followerHasTimerDue
            if hasIterated && !ready && !othersAreBusy && !lastIterationWasWokenUp { return true }
            let remaining = Instant.monotonicNow.duration(to: deadline)
            if remaining <= .zero { return false }
            let waitsForOthers = !ready && othersAreBusy
            let result = runIteration(in: mode, waitingForWakeUpAtMost: waitsForOthers ? remaining : nil)
            hasIterated = true
            // An empty mode returns without iterating; nothing here can wake it, so let the
            // threads doing the outstanding work run.
            if result == .finished && waitsForOthers { sched_yield() }
        }
    }

    /// Runs `body` with the loop on a fresh virtual clock starting at `start`, then puts it back on
    /// the clock it had. Owning thread, between runs.
    public func withVirtualClock<T>(
        startingAt start: Instant = Instant(nanoseconds: 0),
        _ body: (VirtualClock) throws -> T
    ) rethrows -> T {
        let previous = virtualClock
        let clock = VirtualClock(startingAt: start)
        useVirtualClock(clock)
        defer { useVirtualClock(previous) }
        return try body(clock)
    }

    /// Advances the loop's virtual clock by `duration`, then runs `mode` until idle, so the
    /// timers that became due have fired. Stops the process if the loop has no virtual clock:
    /// advancing real time is not something a test can do. Owning thread only.
    @discardableResult
    public func advance(by duration: Duration, in mode: Mode = .default, timeout: Duration = .seconds(10)) -> Bool {
        guard let clock = virtualClock else {
            fatalError("Lamina: EventLoop.advance(by:) needs a virtual clock: call useVirtualClock(_:) or withVirtualClock(_:) first")
        }
        clock.advance(by: duration)
        return runUntilIdle(in: mode, timeout: timeout)
    }
}
