@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Makes this loop keep time with `leader`: it runs on whatever clock `leader` runs on, now
    /// and after every ``useVirtualClock(_:)`` on `leader`, so its timers fire on the leader's
    /// time — a render thread's frame ticks on the main loop's clock, virtual in tests.
    ///
    /// On a virtual clock a follower never moves time itself, as a loop of its own would when it
    /// has nothing to do but wait for a timer: it sleeps until the clock's other loops move the
    /// clock (which wakes it) and fires the timers that became due. Its timers still count for
    /// them: a leader whose outstanding work only awaits timers moves the clock to the earliest
    /// timer of any loop on the clock, and while a follower has a timer due the leader waits for
    /// it to fire rather than moving time further. A follower that fired timers wakes the
    /// clock's other loops, so that they look again. Call it before running the loop; any
    /// thread. Following is for good (a loop follows one leader).
    public func followClock(of leader: EventLoop) {
        precondition(leader !== self, "Lamina: a loop cannot follow its own clock")
        followsAnotherClock.store(true, ordering: .releasing)
        leader.clockFollowers.withLock { followers in
            followers.removeAll { $0.loop == nil || $0.loop === self }
            followers.append(WeakEventLoop(loop: self))
        }
        useVirtualClock(leader.virtualClock)
    }

    /// Whether this loop follows another loop's clock (``followClock(of:)``).
    public var followsClock: Bool {
        followsAnotherClock.load(ordering: .acquiring)
    }

    /// Puts the loops that follow this one on `clock`, and wakes them so that a sleep begun on
    /// the old clock looks again.
    func moveFollowers(to clock: VirtualClock?) {
        let followers = clockFollowers.withLock { followers in
            followers.removeAll { $0.loop == nil }
            return followers.compactMap(\.loop)
        }
        for follower in followers {
            follower.useVirtualClock(clock)
            follower.wakeUp()
        }
    }

    /// The fire date of the earliest timer of the mode this loop runs (its default mode between
    /// runs: a follower about to run will fire it). A timer firing right now counts at the date
    /// being fired: until its callout returns, what it starts may not be visible yet. Any thread.
    var earliestTimerOfRunningMode: Instant? {
        lock.withLock {
            (currentModeState ?? modes[Mode.default.name])?.timers.lazy.filter(\.isValid).map(\.nextFireDate).min()
        }
    }
}

/// A loop held weakly, for lists of loops that must not keep them alive.
struct WeakEventLoop {
    weak var loop: EventLoop?
}
