import LaminaFrames
import LaminaGraphics
import LaminaTrace
import Testing

/// The frame picture given traces that are empty, cut short, or inconsistent: an error where
/// there is nothing to draw, a flagged drawing where there is something.
@Suite struct FramePictureBadInputTests {
    let options = FramePictureOptions(frameInterval: .milliseconds(5), timelineWidth: 1400, laneLabelWidth: 100)
    let main = PictureTrace.main

    @Test func anEmptyTraceIsAnError() {
        #expect(throws: FramePictureError.noEvents) { try FramePicture(events: []) }
    }

    @Test func aZeroLengthOrBackwardWindowIsAnError() {
        let start = PictureTrace.base + 3_000_000
        for end in [start, start - 1] {
            var empty = options
            empty.window = .between(start: start, end: end)
            #expect(throws: FramePictureError.emptyWindow(start: start, end: end)) {
                try FramePicture(events: PictureTrace.frame, options: empty)
            }
        }
    }

    @Test func aTraceOfOneMomentIsDrawnOverOneFrameInterval() throws {
        let picture = try FramePicture(events: [PictureTrace.event(1, main, .instant, .loop, "wakeUp")], options: options)
        #expect(picture.windowDuration == 5_000_000)
        #expect(picture.ticks.map(\.time) == [0])
    }

    @Test func aSpanWhoseEventsAreNotRecordedIsAnError() {
        var span = options
        let missing = TraceEventName(.render, "presnet")
        span.window = .span(from: TraceEventName(.transaction, "commit"), to: missing, padding: .zero)
        #expect(throws: FramePictureError.eventNotFound(missing)) {
            try FramePicture(events: PictureTrace.frame, options: span)
        }
    }

    @Test func aBeginWithoutItsEndRunsToTheLastEventFlagged() throws {
        let events = [PictureTrace.event(0, main, .begin, .transaction, "commit"),
                      PictureTrace.event(1, main, .begin, .transaction, "1 layout"),
                      PictureTrace.event(4, main, .instant, .loop, "exit")]
        let picture = try FramePicture(events: events, options: options)
        #expect(picture.boxes.map(\.name) == ["commit", "1 layout"])
        #expect(picture.boxes.map(\.end) == [4_000_000, 4_000_000])
        #expect(picture.boxes.map(\.endMissing) == [true, true])
        #expect(picture.boxes[1].detail == "1 layout — 3.000 ms — end not recorded")
    }

    @Test func anEndWithoutItsBeginRunsFromTheFirstEventFlagged() throws {
        let events = [PictureTrace.event(0, main, .instant, .loop, "afterWaiting"),
                      PictureTrace.event(2, main, .end, .render, "present")]
        let picture = try FramePicture(events: events, options: options)
        #expect(picture.boxes.count == 1)
        #expect(picture.boxes[0].start == 0)
        #expect(picture.boxes[0].end == 2_000_000)
        #expect(picture.boxes[0].beginMissing)
        #expect(!picture.boxes[0].endMissing)
    }

    @Test func anEndClosesTheBeginsLeftOpenInsideIt() throws {
        let events = [PictureTrace.event(0, main, .begin, .transaction, "commit"),
                      PictureTrace.event(1, main, .begin, .transaction, "2 display"),
                      PictureTrace.event(3, main, .end, .transaction, "commit")]
        let picture = try FramePicture(events: events, options: options)
        #expect(picture.boxes.map(\.name) == ["commit", "2 display"])
        #expect(picture.boxes.map(\.end) == [3_000_000, 3_000_000])
        #expect(picture.boxes.map(\.endMissing) == [false, true])
    }

    @Test func aFlowWithoutItsOtherEventsDrawsNoArrowAndIsListed() throws {
        let events = [PictureTrace.event(0, main, .begin, .display, "display", flow: 3),
                      PictureTrace.event(1, main, .end, .display, "display"),
                      PictureTrace.event(2, PictureTrace.display, .flowStart, .display, "scheduled", flow: 4),
                      PictureTrace.event(3, main, .flowStep, .display, "contents committed", flow: 4)]
        let picture = try FramePicture(events: events, options: options)
        #expect(picture.unpairedFlows == [TraceFlowID(rawValue: 3)])
        #expect(picture.arrows.map(\.flow) == [TraceFlowID(rawValue: 4)], "a flow missing its end still draws what it has")
        #expect(picture.arrows.map(\.fromLane) == [1])
    }

    @Test func aWindowWithNothingInItStillDrawsTheGrid() throws {
        var later = options
        later.window = .between(start: PictureTrace.base + 100_000_000, end: PictureTrace.base + 110_000_000)
        let picture = try FramePicture(events: PictureTrace.frame, options: later)
        #expect(picture.lanes.isEmpty)
        #expect(picture.boxes.isEmpty)
        #expect(picture.gridLines.map(\.time) == [0, 5_000_000, 10_000_000])
        #expect(picture.svg().hasSuffix("</svg>\n"))
    }

    @Test func aDenseGridIsLeftOut() throws {
        var dense = options
        dense.frameInterval = .nanoseconds(1)
        #expect(try FramePicture(events: PictureTrace.frame, options: dense).gridLines.isEmpty)
        dense.frameInterval = .zero
        #expect(try FramePicture(events: PictureTrace.frame, options: dense).gridLines.isEmpty)
    }
}
