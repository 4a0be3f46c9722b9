import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

extension EventLoop {
    /// Adds `observer` to `mode` (or to every common mode, with ``Mode/common``). Adding one that
    /// is already there, invalid, or owned by another loop does nothing. A re-added observer
    /// goes last among those of equal order. Any thread.
    public func add(_ observer: Observer, to mode: Mode) {
        add(.observer(observer), to: mode)
    }

    /// Adds `timer` to `mode` (or to every common mode). The first add dates the timer on this
    /// loop's clock. Adding one that is already there, invalid, or owned by another loop does
    /// nothing. Any thread; no ``wakeUp()`` needed.
    public func add(_ timer: Timer, to mode: Mode) {
        add(.timer(timer), to: mode)
    }

    /// Adds `source` to `mode` (or to every common mode) and calls its `onSchedule`. Any thread.
    public func add(_ source: Source, to mode: Mode) {
        add(.source(source), to: mode)
    }

    /// Adds `source` to `mode` (or to every common mode): its fd joins the mode's epoll set.
    /// Does nothing if the mode already watches that fd with another source. Any thread; no
    /// ``wakeUp()`` needed.
    public func add(_ source: FileDescriptorSource, to mode: Mode) {
        add(.fileDescriptor(source), to: mode)
    }

    /// Removes `observer` from `mode`. It stays valid: if a pass is under way that has not reached
    /// it yet, it is still called in that pass. Any thread.
    public func remove(_ observer: Observer, from mode: Mode) {
        remove(.observer(observer), from: mode)
    }

    /// Removes `timer` from `mode`; it stays valid. Any thread.
    public func remove(_ timer: Timer, from mode: Mode) {
        remove(.timer(timer), from: mode)
    }

    /// Removes `source` from `mode` and calls its `onCancel`; it stays valid. Any thread.
    public func remove(_ source: Source, from mode: Mode) {
        remove(.source(source), from: mode)
    }

    /// Removes `source` from `mode`; it stays valid. Any thread.
    public func remove(_ source: FileDescriptorSource, from mode: Mode) {
        remove(.fileDescriptor(source), from: mode)
    }

    /// Whether `observer` is in `mode` (for ``Mode/common``: whether it was added to common).
    public func contains(_ observer: Observer, in mode: Mode) -> Bool {
        contains(.observer(observer), in: mode)
    }

    /// Whether `timer` is in `mode` (for ``Mode/common``: whether it was added to common).
    public func contains(_ timer: Timer, in mode: Mode) -> Bool {
        contains(.timer(timer), in: mode)
    }

    /// Whether `source` is in `mode` (for ``Mode/common``: whether it was added to common).
    public func contains(_ source: Source, in mode: Mode) -> Bool {
        contains(.source(source), in: mode)
    }

    /// Whether `source` is in `mode` (for ``Mode/common``: whether it was added to common).
    public func contains(_ source: FileDescriptorSource, in mode: Mode) -> Bool {
        contains(.fileDescriptor(source), in: mode)
    }

    /// Marks `mode` common: every item added to ``Mode/common`` (before or after) is in it too.
    /// A mode cannot be made uncommon again. Items are added in the order they were added to
    /// common (CF uses hash order here, which changes from run to run). Any thread.
    public func addCommonMode(_ mode: Mode) {
        guard mode != .common else { return }
        let scheduled: [(Source, Mode)] = lock.withLock {
            guard !commonModeNames.contains(mode.name) else { return [] }
            commonModeNames.append(mode.name)
            let state = modeState(named: mode.name)
            return commonItems.compactMap { item in
                guard insert(item, into: state), case .source(let source) = item else { return nil }
                return (source, mode)
            }
        }
        callSchedule(scheduled)
    }

    // MARK: - Bookkeeping shared by the three kinds of item

    func add(_ item: LoopItem, to mode: Mode) {
        guard item.isValid, !item.membership.belongsToAnotherLoop(than: self) else { return }
        let scheduled: [(Source, Mode)] = lock.withLock {
            var targets: [ModeState] = []
            if mode == .common {
                guard !commonItems.contains(where: { $0.isSame(as: item) }) else { return [] }
                commonItems.append(item)
                targets = commonModeNames.map { modeState(named: $0) }
            } else {
                targets = [modeState(named: mode.name)]
            }
            return targets.compactMap { state in
                guard insert(item, into: state), case .source(let source) = item else { return nil }
                return (source, state.mode)
            }
        }
        callSchedule(scheduled)
    }

    func remove(_ item: LoopItem, from mode: Mode) {
        let cancelled: [(Source, Mode)] = lock.withLock {
            if mode == .common {
                guard let index = commonItems.firstIndex(where: { $0.isSame(as: item) }) else { return [] }
                commonItems.remove(at: index)
                return commonModeNames.compactMap { modes[$0] }.compactMap { detach(item, from: $0) }
            }
            return modes[mode.name].flatMap { detach(item, from: $0) }.map { [$0] } ?? []
        }
        callCancel(cancelled)
    }

    func contains(_ item: LoopItem, in mode: Mode) -> Bool {
        lock.withLock {
            if mode == .common { return commonItems.contains { $0.isSame(as: item) } }
            return modes[mode.name]?.contains(item) ?? false
        }
    }

    /// Removes `item` from every mode and from common (what invalidation does).
    func removeEverywhere(_ item: LoopItem) {
        let cancelled: [(Source, Mode)] = lock.withLock {
            commonItems.removeAll { $0.isSame(as: item) }
            return modes.values.sorted { $0.name < $1.name }.compactMap { detach(item, from: $0) }
        }
        callCancel(cancelled)
    }

    /// Re-dates `timer` (a past date becomes now) and re-sorts and re-arms every mode it is in.
    /// From another thread it also wakes the loop, as CFRunLoopTimerSetNextFireDate does.
    func setFireDate(of timer: Timer, to date: Instant) {
        let now = self.now
        defer {
            if lamina_current_thread_id() != ownerThreadID { wakeUp() }
        }
        lock.withLock {
            timer.withState { state in
                state.fireDate = max(date, now)
                state.isDated = true
            }
            for state in modes.values where state.remove(.timer(timer)) {
                state.insert(timer)
                state.armTimerFD()
            }
        }
    }

    /// The mode called `name`, created on first use. Call with the lock held.
    func modeState(named name: String) -> ModeState {
        if let existing = modes[name] { return existing }
        let created = ModeState(name: name, wakeFD: wakeFD)
        created.usesKernelTimer = !hasVirtualClock.load(ordering: .acquiring)
        modes[name] = created
        return created
    }

    /// Puts `item` in `state` unless it is there or belongs to another loop. Lock held.
    private func insert(_ item: LoopItem, into state: ModeState) -> Bool {
        guard !state.contains(item) else { return false }
        if case .fileDescriptor(let source) = item {
            guard state.insert(source) else { return false }
        }
        guard item.membership.claim(for: self) else {
            _ = state.remove(item)
            return false
        }
        switch item {
        case .observer(let observer):
            state.insert(observer)
        case .timer(let timer):
            let now = self.now
            timer.withState { timerState in
                // A date in the past becomes now, as in CFRunLoopTimerCreate: already-due timers
                // then fire in the order they were added, and repeat on a grid starting now.
                let date = timerState.isDated ? timerState.fireDate : now.advanced(by: timerState.delay)
                timerState.fireDate = max(date, now)
                timerState.isDated = true
            }
            state.insert(timer)
            state.armTimerFD()
        case .source(let source):
            state.sources.append(source)
        case .fileDescriptor:
            break
        }
        return true
    }

    /// Takes `item` out of `state`; returns the source to cancel, if it was one. Lock held.
    private func detach(_ item: LoopItem, from state: ModeState) -> (Source, Mode)? {
        guard state.remove(item) else { return nil }
        item.membership.release(for: self)
        switch item {
        case .timer: state.armTimerFD()
        case .source(let source): return (source, state.mode)
        case .observer, .fileDescriptor: break
        }
        return nil
    }

    private func callSchedule(_ scheduled: [(Source, Mode)]) {
        for (source, mode) in scheduled {
            source.onSchedule?(self, mode)
        }
    }

    private func callCancel(_ cancelled: [(Source, Mode)]) {
        for (source, mode) in cancelled {
            source.onCancel?(self, mode)
        }
    }
}
