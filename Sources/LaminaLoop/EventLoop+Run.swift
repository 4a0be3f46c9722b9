import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Runs the default mode until ``stop()`` is called or the mode has nothing left that could
    /// wake it (CFRunLoopRun). Owning thread only.
    public func run() {
        while true {
            let result = run(mode: .default, timeout: .seconds(1e10), returnAfterSourceHandled: false)
            if result == .stopped || result == .finished { return }
        }
    }

    /// Runs `mode` until its timeout passes, ``stop()`` is called, it has nothing left that could
    /// wake it, or — with `returnAfterSourceHandled` — a source was handled
    /// (CFRunLoopRunInMode). Owning thread only: calling it from another thread stops the process.
    /// Runs nest: calling it from a handler starts a run of its own, with its own `entry` and
    /// `exit`.
    ///
    /// A mode that does not exist or is empty (no sources, fd sources, timers or blocks for it) returns
    /// ``RunResult/finished`` at once, without calling any observer; observers never keep a mode
    /// alive. On the main thread a common mode is never empty, because `DispatchQueue.main` counts
    /// as a source. A timeout of zero or less runs exactly one iteration, which polls; a timeout
    /// beyond about 16 years waits forever.
    ///
    /// One run, as CFRunLoop does it:
    /// 1. `entry` observers.
    /// 2. Each iteration:
    ///    1. `beforeTimers` observers, then `beforeSources` observers.
    ///    2. Performed blocks for this mode.
    ///    3. Signalled sources; if one was performed, blocks again, and the iteration polls.
    ///    4. On the main loop: if the main queue has work and the last wake was not for it, drain
    ///       it now and skip to step 7 (no `beforeWaiting`/`afterWaiting`).
    ///    5. `beforeWaiting` observers (unless polling) — where transactions commit.
    ///    6. Sleep until one thing wakes the loop — its wake-up, this mode's timers, one of its fd
    ///       sources, the main queue — or, when polling, just look. Then `afterWaiting` observers
    ///       (unless polling).
    ///    7. Handle the one thing that woke it: fire due timers, call the ready fd source's
    ///       handler, or drain the main queue. The last two count as a handled source.
    ///    8. Blocks again; then decide: handled a source and asked to return → `handledSource`;
    ///       past the timeout → `timedOut`; stopped → `stopped`; mode empty → `finished`;
    ///       otherwise iterate.
    /// 3. `exit` observers.
    @discardableResult
    public func run(mode: Mode, timeout: Duration, returnAfterSourceHandled: Bool = false) -> RunResult {
        run(mode: mode, limits: RunLimits(timeout: timeout, from: now), returnAfterSourceHandled: returnAfterSourceHandled)
    }

    /// One run of `mode` within `limits`: `entry`, iterations, `exit`.
    func run(mode: Mode, limits: RunLimits, returnAfterSourceHandled: Bool) -> RunResult {
        requireOwnerThread("run(mode:timeout:returnAfterSourceHandled:)")
        guard mode != .common else { return .finished }
        let entered: (state: ModeState, run: RunState, previous: ModeState?)? = lock.withLock {
            guard let state = modes[mode.name], !isEmpty(state) else { return nil }
            let run = RunState(ignoresWakeUps: false)
            runs.append(run)
            let previous = currentModeState
            currentModeState = state
            return (state, run, previous)
        }
        guard let (state, run, previous) = entered else {
            if Trace.isEnabled { Trace.instant(.runFinishedModeEmpty(mode: mode.name)) }
            return .finished
        }
        if Trace.isEnabled { Trace.begin(.run(mode: mode.name)) }
        notifyObservers(.entry, in: state)
        let result = iterate(state, run: run, limits: limits, returnAfterSourceHandled: returnAfterSourceHandled)
        notifyObservers(.exit, in: state)
        lock.withLock {
            runs.removeLast()
            currentModeState = previous
        }
        if Trace.isEnabled { Trace.end(.run(mode: mode.name), arguments: ["result": result.description]) }
        return result
    }

    /// What ended a wait: one thing only, as epoll is asked for one ready fd. `timeout` also
    /// stands for a poll that found nothing ready.
    enum Wake: CustomStringConvertible {
        case timeout, wakeUp, timer, mainQueue
        case fileDescriptor(FileDescriptorSource, FileDescriptorSource.Events)

        var description: String {
            switch self {
            case .timeout: "timeout"
            case .wakeUp: "wakeUp"
            case .timer: "timer"
            case .mainQueue: "main queue"
            case .fileDescriptor(let source, let events): "\(source.traceLabel) \(events)"
            }
        }
    }

    /// Runs iterations of `state` until a result applies or `limits` ends the run.
    func iterate(_ state: ModeState, run: RunState, limits: RunLimits, returnAfterSourceHandled: Bool) -> RunResult {
        // A stop() from an `entry` observer ends the run before its first iteration.
        if lock.withLock({ run.isStopped }) {
            lock.withLock { run.isStopped = false }
            return .stopped
        }
        let mainQueue = watchedMainQueueHandle(for: state)
        var didDrainMainQueueLastTime = true
        var iterations = 0
        while true {
            lock.withLock { run.ignoresWakeUps = false }
            notifyObservers(.beforeTimers, in: state)
            notifyObservers(.beforeSources, in: state)
            performBlocks(in: state)
            var handled = performSources(in: state, stopAfterOne: returnAfterSourceHandled)
            if handled { performBlocks(in: state) }
            let polls = handled || limits.pollsOnly

            let wake: Wake
            if mainQueue >= 0 && !didDrainMainQueueLastTime && takeReadiness(of: mainQueue) {
                wake = .mainQueue
            } else {
                didDrainMainQueueLastTime = false
                if !polls { notifyObservers(.beforeWaiting, in: state) }
                wake = sleep(in: state, run: run, mainQueue: mainQueue, limit: polls ? .poll : limits.sleep)
                if !polls { notifyObservers(.afterWaiting, in: state) }
            }
            lock.withLock { run.ignoresWakeUps = true }

            switch wake {
            case .timeout, .wakeUp:
                break
            case .timer:
                if !fireDueTimers(in: state) {
                    lock.withLock { state.armTimerFD() }
                } else if followsClock {
                    // The loops that move a shared virtual clock wait for this one's due timers.
                    virtualClock?.wakeLeaders()
                }
            case .mainQueue:
                drainMainQueue()
                handled = true
                didDrainMainQueueLastTime = true
            case .fileDescriptor(let source, let events):
                handled = perform(source, events: events) || handled
            }
            performBlocks(in: state)

            let result = lock.withLock {
                endOfIteration(state, run: run, handled: handled, returnAfterSourceHandled: returnAfterSourceHandled, deadline: limits.pollsOnly ? nil : limits.deadline)
            }
            if let result { return result }
            iterations += 1
            if let maximum = limits.maximumIterations, iterations >= maximum { return .timedOut }
        }
    }

    /// The run's result after an iteration, or nil to iterate again. Lock held. A nil deadline
    /// means the run polls once and so has always timed out.
    private func endOfIteration(_ state: ModeState, run: RunState, handled: Bool, returnAfterSourceHandled: Bool, deadline: Instant?) -> RunResult? {
        if handled && returnAfterSourceHandled { return .handledSource }
        // `<=` where CF has `<`: the same on a real clock, but a virtual clock stops exactly at
        // the deadline, and the run must end there rather than wait for it again.
        if deadline.map({ $0 <= now }) ?? true { return .timedOut }
        if run.isStopped {
            run.isStopped = false
            return .stopped
        }
        if isEmpty(state) { return .finished }
        return nil
    }

    /// Calls an fd source's handler, unless it was invalidated since its fd woke the loop.
    private func perform(_ source: FileDescriptorSource, events: FileDescriptorSource.Events) -> Bool {
        guard source.isValid else { return false }
        if Trace.isEnabled {
            Trace.interval(.source(named: source.traceLabel), arguments: ["events": events.description]) {
                source.handler(source, events)
            }
        } else {
            source.handler(source, events)
        }
        return true
    }

    /// Reads `fd` if it is readable now; true if it was.
    private func takeReadiness(of fd: Int32) -> Bool {
        lamina_fd_is_readable(fd) != 0 && lamina_eventfd_drain(fd) != 0
    }

    /// Whether `state` has nothing that could wake a run of it. Lock held.
    ///
    /// Observers do not count. On the main loop (which runs only on the main thread), outside a
    /// main-queue drain, a common mode is never empty: the main queue is its source.
    func isEmpty(_ state: ModeState) -> Bool {
        if isMain && !isDrainingMainQueue && commonModeNames.contains(state.name) {
            return false
        }
        return state.sources.isEmpty && state.timers.isEmpty && state.fileDescriptorSources.isEmpty
            && !hasPendingBlock(for: state)
    }
}
