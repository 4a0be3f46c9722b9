@_spi(LaminaInternals) import LaminaTrace

/// A block waiting for a run of one of its modes (CFRunLoopPerformBlock's list item).
struct PendingBlock {
    let modeNames: [String]
    let block: @Sendable () -> Void

    /// Whether the block may run in `state`: it names that mode, or names ``EventLoop/Mode/common``
    /// while `state` is a common mode.
    func runs(in state: ModeState, commonModeNames: [String]) -> Bool {
        modeNames.contains(state.name)
            || (modeNames.contains(EventLoop.Mode.common.name) && commonModeNames.contains(state.name))
    }
}

extension EventLoop {
    /// Queues `block` to run on the loop's thread during a run of `mode` (by default any common
    /// mode), in FIFO order with other performed blocks. Like CFRunLoopPerformBlock, it does
    /// **not** wake the loop: from another thread, call ``wakeUp()`` afterwards. Any thread.
    ///
    /// Blocks run at three points of an iteration: after `beforeSources`, after sources were
    /// performed (only if one was), and after the loop wakes. A pending block keeps its mode from
    /// counting as empty, but running it does not count as a handled source.
    public func perform(in mode: Mode = .common, _ block: @escaping @Sendable () -> Void) {
        perform(in: [mode], block)
    }

    /// Queues `block` to run during a run of any of `modes`. See
    /// ``perform(in:_:)-(EventLoop.Mode,_)``.
    public func perform(in modes: [Mode], _ block: @escaping @Sendable () -> Void) {
        lock.withLock {
            for mode in modes where mode != .common {
                _ = modeState(named: mode.name)
            }
            pendingBlocks.append(PendingBlock(modeNames: modes.map(\.name), block: block))
        }
    }

    /// Runs, in FIFO order, the pending blocks that may run in `state`. Blocks for other modes go
    /// back to the head of the list, before blocks queued meanwhile; those wait for the next
    /// drain point.
    func performBlocks(in state: ModeState) {
        let (taken, commonNames): ([PendingBlock], [String]) = lock.withLock {
            let taken = pendingBlocks
            pendingBlocks.removeAll(keepingCapacity: true)
            return (taken, commonModeNames)
        }
        guard !taken.isEmpty else { return }
        var kept: [PendingBlock] = []
        for pending in taken {
            guard pending.runs(in: state, commonModeNames: commonNames) else {
                kept.append(pending)
                continue
            }
            if Trace.isEnabled {
                Trace.interval(.block, pending.block)
            } else {
                pending.block()
            }
        }
        guard !kept.isEmpty else { return }
        lock.withLock { pendingBlocks.insert(contentsOf: kept, at: 0) }
    }

    /// Whether a pending block may run in `state`. Lock held.
    func hasPendingBlock(for state: ModeState) -> Bool {
        pendingBlocks.contains { $0.runs(in: state, commonModeNames: commonModeNames) }
    }
}
