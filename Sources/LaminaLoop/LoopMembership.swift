@_spi(LaminaInternals) import LaminaTrace
import Synchronization

/// Whether an observer, timer or source is still valid, which loops it is scheduled in, and in
/// how many of each loop's modes. As in CF, observers and timers belong to one loop at a time
/// (adding one to a second loop is silently ignored) and are free again once removed from every
/// mode; sources may be scheduled in several loops. Invalidation is the same for every kind of
/// item: once, from any thread, removing the item from every mode of every loop it is in.
final class LoopMembership: Sendable {
    private let validity = Atomic<Bool>(true)

    /// False once ``invalidate(_:)`` has run.
    var isValid: Bool {
        validity.load(ordering: .acquiring)
    }

    /// Marks `item` (whose membership this is) invalid and removes it everywhere; later calls do
    /// nothing.
    func invalidate(_ item: LoopItem) {
        guard validity.exchange(false, ordering: .acquiringAndReleasing) else { return }
        for loop in loops {
            loop.removeEverywhere(item)
        }
    }

    private struct Entry {
        weak var loop: EventLoop?
        var modeCount: Int
    }

    private let isExclusive: Bool
    private let entries = Locked<[Entry]>([])

    init(exclusive: Bool) {
        isExclusive = exclusive
    }

    /// Records one more mode of `loop`; false when the item belongs to another loop.
    func claim(for loop: EventLoop) -> Bool {
        entries.withLock { entries in
            entries.removeAll { $0.loop == nil }
            if let index = entries.firstIndex(where: { $0.loop === loop }) {
                entries[index].modeCount += 1
                return true
            }
            if isExclusive && !entries.isEmpty { return false }
            entries.append(Entry(loop: loop, modeCount: 1))
            return true
        }
    }

    /// Whether the item belongs to a loop other than `loop` (only observers and timers can).
    func belongsToAnotherLoop(than loop: EventLoop) -> Bool {
        guard isExclusive else { return false }
        return entries.withLock { entries in entries.contains { $0.loop != nil && $0.loop !== loop } }
    }

    /// Records one mode of `loop` less; the loop is forgotten when none is left.
    func release(for loop: EventLoop) {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.loop === loop }) else { return }
            entries[index].modeCount -= 1
            if entries[index].modeCount <= 0 { entries.remove(at: index) }
        }
    }

    /// The loops the item is scheduled in now.
    var loops: [EventLoop] {
        entries.withLock { entries in entries.compactMap(\.loop) }
    }
}
