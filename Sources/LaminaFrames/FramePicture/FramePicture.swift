import LaminaGraphics
import LaminaTrace

/// A picture of a stretch of a trace — typically one frame — laid out and ready to draw: one
/// lane per thread, the frame-interval grid, slices as labelled boxes stacked by nesting,
/// instants as ticks, and flows as arrows from thread to thread.
///
/// ```swift
/// let (_, trace) = recordingTrace { window.snapshot() }
/// let picture = try FramePicture(events: trace.events,
///                                options: .init(window: .span(from: .commit, to: .present,
///                                                             padding: .milliseconds(1))))
/// try picture.svg().write(toFile: "frame.svg", atomically: true, encoding: .utf8)
/// try picture.writePNG(toPath: "frame.png")
/// ```
///
/// The picture is a value built from the events alone (no clock, no thread), so the same events
/// always give the same picture; ``svg()`` and ``makeImage(scale:)`` only draw what it holds.
/// Lanes go main thread first, then display queues, then the render server, then any other
/// thread, each group in order of first appearance. All geometry is in points, origin top-left.
public struct FramePicture: Sendable, Hashable {
    /// The options the picture was made with.
    public let options: FramePictureOptions
    /// The window's start: a `CLOCK_MONOTONIC` time in nanoseconds; every element's time is
    /// relative to it.
    public let windowStart: UInt64
    /// The window's length in nanoseconds, more than zero.
    public let windowDuration: UInt64
    /// The threads, top to bottom.
    public let lanes: [Lane]
    /// The slices that overlap the window, by lane, then start, then depth.
    public let boxes: [Box]
    /// The instants inside the window, by lane, then time.
    public let ticks: [Tick]
    /// The flow steps from one thread to another whose two ends are inside the window.
    public let arrows: [Arrow]
    /// The frame deadlines inside the window, earliest first.
    public let gridLines: [GridLine]
    /// The categories shown, with their colour samples, in the order of
    /// ``/LaminaTrace/TraceCategory``'s cases.
    public let legend: [LegendEntry]
    /// Flows with a single event in the trace: there is nothing to draw an arrow to (the trace
    /// started or stopped in the middle of the chain).
    public let unpairedFlows: [TraceFlowID]
    /// The picture's size in points.
    public let size: Size
    /// The timeline's area: right of the lane labels, below the axis, above the legend.
    public let timelineFrame: Rect

    /// Lays out `events` (in recorded order) with `options`.
    ///
    /// Unmatched begins and ends are drawn as slices cut at the trace's last or first event and
    /// flagged (``Box/endMissing``, ``Box/beginMissing``); a flow missing its other events draws
    /// no arrow and is listed in ``unpairedFlows``.
    ///
    /// - Throws: ``FramePictureError/noEvents`` for an empty trace,
    ///   ``FramePictureError/emptyWindow(start:end:)`` for a window that ends at or before its
    ///   start, ``FramePictureError/eventNotFound(_:)`` when a span's end point is not recorded.
    public init(events: [TraceEvent], options: FramePictureOptions = .init()) throws(FramePictureError) {
        guard !events.isEmpty else { throw .noEvents }
        let (start, end) = try Self.resolve(options.window, in: events, frameInterval: options.frameIntervalNanoseconds)
        guard end > start else { throw .emptyWindow(start: start, end: end) }
        var layout = FramePictureLayout(options: options, windowStart: start, windowDuration: end - start)
        layout.place(FramePictureSlices(events))
        self.options = options
        windowStart = start
        windowDuration = end - start
        lanes = layout.lanes
        boxes = layout.boxes
        ticks = layout.ticks
        arrows = layout.arrows
        gridLines = layout.gridLines
        legend = layout.legend
        unpairedFlows = layout.unpairedFlows
        size = layout.size
        timelineFrame = layout.timelineFrame
    }

    private static func resolve(
        _ window: FramePictureWindow, in events: [TraceEvent], frameInterval: UInt64
    ) throws(FramePictureError) -> (UInt64, UInt64) {
        switch window {
        case .wholeTrace:
            let first = events.map(\.timestamp).min() ?? 0, last = events.map(\.timestamp).max() ?? 0
            return (first, last > first ? last : first &+ frameInterval)
        case let .between(start, end):
            return (start, end)
        case let .span(from, to, padding):
            guard let opening = events.firstIndex(where: { $0.phase != .end && from.matches($0) }) else {
                throw .eventNotFound(from)
            }
            let startTime = events[opening].timestamp
            guard let closing = Self.end(of: to, after: opening, startingAt: startTime, in: events) else {
                throw .eventNotFound(to)
            }
            let pad = Self.nanoseconds(padding)
            return (startTime >= pad ? startTime - pad : 0, closing &+ pad)
        }
    }

    /// The time of the first `name` begun (or instant) at or after `startTime` from `index` on:
    /// its end's time for an interval (its begin's when the end is missing).
    private static func end(of name: TraceEventName, after index: Int, startingAt startTime: UInt64,
                            in events: [TraceEvent]) -> UInt64? {
        guard let found = events[index...].firstIndex(where: {
            ($0.phase == .begin || $0.phase == .instant) && $0.timestamp >= startTime && name.matches($0)
        }) else { return nil }
        let event = events[found]
        guard event.phase == .begin else { return event.timestamp }
        let close = events[(found + 1)...].first {
            $0.phase == .end && $0.threadID == event.threadID && name.matches($0)
        }
        return close?.timestamp ?? event.timestamp
    }

    /// `duration` in whole nanoseconds: 0 for a negative one, `UInt64.max` past 584 years.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || carry ? UInt64.max : total
    }
}
