import LaminaFrames
import LaminaGraphics
import LaminaLayers
import LaminaTrace
import Testing

/// The frame picture's model: lanes, nesting, ticks, arrows, the grid and the legend, placed from
/// a hand-built trace with round numbers (100 points per millisecond).
@Suite struct FramePictureModelTests {
    let options = FramePictureOptions(frameInterval: .milliseconds(5), timelineWidth: 1400, laneLabelWidth: 100)

    @Test func lanesGoMainDisplayRenderWithARowPerNestingLevel() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        #expect(picture.windowStart == PictureTrace.base)
        #expect(picture.windowDuration == 14_000_000)
        #expect(picture.lanes.map(\.label) == ["main", "display 1", "render server"])
        #expect(picture.lanes.map(\.rowCount) == [3, 1, 1])
        #expect(picture.lanes.map(\.frame) == [
            Rect(x: 8, y: 24, width: 1500, height: 54),
            Rect(x: 8, y: 78, width: 1500, height: 22),
            Rect(x: 8, y: 100, width: 1500, height: 22),
        ])
        #expect(picture.timelineFrame == Rect(x: 108, y: 24, width: 1400, height: 98))
        #expect(picture.size == Size(width: 1516, height: 150))
    }

    @Test func theRenderServerLaneComesAfterDisplayQueuesWhateverTheOrderOfAppearance() throws {
        let events = [PictureTrace.event(0, PictureTrace.render, .instant, .render, "submit"),
                      PictureTrace.event(1, (7, "worker"), .instant, .block, "block"),
                      PictureTrace.event(2, PictureTrace.display, .instant, .display, "image made"),
                      PictureTrace.event(3, PictureTrace.main, .instant, .loop, "beforeWaiting")]
        let picture = try FramePicture(events: events, options: options)
        #expect(picture.lanes.map(\.label) == ["main", "display 1", "render server", "worker"])
    }

    @Test func slicesBecomeBoxesStackedByDepth() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        #expect(picture.boxes.map(\.name) == ["commit", "2 display", "async render", "present"])
        #expect(picture.boxes.map(\.lane) == [0, 0, 1, 2])
        #expect(picture.boxes.map(\.depth) == [0, 1, 0, 0])
        #expect(picture.boxes.map(\.start) == [0, 1_000_000, 6_000_000, 12_000_000])
        #expect(picture.boxes.map(\.end) == [5_000_000, 3_000_000, 10_000_000, 14_000_000])
        #expect(picture.boxes.map(\.frame) == [
            Rect(x: 108, y: 28, width: 500, height: 14),
            Rect(x: 208, y: 44, width: 200, height: 14),
            Rect(x: 708, y: 82, width: 400, height: 14),
            Rect(x: 1308, y: 104, width: 200, height: 14),
        ])
        #expect(picture.boxes[1].detail == "2 display — 2.000 ms — layers=1")
        #expect(picture.boxes.allSatisfy { !$0.beginMissing && !$0.endMissing })
    }

    @Test func instantsBecomeTicksInTheRowBelowTheirSlice() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        #expect(picture.ticks.map(\.name) == ["async display scheduled", "delta sent"])
        #expect(picture.ticks.map(\.depth) == [2, 1])
        #expect(picture.ticks.map(\.top) == [Point(x: 308, y: 61), Point(x: 508, y: 45)])
        #expect(picture.ticks.map(\.bottom) == [Point(x: 308, y: 73), Point(x: 508, y: 57)])
    }

    @Test func aFlowDrawsOneArrowPerThreadChange() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        let flow = TraceFlowID(rawValue: 7)
        #expect(picture.arrows.map(\.flow) == [flow, flow])
        #expect(picture.arrows.map(\.fromLane) == [0, 1])
        #expect(picture.arrows.map(\.toLane) == [1, 2])
        #expect(picture.arrows.map(\.fromTime) == [2_000_000, 6_000_000])
        #expect(picture.arrows.map(\.toTime) == [6_000_000, 13_000_000])
        #expect(picture.arrows.map(\.from) == [Point(x: 308, y: 67), Point(x: 708, y: 89)])
        #expect(picture.arrows.map(\.to) == [Point(x: 708, y: 89), Point(x: 1408, y: 111)])
        #expect(picture.unpairedFlows.isEmpty)
    }

    @Test func theGridHasALineEveryFrameIntervalFromItsOrigin() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        #expect(picture.gridLines.map(\.time) == [0, 5_000_000, 10_000_000])
        #expect(picture.gridLines.map(\.x) == [108, 608, 1108])
        #expect(picture.gridLines.map(\.label) == ["0.0 ms", "5.0 ms", "10.0 ms"])

        var shifted = options
        shifted.gridOrigin = PictureTrace.base + 2_000_000
        let grid = try FramePicture(events: PictureTrace.frame, options: shifted).gridLines
        #expect(grid.map(\.time) == [2_000_000, 7_000_000, 12_000_000], "lines before the origin too")

        var seven = options
        seven.frameInterval = .milliseconds(7)
        let edge = try FramePicture(events: PictureTrace.frame, options: seven).gridLines
        #expect(edge.map(\.x) == [108, 808, 1508])
        #expect(edge.map(\.label) == ["0.0 ms", "7.0 ms", ""], "no label cut off at the right edge")

        var sixty = options
        sixty.frameInterval = FrameClock.sixtyHertz
        sixty.window = .between(start: PictureTrace.base, end: PictureTrace.base + 40_000_000)
        #expect(try FramePicture(events: PictureTrace.frame, options: sixty).gridLines.map(\.label)
                == ["0.0 ms", "16.7 ms", "33.3 ms"])
    }

    @Test func theLegendListsTheCategoriesShown() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        #expect(picture.legend.map(\.category) == [.transaction, .display, .render])
        #expect(picture.legend.map(\.swatch) == [
            Rect(x: 108, y: 131, width: 10, height: 10),
            Rect(x: 200, y: 131, width: 10, height: 10),
            Rect(x: 268, y: 131, width: 10, height: 10),
        ])
    }

    @Test func aSpanWindowRunsFromOneEventToTheEndOfAnother() throws {
        var span = options
        span.window = .span(from: TraceEventName(.display, "async render"), to: TraceEventName(.render, "present"),
                            padding: .milliseconds(1))
        let picture = try FramePicture(events: PictureTrace.frame, options: span)
        #expect(picture.windowStart == PictureTrace.base + 5_000_000)
        #expect(picture.windowDuration == 10_000_000)
        // The commit overlaps the window's first millisecond: cut at the left edge, times kept.
        let commit = try #require(picture.boxes.first { $0.name == "commit" })
        #expect(commit.start == -5_000_000)
        #expect(commit.frame.minX == 108)
        #expect(commit.frame.width == 1, "a slice ending at the window's start is one point wide")
        #expect(picture.arrows.count == 1, "the arrow from the main thread starts before the window")
    }

    @Test func hiddenCategoriesKeepTheirRowsButAreNotDrawn() throws {
        var onlyDisplay = options
        onlyDisplay.categories = [.display]
        let picture = try FramePicture(events: PictureTrace.frame, options: onlyDisplay)
        #expect(picture.boxes.map(\.name) == ["async render"])
        #expect(picture.ticks.map(\.name) == ["async display scheduled"])
        #expect(picture.ticks[0].depth == 2)
        #expect(picture.lanes.map(\.label) == ["main", "display 1", "render server"])
        #expect(picture.legend.map(\.category) == [.display])
    }
}
