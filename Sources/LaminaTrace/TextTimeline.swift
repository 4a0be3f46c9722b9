/// Choices for ``TextTimeline/render(_:options:)`` and ``TraceRecorder/textTimeline(options:)``.
public struct TextTimelineOptions: Sendable, Hashable {
    /// How the time column reads.
    public enum TimeStyle: Sendable, Hashable {
        /// Milliseconds since the first event: `+1.234 ms`.
        case relative
        /// The raw `CLOCK_MONOTONIC` time in milliseconds, to line up with other logs.
        case absolute
    }

    /// How the time column reads; relative by default.
    public var timeStyle: TimeStyle
    /// Whether a begin line shows how long its interval lasted (from the matching end).
    public var showsDurations: Bool
    /// Whether matched end events get lines of their own; an unmatched end always shows.
    public var showsEndEvents: Bool
    /// The categories that get lines; nesting still counts the hidden ones.
    public var categories: Set<TraceCategory>

    /// Options for a timeline; the defaults show every category, relative times and durations.
    public init(
        timeStyle: TimeStyle = .relative,
        showsDurations: Bool = true,
        showsEndEvents: Bool = false,
        categories: Set<TraceCategory> = Set(TraceCategory.allCases)
    ) {
        self.timeStyle = timeStyle
        self.showsDurations = showsDurations
        self.showsEndEvents = showsEndEvents
        self.categories = categories
    }
}

/// A plain-text timeline of trace events, one line per event, for reading in a terminal.
///
/// ```text
///      time  thread   category     duration  event
/// +0.000 ms  main     loop         2.104 ms  run  mode=default
/// +0.012 ms  main     observer     0.318 ms    beforeWaiting  order=2000000
/// +0.015 ms  main     transaction  0.305 ms      commit
/// +0.016 ms  main     transaction                  · layout
/// +0.020 ms  main     display                      · enqueue  (flow #7)
/// +0.400 ms  display  display      1.200 ms  draw  (flow #7)  text="hello world"
/// ```
///
/// Columns: time, thread (its name; `name (tid)` when two threads share one), category, the
/// interval's duration on its begin line, then the event indented by its nesting on that thread.
/// An interval is one line (its begin); `·` marks a moment, `→` a flow step. Arguments follow as
/// `key=value`, sorted by key. The output depends only on the events, so it can be compared in
/// tests.
public enum TextTimeline {
    /// Renders `events`, in the order given, as a timeline.
    public static func render(_ events: [TraceEvent], options: TextTimelineOptions = .init()) -> String {
        guard let origin = events.first?.timestamp else { return "(no trace events)\n" }
        let nesting = TraceNesting(events)
        let labels = threadLabels(events)
        var rows: [Row] = []
        for index in events.indices {
            let event = events[index]
            guard options.categories.contains(event.category) else { continue }
            if event.phase == .end, nesting.beginIndex[index] != nil, !options.showsEndEvents { continue }
            rows.append(Row(
                time: time(event.timestamp, origin: origin, style: options.timeStyle),
                thread: labels[event.threadID]?[event.threadName] ?? event.threadName,
                category: event.category.rawValue,
                duration: options.showsDurations ? duration(of: index, in: events, nesting) : "",
                event: String(repeating: "  ", count: nesting.depth[index])
                    + description(of: index, in: events, matched: nesting.beginIndex[index] != nil)
            ))
        }
        return layOut(rows, showsDurations: options.showsDurations)
    }

    private struct Row {
        var time: String
        var thread: String
        var category: String
        var duration: String
        var event: String
    }

    private static func layOut(_ rows: [Row], showsDurations: Bool) -> String {
        let header = Row(time: "time", thread: "thread", category: "category", duration: "duration", event: "event")
        let all = [header] + rows
        let timeWidth = all.map(\.time.count).max() ?? 0
        let threadWidth = all.map(\.thread.count).max() ?? 0
        let categoryWidth = all.map(\.category.count).max() ?? 0
        let durationWidth = all.map(\.duration.count).max() ?? 0
        var text = ""
        for row in all {
            text += TraceFormatting.padLeft(row.time, to: timeWidth) + "  "
            text += TraceFormatting.padRight(row.thread, to: threadWidth) + "  "
            text += TraceFormatting.padRight(row.category, to: categoryWidth) + "  "
            if showsDurations { text += TraceFormatting.padLeft(row.duration, to: durationWidth) + "  " }
            text += row.event + "\n"
        }
        return text
    }

    private static func time(_ timestamp: UInt64, origin: UInt64, style: TextTimelineOptions.TimeStyle) -> String {
        switch style {
        case .absolute:
            return TraceFormatting.milliseconds(timestamp) + " ms"
        case .relative:
            // Events recorded by hand may precede the first one; Trace's own never do.
            return timestamp >= origin
                ? "+" + TraceFormatting.milliseconds(timestamp - origin) + " ms"
                : "-" + TraceFormatting.milliseconds(origin - timestamp) + " ms"
        }
    }

    private static func duration(of index: Int, in events: [TraceEvent], _ nesting: TraceNesting) -> String {
        guard events[index].phase == .begin else { return "" }
        guard let end = nesting.endIndex[index] else { return "open" }
        let start = events[index].timestamp, finish = events[end].timestamp
        return TraceFormatting.milliseconds(finish >= start ? finish - start : 0) + " ms"
    }

    private static func description(of index: Int, in events: [TraceEvent], matched: Bool) -> String {
        let event = events[index]
        var text: String
        switch event.phase {
        case .begin: text = event.name
        case .end: text = matched ? "end " + event.name : "end " + event.name + " (begin not recorded)"
        case .instant: text = "· " + event.name
        case .flowStart: text = "→ " + event.name + " (\(flowLabel(event)) starts)"
        case .flowStep: text = "→ " + event.name + " (\(flowLabel(event)) continues)"
        case .flowEnd: text = "→ " + event.name + " (\(flowLabel(event)) ends)"
        }
        if let flow = event.flow, event.phase == .begin || event.phase == .instant {
            text += "  (\(flow))"
        }
        if !event.arguments.isEmpty {
            text += "  " + TraceFormatting.arguments(event.arguments)
        }
        return text
    }

    private static func flowLabel(_ event: TraceEvent) -> String {
        event.flow.map(\.description) ?? "flow"
    }

    /// Thread column labels, by thread id then name: the name, or `name (tid)` when several
    /// threads in the trace share that name, or `tid N` for an empty name.
    private static func threadLabels(_ events: [TraceEvent]) -> [Int32: [String: String]] {
        var threadsByName: [String: Set<Int32>] = [:]
        for event in events { threadsByName[event.threadName, default: []].insert(event.threadID) }
        var labels: [Int32: [String: String]] = [:]
        for event in events where labels[event.threadID]?[event.threadName] == nil {
            let name = event.threadName
            let label = name.isEmpty ? "tid \(event.threadID)"
                : (threadsByName[name]?.count ?? 0) > 1 ? "\(name) (\(event.threadID))" : name
            labels[event.threadID, default: [:]][name] = label
        }
        return labels
    }
}

extension TraceRecorder {
    /// The recorded events as a text timeline (see ``TextTimeline``), followed by a note when
    /// events were dropped because the recorder was full.
    public func textTimeline(options: TextTimelineOptions = .init()) -> String {
        var text = TextTimeline.render(events, options: options)
        let dropped = droppedCount
        if dropped > 0 {
            text += "(\(dropped) later events dropped: the recorder was full at \(capacity) events)\n"
        }
        return text
    }
}
