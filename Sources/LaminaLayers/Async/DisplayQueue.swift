@_spi(LaminaInternals) import LaminaTrace
import Synchronization

/// One serial display queue of a ``DisplayQueuePool``: a dedicated, named thread that runs the
/// blocks given to it one at a time, in the order they came. The thread starts with the first
/// block, so a pool nobody uses costs no threads. Any thread may enqueue.
final class DisplayQueue: Sendable {
    /// The queue's name, which is also its thread's name ("display 1", …).
    let name: String
    /// Blocks enqueued and not yet finished: what "least loaded" compares.
    private let pending = Atomic<Int>(0)
    private let state = Locked(State())
    private let workQueued = ThreadSignal()

    private struct State {
        /// Taken blocks are set to nil at once, so what they capture (a bitmap to drop) dies on
        /// this queue's thread when the block has run, not at the next compaction.
        var blocks: [(@Sendable () -> Void)?] = []
        /// Where the next block to run is in `blocks`, which is compacted as the queue drains.
        var head = 0
        var isStarted = false
        var isShutDown = false
    }

    init(name: String) {
        self.name = name
    }

    /// How many blocks are queued or running.
    var load: Int {
        pending.load(ordering: .relaxed)
    }

    /// Queues `block` behind the others. After ``shutdown()`` the block is dropped and false is
    /// returned.
    @discardableResult
    func enqueue(_ block: @escaping @Sendable () -> Void) -> Bool {
        // Counted before the thread can see the block, so the load never dips below zero.
        pending.wrappingAdd(1, ordering: .relaxed)
        let (accepted, startsThread) = state.withLock { state -> (Bool, Bool) in
            guard !state.isShutDown else { return (false, false) }
            state.blocks.append(block)
            defer { state.isStarted = true }
            return (true, !state.isStarted)
        }
        guard accepted else {
            pending.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        if startsThread { _ = DedicatedThread(named: name) { [self] in runBlocks() } }
        workQueued.signal()
        return true
    }

    /// Lets the thread finish the blocks already queued, then end; later blocks are refused.
    func shutdown() {
        let wasStarted = state.withLock { state in
            state.isShutDown = true
            return state.isStarted
        }
        if wasStarted { workQueued.signal() }
    }

    /// The thread's body: one block per signal, until shut down with nothing left to run.
    private func runBlocks() {
        while true {
            workQueued.wait()
            guard let block = nextBlock() else { return }
            block()
            pending.wrappingSubtract(1, ordering: .relaxed)
        }
    }

    private func nextBlock() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard state.head < state.blocks.count else { return nil }
            let block = state.blocks[state.head]
            state.blocks[state.head] = nil
            state.head += 1
            if state.head == state.blocks.count {
                // A burst's capacity is kept for the next one, unless the burst was huge.
                state.blocks.removeAll(keepingCapacity: state.blocks.capacity <= 1024)
                state.head = 0
            } else if state.head >= 64 && state.head * 2 >= state.blocks.count {
                state.blocks.removeFirst(state.head)
                state.head = 0
            }
            return block
        }
    }
}
