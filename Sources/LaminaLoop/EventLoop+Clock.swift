@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// The virtual clock the loop runs on, or nil for the monotonic clock.
    public var virtualClock: VirtualClock? {
        virtualClockStorage.withLock { $0 }
    }

    /// Puts the loop on `clock` (nil: back on the monotonic clock). Timers keep the time left
    /// until they fire: one due in 2 s on the old clock is due in 2 s on the new one. Switch
    /// between runs, not during one. Any thread.
    public func useVirtualClock(_ clock: VirtualClock?) {
        lock.withLock {
            let oldNow = now
            let previous = virtualClockStorage.withLock { stored in
                defer { stored = clock }
                return stored
            }
            hasVirtualClock.store(clock != nil, ordering: .releasing)
            previous?.detach(self)
            clock?.attach(self)
            let newNow = now
            var rebased = Set<ObjectIdentifier>()
            for state in modes.values {
                for timer in state.timers where rebased.insert(ObjectIdentifier(timer)).inserted {
                    timer.withState { timerState in
                        timerState.fireDate = newNow.advanced(by: oldNow.duration(to: timerState.fireDate))
                    }
                }
                state.usesKernelTimer = clock == nil
                state.armTimerFD()
            }
        }
        moveFollowers(to: clock)
    }
}
