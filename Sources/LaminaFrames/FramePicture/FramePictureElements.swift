import LaminaGraphics
import LaminaTrace

extension FramePicture {
    /// One thread's horizontal band: a row per nesting level of its slices.
    public struct Lane: Sendable, Hashable {
        /// The kernel thread id of the events in this lane.
        public var threadID: Int32
        /// The label drawn at the lane's left: the thread's name, with its id when two threads
        /// of the trace share the name.
        public var label: String
        /// How many rows the lane has: one more than its deepest slice's nesting, at least one.
        public var rowCount: Int
        /// The lane's band across the whole picture, label column included, in points.
        public var frame: Rect
    }

    /// A slice: the interval between a begin and its end on one thread, drawn as a labelled box.
    public struct Box: Sendable, Hashable {
        /// The index of the lane (into ``FramePicture/lanes``).
        public var lane: Int
        /// The nesting level on the thread: 0 for a top-level slice, its children 1, and so on.
        public var depth: Int
        /// The event's category, which picks the colour.
        public var category: TraceCategory
        /// The event's name, drawn inside the box when it fits.
        public var name: String
        /// When the slice begins, in nanoseconds after the window's start (negative when it
        /// begins before the window, which then cuts it).
        public var start: Int64
        /// When the slice ends, in nanoseconds after the window's start.
        public var end: Int64
        /// Whether the trace holds no begin for this slice (it started before recording did):
        /// the box starts at the trace's first event.
        public var beginMissing: Bool
        /// Whether the trace holds no end for this slice (recording stopped inside it): the box
        /// runs to the trace's last event.
        public var endMissing: Bool
        /// The box in points, cut to the timeline.
        public var frame: Rect
        /// The tooltip text: name, duration and arguments.
        public var detail: String
    }

    /// A moment: an instant event, drawn as a short vertical tick.
    public struct Tick: Sendable, Hashable {
        /// The index of the lane.
        public var lane: Int
        /// The nesting level it happened at on its thread.
        public var depth: Int
        /// The event's category.
        public var category: TraceCategory
        /// The event's name (shown as a tooltip in SVG).
        public var name: String
        /// When, in nanoseconds after the window's start.
        public var time: Int64
        /// The tick's top end, in points.
        public var top: Point
        /// The tick's bottom end, in points.
        public var bottom: Point
    }

    /// A step of a flow from one thread to another, drawn as an arrow.
    public struct Arrow: Sendable, Hashable {
        /// The flow the step belongs to.
        public var flow: TraceFlowID
        /// The lane of the step's earlier event.
        public var fromLane: Int
        /// The lane of the step's later event.
        public var toLane: Int
        /// The earlier event's time, in nanoseconds after the window's start.
        public var fromTime: Int64
        /// The later event's time, in nanoseconds after the window's start.
        public var toTime: Int64
        /// Where the arrow starts, in points: the earlier event's time, in the middle of the row
        /// it happened at.
        public var from: Point
        /// Where the arrowhead points, in points.
        public var to: Point
    }

    /// A line of the frame-interval grid: a frame deadline.
    public struct GridLine: Sendable, Hashable {
        /// The line's time, in nanoseconds after the window's start.
        public var time: Int64
        /// Its x coordinate, in points.
        public var x: Double
        /// Its label: the time after the window's start in milliseconds, one decimal; empty for
        /// a line too close to the picture's right edge for its label to fit.
        public var label: String
    }

    /// A category's colour sample under the timeline, for the categories the picture shows.
    public struct LegendEntry: Sendable, Hashable {
        /// The category.
        public var category: TraceCategory
        /// The colour sample's square, in points; the label follows it.
        public var swatch: Rect
    }
}
