@_spi(LaminaInternals) import LaminaTrace

/// A thread-safe least-recently-used cache whose entries each cost something (bytes), kept under
/// a total cost limit: inserting past the limit evicts the least recently used entries first.
/// An entry costing more than the whole limit is not kept. Any thread; O(1) per operation.
final class CostLimitedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state: Locked<Storage>

    init(costLimit: Int) {
        state = Locked(Storage(costLimit: max(0, costLimit)))
    }

    /// The value for `key`, now the most recently used; nil when absent.
    func value(for key: Key) -> Value? {
        state.withLock { $0.touch(key) }
    }

    /// Stores `value` for `key` at `cost`, replacing any entry for it, and evicts the least
    /// recently used entries until the total is within the limit. Returns whether it was kept.
    @discardableResult
    func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
        state.withLock { $0.insert(value, for: key, cost: max(0, cost)) }
    }

    /// Removes the entry for `key`.
    func removeValue(for key: Key) {
        state.withLock { $0.remove(key) }
    }

    /// Removes every entry.
    func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// The sum of the entries' costs.
    var totalCost: Int { state.withLock { $0.totalCost } }
    /// How many entries there are.
    var count: Int { state.withLock { $0.entries.count } }
    /// The cost limit.
    var costLimit: Int { state.withLock { $0.costLimit } }

    /// The entries and their recency order, as a doubly linked list threaded through a
    /// dictionary (keys name their neighbours), so touching and evicting never scan.
    private struct Storage {
        struct Entry {
            var value: Value
            var cost: Int
            var older: Key?
            var newer: Key?
        }

        let costLimit: Int
        var entries: [Key: Entry] = [:]
        var oldest: Key?
        var newest: Key?
        var totalCost = 0

        init(costLimit: Int) {
            self.costLimit = costLimit
        }

        mutating func touch(_ key: Key) -> Value? {
            guard let entry = entries[key] else { return nil }
            // The newest already (a view asking again, a row's two pictures): nothing moves.
            guard entry.newer != nil else { return entry.value }
            unlink(key)
            link(key, entry)
            return entry.value
        }

        mutating func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
            remove(key)
            guard cost <= costLimit else { return false }
            link(key, Entry(value: value, cost: cost))
            totalCost += cost
            while totalCost > costLimit, let victim = oldest { remove(victim) }
            return true
        }

        mutating func remove(_ key: Key) {
            guard let entry = entries[key] else { return }
            unlink(key)
            totalCost -= entry.cost
        }

        mutating func removeAll() {
            entries = [:]
            oldest = nil
            newest = nil
            totalCost = 0
        }

        /// Puts `entry` in as the newest.
        private mutating func link(_ key: Key, _ entry: Entry) {
            var entry = entry
            entry.older = newest
            entry.newer = nil
            if let newest { entries[newest]?.newer = key } else { oldest = key }
            newest = key
            entries[key] = entry
        }

        /// Takes `key` out of the list and the dictionary.
        private mutating func unlink(_ key: Key) {
            guard let entry = entries.removeValue(forKey: key) else { return }
            if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
            if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
        }
    }
}
