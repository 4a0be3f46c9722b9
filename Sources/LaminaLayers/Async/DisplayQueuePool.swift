import Foundation
import LaminaGraphics
import Synchronization

/// The serial queues async layers render on, and the release queue where replaced bitmaps are
/// dropped — YYAsyncLayer's display and release queues.
///
/// Each queue is a dedicated thread named after the pool ("display 1", "display 2", …), started
/// when it first gets work. A render goes to the least-loaded queue (fewest renders queued or
/// running); among equally loaded queues the choice rotates, so steady traffic spreads evenly.
/// Serial queues rather than one concurrent queue: a burst of renders (a fast scroll) cannot
/// spawn a thread each, and at most ``queueCount`` bitmaps are being drawn at once.
///
/// ``shared`` is what every ``AsyncLayer`` uses unless given another; it has
/// ``defaultQueueCount`` queues. Any thread.
public final class DisplayQueuePool: Sendable {
    /// The pool async layers use by default.
    public static let shared = DisplayQueuePool()

    /// The number of active processors, at most 16: more queues than cores would only make
    /// renders compete for them.
    public static var defaultQueueCount: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
    }

    /// The default bound on bitmap memory waiting on the release queue: 64 MiB.
    public static let defaultReleaseBound = 64 << 20

    /// How many serial queues the pool has.
    public let queueCount: Int
    /// The pool's name, which prefixes its threads' names.
    public let name: String
    private let queues: [DisplayQueue]
    private let releaseQueue: ReleaseQueue
    /// Where the next search for the least-loaded queue starts, advanced by every choice.
    private let rotation = Atomic<UInt>(0)

    /// The most queues a pool has: past the processor count more queues only compete for cores.
    public static let maximumQueueCount = 64

    /// Creates a pool of `queueCount` serial queues — fewer than one means one, more than
    /// ``maximumQueueCount`` means that many —, whose release queue holds at most `releaseBound`
    /// bytes of bitmaps waiting to be dropped.
    public init(queueCount: Int = DisplayQueuePool.defaultQueueCount, name: String = "display",
                releaseBound: Int = DisplayQueuePool.defaultReleaseBound) {
        self.queueCount = min(max(queueCount, 1), Self.maximumQueueCount)
        self.name = name
        queues = (1...self.queueCount).map { DisplayQueue(name: "\(name) \($0)") }
        releaseQueue = ReleaseQueue(name: "\(name) release", maximumPendingBytes: max(releaseBound, 0))
    }

    deinit {
        for queue in queues { queue.shutdown() }
        releaseQueue.shutdown()
    }

    /// How many renders each queue has queued or running, in queue order.
    public var loads: [Int] {
        queues.map(\.load)
    }

    /// The index of the queue the next render would go to: the least loaded, searching from a
    /// position that rotates with every choice, so equal loads take turns.
    public func nextQueueIndex() -> Int {
        let start = Int(rotation.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(queueCount))
        var best = start, bestLoad = Int.max
        for offset in 0..<queueCount {
            let index = (start + offset) % queueCount
            let load = queues[index].load
            if load < bestLoad { (best, bestLoad) = (index, load) }
        }
        return best
    }

    /// Runs `work` on the least-loaded queue. Any thread.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        enqueue(onQueue: nextQueueIndex(), work)
    }

    /// Runs `work` on the queue at `index` (a value from ``nextQueueIndex()``; taken modulo
    /// ``queueCount``). Any thread.
    public func enqueue(onQueue index: Int, _ work: @escaping @Sendable () -> Void) {
        queues[queueIndex(index)].enqueue(work)
    }

    /// The name of the queue at `index` (taken modulo ``queueCount``), which is also its thread's.
    public func queueName(at index: Int) -> String {
        queues[queueIndex(index)].name
    }

    private func queueIndex(_ index: Int) -> Int {
        (index % queueCount + queueCount) % queueCount
    }

    /// Drops `image` on the release queue, off the calling thread — unless the bitmaps already
    /// waiting there would then exceed the pool's release bound, in which case the caller's
    /// reference is the one given up, now. Returns whether the release queue took it. Any thread.
    @discardableResult
    public func release(_ image: Image) -> Bool {
        releaseQueue.release(image)
    }

    /// Bytes of bitmaps waiting on the release queue.
    public var releasePendingBytes: Int {
        releaseQueue.bytesPending
    }
}
