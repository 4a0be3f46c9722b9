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

    /// The occurrences in `category`, optionally only those called `name`.
    public func occurrences(in category: TraceCategory, named name: String? = nil) -> [TraceEvent] {
        events.filter { event in
            (event.phase == .begin || event.phase == .instant) && event.category == category
                && (name == nil || event.name == name)
        }
    }

    /// How many times `name` occurred in `category`.
    public func count(_ category: TraceCategory, _ name: String) -> Int {
        occurrences(in: category, named: name).count
    }

    /// The names of the occurrences in `category`, in order.
    public func names(in category: TraceCategory) -> [String] {
        occurrences(in: category).map(\.name)
    }

    /// Whether the occurrences listed happen in this order (others may come between them):
    /// each is matched at the first occurrence after the previous match.
    public func occurs(inOrder expected: [(TraceCategory, String)]) -> Bool {
        var remaining = expected[...]
        for event in events where event.phase == .begin || event.phase == .instant {
            guard let (category, name) = remaining.first else { break }
            if event.category == category && event.name == name { remaining.removeFirst() }
        }
        return remaining.isEmpty
    }

    /// The names of the threads on which `name` occurred in `category`.
    public func threadNames(of category: TraceCategory, _ name: String) -> Set<String> {
        Set(occurrences(in: category, named: name).map(\.threadName))
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
