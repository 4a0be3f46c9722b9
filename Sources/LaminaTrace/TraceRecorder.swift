
/// Collects trace events from any thread, in the order they happen, up to a fixed capacity.
///
/// Hand one to ``Trace/start(into:)``, run the code you want to see, then ``Trace/stop()`` and
/// read ``events``, print ``textTimeline(options:)``, or save ``chromeTraceJSON()`` for Perfetto.
///
/// A recorder is thread-safe: every method may be called from any thread. Events recorded by
/// ``Trace`` are stamped while the recorder's lock is held, so ``events`` is ordered by
/// ``TraceEvent/timestamp`` across all threads, not only within each one.
///
/// Memory is bounded: once ``capacity`` events are held, later events are dropped and counted in
/// ``droppedCount`` instead of growing the buffer.
public final class TraceRecorder: Sendable {
    /// The most events this recorder keeps; later ones are dropped and counted.
    public let capacity: Int

    private let storage = Locked(Storage())

    private struct Storage {
        var events: [TraceEvent] = []
        var droppedCount = 0
    }

    /// Makes an empty recorder that keeps at most `capacity` events (negative counts as zero).
    public init(capacity: Int = 1_000_000) {
        self.capacity = max(0, capacity)
    }

    /// A copy of the recorded events, in recording order.
    public var events: [TraceEvent] {
        storage.withLock { $0.events }
    }

    /// How many events are held now.
    public var count: Int {
        storage.withLock { $0.events.count }
    }

    /// How many events arrived after the recorder was full and were not kept.
    public var droppedCount: Int {
        storage.withLock { $0.droppedCount }
    }

    /// Forgets every event and resets ``droppedCount`` to zero, so recording can start afresh.
    public func removeAll() {
        storage.withLock { $0 = Storage() }
    }

    /// Appends an event as it is, timestamp included: for tests and tools that build events by
    /// hand. ``Trace`` records through its own path, which stamps the time under the lock.
    ///
    /// - Returns: `true` if the event was kept, `false` if the recorder was full and dropped it.
    @discardableResult
    public func record(_ event: TraceEvent) -> Bool {
        let capacity = self.capacity
        return storage.withLock { storage in
            guard storage.events.count < capacity else {
                storage.droppedCount += 1
                return false
            }
            storage.events.append(event)
            return true
        }
    }

    /// Appends `event` stamped with the current time; the stamp is taken under the lock so the
    /// recording order is also the time order across threads.
    func recordNow(_ event: TraceEvent) {
        let capacity = self.capacity
        storage.withLock { storage in
            guard storage.events.count < capacity else {
                storage.droppedCount += 1
                return
            }
            var event = event
            event.timestamp = TraceClock.now()
            storage.events.append(event)
        }
    }
}
