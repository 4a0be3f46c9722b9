@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Fires `state`'s due timers in fire-date order; returns whether any fired.
    ///
    /// Called only when the loop woke for its timerfd: timers never fire on other wake-ups.
    func fireDueTimers(in state: ModeState) -> Bool {
        let now = self.now
        let due: [Timer] = lock.withLock {
            state.timers.filter { timer in
                timer.isValid && timer.withState { !$0.isFiring && $0.fireDate <= now }
            }
        }
        var fired = false
        for timer in due {
            fired = fire(timer, in: state) || fired
        }
        return fired
    }

    /// Fires one timer, then dates its next fire: a later date set by its handler is kept;
    /// otherwise the first slot of its interval after now (missed slots are skipped).
    private func fire(_ timer: Timer, in state: ModeState) -> Bool {
        let scheduledDate: Instant? = lock.withLock {
            // A timer an earlier one in this batch removed from its last mode does not fire (CF
            // checks that it still belongs to the loop); one still in another mode does.
            guard timer.isValid, modes.values.contains(where: { $0.contains(.timer(timer)) }) else { return nil }
            let date = timer.withState { timerState -> Instant? in
                guard !timerState.isFiring else { return nil }
                timerState.isFiring = true
                return timerState.fireDate
            }
            // Arm for the next timer now, so one due at the same time is not missed.
            state.armTimerFD()
            return date
        }
        guard let scheduledDate else { return false }

        if Trace.isEnabled {
            Trace.interval(.timer(named: timer.name)) { timer.handler(timer) }
        } else {
            timer.handler(timer)
        }
        if !timer.repeats { timer.invalidate() }

        let now = self.now
        lock.withLock {
            let stillValid = timer.isValid
            timer.withState { timerState in
                timerState.isFiring = false
                guard stillValid, timerState.fireDate <= scheduledDate else { return }
                timerState.fireDate = nextSlot(after: now, from: scheduledDate, every: timer.interval)
            }
            for mode in modes.values where mode.remove(.timer(timer)) {
                mode.insert(timer)
                mode.armTimerFD()
            }
            state.armTimerFD()
        }
        return true
    }

    /// The first `start + k × interval` (k ≥ 1) later than `now`.
    private func nextSlot(after now: Instant, from start: Instant, every interval: Duration) -> Instant {
        let step = max(interval.saturatedNanoseconds, 1)
        let behind = max(now.nanoseconds - start.nanoseconds, 0)
        let (slots, _) = (behind / step).addingReportingOverflow(1)
        let (offset, overflow) = slots.multipliedReportingOverflow(by: step)
        guard !overflow else { return .distantFuture }
        return start.advanced(by: .nanoseconds(offset))
    }
}
