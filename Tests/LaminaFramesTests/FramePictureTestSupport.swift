import LaminaTrace

/// Hand-built trace events for the frame picture's tests: three threads, times in milliseconds
/// after a base of one second.
enum PictureTrace {
    static let base: UInt64 = 1_000_000_000
    static let main: (Int32, String) = (100, "main")
    static let display: (Int32, String) = (101, "display 1")
    static let render: (Int32, String) = (102, "render server")

    static func event(
        _ milliseconds: Double, _ thread: (Int32, String), _ phase: TracePhase, _ category: TraceCategory,
        _ name: String, flow: UInt64? = nil, arguments: [String: String] = [:]
    ) -> TraceEvent {
        TraceEvent(timestamp: base + UInt64(milliseconds * 1_000_000), threadID: thread.0, threadName: thread.1,
                   category: category, name: name, phase: phase, flow: flow.map { TraceFlowID(rawValue: $0) },
                   arguments: arguments)
    }

    /// One frame: a commit on the main thread whose display schedules an async render (flow 7)
    /// on a display queue, and the render server presenting it.
    static let frame: [TraceEvent] = [
        event(0, main, .begin, .transaction, "commit"),
        event(1, main, .begin, .transaction, "2 display"),
        event(2, main, .instant, .display, "async display scheduled", flow: 7),
        event(3, main, .end, .transaction, "2 display", arguments: ["layers": "1"]),
        event(4, main, .instant, .transaction, "delta sent"),
        event(5, main, .end, .transaction, "commit"),
        event(6, display, .begin, .display, "async render", flow: 7, arguments: ["layer": "#3"]),
        event(10, display, .end, .display, "async render"),
        event(12, render, .begin, .render, "present"),
        event(13, render, .flowEnd, .display, "presented", flow: 7),
        event(14, render, .end, .render, "present"),
    ]
}
