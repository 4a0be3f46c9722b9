import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Sleeps on `state`'s epoll set (with the main queue's fd when `mainQueue` is one) until
    /// one fd is ready or `limit` ends the sleep, and reads the ready fd to clear it.
    ///
    /// CFRunLoop inserts the main queue's port into the wait set before each sleep and removes it
    /// after; on Linux that is two `epoll_ctl` calls per iteration, about a tenth of a loop turn
    /// that handles one small block. Lamina leaves the fd in the mode's set between sleeps and
    /// takes it out only for a sleep that must not watch it (a run nested in a main-queue
    /// drain). The wakes are the same: edge-triggered, the fd reports a write made while the loop
    /// was awake at the next sleep, as CFRunLoop's insertion of a readable fd does, and a write
    /// already consumed (the iteration's check before sleeping reads it) is not reported, since
    /// epoll checks an edge-triggered fd's readiness again before reporting it.
    func sleep(in state: ModeState, run: RunState, mainQueue: Int32, limit: SleepLimit) -> Wake {
        lock.withLock { isSleeping = true }
        watch(mainQueue, in: state)
        let traced = Trace.isEnabled && !isPoll(limit)
        if traced { Trace.begin(.sleep) }
        let wake = wait(in: state, mainQueue: mainQueue, limit: limit)
        if traced {
            Trace.end(.sleep)
            Trace.instant(.wokenBy(wake.description))
        }
        if case .wakeUp = wake { lastIterationWasWokenUp = true }
        lock.withLock {
            run.ignoresWakeUps = true
            isSleeping = false
        }
        return wake
    }

    /// Puts the main queue's fd in `state`'s epoll set when this sleep watches it (`mainQueue`
    /// is the fd, the same one for the loop's life) and it is not there yet, and takes it out
    /// when this sleep must not (-1).
    private func watch(_ mainQueue: Int32, in state: ModeState) {
        if mainQueue >= 0, state.watchedMainQueue < 0 {
            _ = lamina_epoll_add(state.epollFD, mainQueue, LAMINA_IO_READABLE | LAMINA_IO_EDGE_TRIGGERED)
            state.watchedMainQueue = mainQueue
        } else if mainQueue < 0, state.watchedMainQueue >= 0 {
            _ = lamina_epoll_remove(state.epollFD, state.watchedMainQueue)
            state.watchedMainQueue = -1
        }
    }

    private func isPoll(_ limit: SleepLimit) -> Bool {
        if case .poll = limit { return true }
        return false
    }

    /// The wait itself. On the monotonic clock the kernel does the timing (the timerfd is in the
    /// set); on a virtual clock nothing waits for time.
    private func wait(in state: ModeState, mainQueue: Int32, limit: SleepLimit) -> Wake {
        guard let clock = virtualClock else {
            switch limit {
            case .poll: return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: 0)
            case .deadline(let deadline):
                let timeout = deadline == .distantFuture ? -1 : max(now.duration(to: deadline).saturatedNanoseconds, 0)
                return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: timeout)
            case .wakeUpOnly(let realTimeout):
                return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: realTimeout.saturatedNanoseconds)
            }
        }
        let ready = waitForOne(in: state, mainQueue: mainQueue, nanoseconds: 0)
        if case .timeout = ready {} else { return ready }
        let nextTimer = lock.withLock { state.earliestTimerDate }
        if case .poll = limit { return .timeout }
        if let nextTimer, nextTimer <= clock.now { return .timer }
        if followsClock { return waitAsFollower(in: state, mainQueue: mainQueue, limit: limit, clock: clock) }
        // A follower's timer that is due is about to fire on its thread: wait for it (it wakes
        // this loop when it has fired) rather than moving time past it.
        let followerTimer = clock.earliestFollowerTimer
        if let followerTimer, followerTimer <= clock.now {
            return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: realTimeout(of: limit))
        }
        let anyTimer = [nextTimer, followerTimer].compactMap { $0 }.min()
        switch limit {
        case .poll:
            return .timeout
        case .wakeUpOnly(let realTimeout):
            // Nothing but a timer can move the outstanding work on: waiting is the clock's job.
            if let anyTimer, outstandingWorkOnlyAwaitsTimers {
                clock.moveForward(to: anyTimer)
                return .timer
            }
            return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: realTimeout.saturatedNanoseconds)
        case .deadline(let deadline):
            let target = min(anyTimer ?? .distantFuture, deadline)
            if target == .distantFuture {
                return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: -1)
            }
            clock.moveForward(to: target)
            return nextTimer.map { $0 <= target } == true ? .timer : .timeout
        }
    }

    /// A follower's wait on a virtual clock: it never moves time, so it sleeps until something
    /// wakes it — the clock moving, or a wake-up — except for the real-time limit of a driven
    /// iteration.
    private func waitAsFollower(in state: ModeState, mainQueue: Int32, limit: SleepLimit, clock: VirtualClock) -> Wake {
        if case .deadline(let deadline) = limit, deadline <= clock.now { return .timeout }
        return waitForOne(in: state, mainQueue: mainQueue, nanoseconds: realTimeout(of: limit))
    }

    /// How long, in real time, a wait on a virtual clock may block: a driven iteration's limit,
    /// otherwise until something wakes the loop.
    private func realTimeout(of limit: SleepLimit) -> Int64 {
        if case .wakeUpOnly(let realTimeout) = limit { return realTimeout.saturatedNanoseconds }
        return -1
    }

    /// One `epoll_wait` for at most one ready fd (negative: forever), classified and cleared.
    private func waitForOne(in state: ModeState, mainQueue: Int32, nanoseconds: Int64) -> Wake {
        var readiness: UInt32 = 0
        let ready = lamina_epoll_wait_one(state.epollFD, nanoseconds, &readiness)
        switch ready {
        case wakeFD:
            _ = lamina_eventfd_drain(wakeFD)
            return .wakeUp
        case state.timerFD:
            _ = lamina_timerfd_drain(state.timerFD)
            return .timer
        case mainQueue where mainQueue >= 0:
            _ = lamina_eventfd_drain(mainQueue)
            return .mainQueue
        case let fd where fd >= 0:
            let source = lock.withLock { state.fileDescriptorSources[fd] }
            return source.map { .fileDescriptor($0, FileDescriptorSource.Events(rawValue: readiness)) } ?? .timeout
        default:
            return .timeout
        }
    }
}
