import LaminaGraphics
import LaminaLayers
import LaminaTrace

/// Choices for a ``FramePicture``: which stretch of the trace, which categories, the frame
/// interval of the grid, and the picture's proportions (in points).
public struct FramePictureOptions: Sendable, Hashable {
    /// The stretch of the trace drawn; the whole trace by default.
    public var window: FramePictureWindow
    /// The frame interval: the grid has a line every interval. One sixtieth of a second by
    /// default (60 Hz); `.nanoseconds(8_333_333)` for 120 Hz.
    public var frameInterval: Duration
    /// Where the grid's first line falls (a `CLOCK_MONOTONIC` time in nanoseconds, the trace's
    /// clock); the grid repeats every ``frameInterval`` before and after it. Nil puts it at the
    /// window's start.
    public var gridOrigin: UInt64?
    /// The categories drawn; intervals of other categories still count for nesting, so a
    /// shown slice keeps its row.
    public var categories: Set<TraceCategory>
    /// A line of text above the timeline, such as "tour chapter 2: one commit"; none when empty.
    public var title: String
    /// The width, in points, the window's duration is spread over.
    public var timelineWidth: Double
    /// The width of the column of thread names left of the timeline.
    public var laneLabelWidth: Double
    /// The height of one row of slices; nested slices take one row each.
    public var rowHeight: Double

    /// Options for a picture; the defaults draw the whole trace, every category, a 60 Hz grid,
    /// a timeline 960 points wide and rows 16 points high.
    public init(
        window: FramePictureWindow = .wholeTrace,
        frameInterval: Duration = FrameClock.sixtyHertz,
        gridOrigin: UInt64? = nil,
        categories: Set<TraceCategory> = Set(TraceCategory.allCases),
        title: String = "",
        timelineWidth: Double = 960,
        laneLabelWidth: Double = 110,
        rowHeight: Double = 16
    ) {
        self.window = window
        self.frameInterval = frameInterval
        self.gridOrigin = gridOrigin
        self.categories = categories
        self.title = title
        self.timelineWidth = timelineWidth
        self.laneLabelWidth = laneLabelWidth
        self.rowHeight = rowHeight
    }

    /// The frame interval in nanoseconds, at least 1 (a zero or negative interval would draw
    /// infinitely many grid lines).
    var frameIntervalNanoseconds: UInt64 {
        max(FramePicture.nanoseconds(frameInterval), 1)
    }
}
