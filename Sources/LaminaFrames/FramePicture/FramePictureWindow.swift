import LaminaTrace

/// The stretch of a trace a ``FramePicture`` draws.
public enum FramePictureWindow: Sendable, Hashable {
    /// From the earliest event to the latest. A trace whose events all share one time is drawn
    /// over one frame interval from that time.
    case wholeTrace
    /// From `start` to `end`, `CLOCK_MONOTONIC` times in nanoseconds (the trace's clock), such as
    /// one frame: a tick and the next.
    case between(start: UInt64, end: UInt64)
    /// From the first occurrence (begin or instant) of `from` to the end of the first `to`
    /// interval that begins at or after it (or the `to` instant), widened by `padding` on both
    /// sides: `from: .commit, to: .present` is one frame from the
    /// commit to the presentation.
    case span(from: TraceEventName, to: TraceEventName, padding: Duration)
}

/// Why a ``FramePicture`` could not be made.
public enum FramePictureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The trace has no events: nothing to place a time axis on.
    case noEvents
    /// The window ends at or before it starts.
    case emptyWindow(start: UInt64, end: UInt64)
    /// A ``FramePictureWindow/span(from:to:padding:)`` end point is not in the trace.
    case eventNotFound(TraceEventName)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .noEvents: "the trace has no events"
        case let .emptyWindow(start, end): "the window from \(start) ns to \(end) ns is empty"
        case let .eventNotFound(event): "no \(event.category.rawValue) event \"\(event.name)\" in the trace"
        }
    }
}
