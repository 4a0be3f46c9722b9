/// The stage of the pipeline an event belongs to.
///
/// Categories become the `cat` field of the Chrome trace, so Perfetto can filter by them, and a
/// column of the text timeline.
public enum TraceCategory: String, Sendable, CaseIterable {
    /// A run-loop pass: entry, waiting, waking, exit.
    case loop
    /// A run-loop observer callout.
    case observer
    /// A run-loop timer firing.
    case timer
    /// A run-loop source (version 0 or file descriptor) being handled.
    case source
    /// A perform block running on a loop.
    case block
    /// The main dispatch queue being drained by the loop.
    case dispatch
    /// A transaction phase: layout, display, commit, completion blocks.
    case transaction
    /// A layer's display: synchronous drawing or an async display task.
    case display
    /// The render server: applying a render-tree delta, compositing, presenting.
    case render
    /// Animations: added to a layer, started, evaluated on the render server, stopped.
    case animation
    /// Image loading, decoding and caching.
    case image
    /// Text: font resolution, layout (shaping and line breaking) and drawing.
    case text
}

/// An identifier that joins events on different threads into one causal chain, such as
/// "enqueued on the main thread → drawn on a display queue → committed on the main thread".
///
/// Make one with ``Trace/newFlowID()`` and pass it to every event of the chain.
public struct TraceFlowID: Hashable, Sendable, CustomStringConvertible {
    /// The number behind the identifier; unique per process when made by ``Trace/newFlowID()``.
    public let rawValue: UInt64

    /// Makes an identifier from a number, for tests and for events built by hand.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `flow #n`, as the text timeline shows it.
    public var description: String { "flow #\(rawValue)" }
}

/// What an event marks: the start or end of an interval, a moment, or a step of a flow.
public enum TracePhase: Sendable, Hashable {
    /// An interval starts on this thread; the matching ``end`` closes it.
    case begin
    /// The innermost interval of the same category and name on this thread ends.
    case end
    /// A moment with no duration.
    case instant
    /// The first step of a flow (Chrome `ph: "s"`).
    case flowStart
    /// An intermediate step of a flow (Chrome `ph: "t"`).
    case flowStep
    /// The last step of a flow (Chrome `ph: "f"`).
    case flowEnd
}

/// One recorded event: what happened, where (thread), when, and in which chain of work.
public struct TraceEvent: Sendable, Hashable {
    /// When the event was recorded: `CLOCK_MONOTONIC` in nanoseconds.
    public var timestamp: UInt64
    /// The kernel thread id of the recording thread (the main thread's equals the process id).
    public var threadID: Int32
    /// The recording thread's name: the name given to ``Trace/setThreadName(_:)``, else its
    /// kernel name as `top -H` shows it. A new thread starts with its creator's kernel name; when
    /// that is still the program's own (nobody named it), the main thread is called `"main"` and
    /// any other `"thread <tid>"`.
    public var threadName: String
    /// The pipeline stage.
    public var category: TraceCategory
    /// What happened, such as `"beforeWaiting"` or `"commit"`.
    public var name: String
    /// Whether this begins, ends, marks a moment or steps a flow.
    public var phase: TracePhase
    /// The flow this event belongs to, if any.
    public var flow: TraceFlowID?
    /// Small key/value details, such as `"mode": "default"` or `"order": "2000000"`.
    public var arguments: [String: String]

    /// Makes an event; ``Trace`` makes them for you, this is for tests and tools.
    public init(
        timestamp: UInt64,
        threadID: Int32,
        threadName: String,
        category: TraceCategory,
        name: String,
        phase: TracePhase,
        flow: TraceFlowID? = nil,
        arguments: [String: String] = [:]
    ) {
        self.timestamp = timestamp
        self.threadID = threadID
        self.threadName = threadName
        self.category = category
        self.name = name
        self.phase = phase
        self.flow = flow
        self.arguments = arguments
    }
}
