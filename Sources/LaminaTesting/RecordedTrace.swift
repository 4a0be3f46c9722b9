import LaminaTrace

/// The trace of what a piece of test code made the pipeline do, with queries to assert on:
/// "display ran once, on a display queue, after the transaction's layout phase".
///
/// Occurrences are `begin` and `instant` events (an interval counts once, at its start).
public struct RecordedTrace: Sendable {
    /// Every event recorded, in time order.
    public let events: [TraceEvent]

    /// A trace of `events`.
    public init(events: [TraceEvent]) {
        self.events = events
    }

    /// The occurrences in `category`, whatever their names.
    public func occurrences(in category: TraceCategory) -> [TraceEvent] {
        events.filter { ($0.phase == .begin || $0.phase == .instant) && $0.category == category }
    }

    /// The occurrences of `name`: `trace.occurrences(of: .asyncRender)`.
    public func occurrences(of name: TraceEventName) -> [TraceEvent] {
        events.filter { ($0.phase == .begin || $0.phase == .instant) && name.matches($0) }
    }

    /// How many times `name` occurred: `trace.count(.display)`. Lamina's own events are
    /// ``/LaminaTrace/TraceEventName``'s static members, so a misspelt one does not compile; an
    /// event of your own is `TraceEventName(.display, "my event")`.
    public func count(_ name: TraceEventName) -> Int {
        occurrences(of: name).count
    }

    /// The names of the occurrences in `category`, in order.
    public func names(in category: TraceCategory) -> [String] {
        occurrences(in: category).map(\.name)
    }

    /// Whether the occurrences listed happen in this order (others may come between them):
    /// each is matched at the first occurrence after the previous match.
    public func occurs(inOrder expected: [TraceEventName]) -> Bool {
        var remaining = expected[...]
        for event in events where event.phase == .begin || event.phase == .instant {
            guard let name = remaining.first else { break }
            if name.matches(event) { remaining.removeFirst() }
        }
        return remaining.isEmpty
    }

    /// The names of the threads on which `name` occurred.
    public func threadNames(of name: TraceEventName) -> Set<String> {
        Set(occurrences(of: name).map(\.threadName))
    }

    /// The text timeline, for a failure message.
    public var timeline: String {
        TextTimeline.render(events)
    }
}

/// Runs `body` while recording the trace (never overlapping another recording session), and
/// returns its result with what was recorded.
public func recordingTrace<T>(_ body: () throws -> T) rethrows -> (result: T, trace: RecordedTrace) {
    let recorder = TraceRecorder()
    let result = try Trace.withRecording(into: recorder, body)
    return (result, RecordedTrace(events: recorder.events))
}
