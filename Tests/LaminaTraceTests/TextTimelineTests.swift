import Testing
@testable import LaminaTrace

/// The text timeline, from hand-made events: no global state, fully deterministic.
struct TextTimelineTests {
    static let frame: [TraceEvent] = [
        event(0, .begin, .loop, "run", arguments: ["mode": "default"]),
        event(12, .begin, .observer, "beforeWaiting", arguments: ["order": "2000000"]),
        event(15, .begin, .transaction, "commit"),
        event(16, .instant, .transaction, "layout"),
        event(20, .instant, .display, "enqueue", flow: TraceFlowID(rawValue: 7)),
        event(320, .end, .transaction, "commit"),
        event(330, .end, .observer, "beforeWaiting"),
        event(400, .begin, .display, "draw", thread: 201, threadName: "display", flow: TraceFlowID(rawValue: 7),
              arguments: ["text": "hello world"]),
        event(1_600, .end, .display, "draw", thread: 201, threadName: "display"),
        event(2_104, .end, .loop, "run"),
    ]

    @Test func aFrameReadsAsOneLinePerIntervalIndentedByNesting() {
        let expected = """
                 time  thread   category     duration  event
            +0.000 ms  main     loop         2.104 ms  run  mode=default
            +0.012 ms  main     observer     0.318 ms    beforeWaiting  order=2000000
            +0.015 ms  main     transaction  0.305 ms      commit
            +0.016 ms  main     transaction                  · layout
            +0.020 ms  main     display                      · enqueue  (flow #7)
            +0.400 ms  display  display      1.200 ms  draw  (flow #7)  text="hello world"

            """
        #expect(TextTimeline.render(Self.frame) == expected)
    }

    @Test func endLinesAndAbsoluteTimesAreOptional() {
        let options = TextTimelineOptions(timeStyle: .absolute, showsDurations: false, showsEndEvents: true)
        let lines = TextTimeline.render(Self.frame, options: options).split(separator: "\n")
        #expect(lines.count == Self.frame.count + 1)
        #expect(lines[0] == "       time  thread   category     event")
        #expect(lines[6] == "5000.320 ms  main     transaction      end commit")
        #expect(lines[10] == "5002.104 ms  main     loop         end run")
        #expect(lines[1] == "5000.000 ms  main     loop         run  mode=default")
    }

    @Test func nestingIsCountedPerThread() {
        let events = [
            event(0, .begin, .render, "outer", thread: 1, threadName: "a"),
            event(1, .begin, .render, "other", thread: 2, threadName: "b"),
            event(2, .instant, .render, "inner", thread: 1, threadName: "a"),
            event(3, .instant, .render, "sibling", thread: 2, threadName: "b"),
            event(4, .end, .render, "outer", thread: 1, threadName: "a"),
            event(5, .instant, .render, "after", thread: 1, threadName: "a"),
        ]
        let lines = TextTimeline.render(events, options: .init(showsDurations: false)).split(separator: "\n")
        #expect(lines[1].hasSuffix("  outer"))
        #expect(lines[2].hasSuffix("  other"))
        #expect(lines[3].hasSuffix("    · inner"))
        #expect(lines[4].hasSuffix("    · sibling"))
        #expect(lines[5].hasSuffix("render    · after"))
    }

    @Test func unmatchedEndsShowAndOpenIntervalsSaySo() {
        let events = [
            event(0, .end, .loop, "started-before-trace"),
            event(1, .begin, .loop, "never-ends"),
            event(2, .begin, .loop, "abandoned"),
            event(3, .end, .loop, "never-ends-not"),
        ]
        let text = TextTimeline.render(events)
        #expect(text.contains("end started-before-trace (begin not recorded)"))
        #expect(text.contains("open  never-ends"))
        #expect(text.contains("open    abandoned"))
        #expect(text.contains("end never-ends-not (begin not recorded)"))
    }

    @Test func anEndClosesTheInnermostBeginOfTheSameNameAndItsAbandonedChildren() {
        let events = [
            event(0, .begin, .loop, "outer"),
            event(10, .begin, .loop, "child"),
            event(30, .end, .loop, "outer"),
            event(40, .instant, .loop, "back at top level"),
        ]
        let text = TextTimeline.render(events)
        let lines = text.split(separator: "\n")
        #expect(lines[1].contains("0.030 ms  outer"))
        #expect(lines[2].contains("open    child"))
        #expect(eventColumn(text) == ["event", "outer", "  child", "· back at top level"])
    }

    @Test func categoriesCanBeFilteredWithoutLosingIndentation() {
        let options = TextTimelineOptions(categories: [.transaction])
        let lines = TextTimeline.render(Self.frame, options: options).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix("      commit"))
        #expect(lines[2].hasSuffix("        · layout"))
    }

    @Test func threadsSharingANameAreToldApartByTid() {
        let events = [
            event(0, .instant, .display, "a", thread: 11, threadName: "display"),
            event(1, .instant, .display, "b", thread: 12, threadName: "display"),
            event(2, .instant, .display, "c", thread: 13, threadName: ""),
        ]
        let lines = TextTimeline.render(events).split(separator: "\n")
        #expect(lines[1].contains("display (11)"))
        #expect(lines[2].contains("display (12)"))
        #expect(lines[3].contains("tid 13"))
    }

    @Test func flowStepsSayWhereTheChainIsAndArgumentsAreQuotedWhenNeeded() {
        let flow = TraceFlowID(rawValue: 42)
        let events = [
            event(0, .flowStart, .display, "enqueue", flow: flow),
            event(1, .flowStep, .display, "draw", flow: flow),
            event(2, .flowEnd, .display, "commit", flow: flow),
            event(3, .instant, .image, "decode", arguments: ["b": "", "a": "x=y", "c": "say \"hi\""]),
        ]
        let text = TextTimeline.render(events)
        #expect(text.contains("→ enqueue (flow #42 starts)"))
        #expect(text.contains("→ draw (flow #42 continues)"))
        #expect(text.contains("→ commit (flow #42 ends)"))
        #expect(text.contains(#"· decode  a="x=y" b="" c="say \"hi\"""#))
    }

    @Test func eventsBeforeTheFirstShowANegativeTimeAndNothingShowsAMessage() {
        let events = [event(100, .instant, .loop, "first"), event(40, .instant, .loop, "earlier")]
        #expect(TextTimeline.render(events).contains("-0.060 ms"))
        #expect(TextTimeline.render([]) == "(no trace events)\n")
    }

    @Test func aFullRecorderSaysHowManyEventsItDropped() {
        let recorder = TraceRecorder(capacity: 1)
        recorder.record(event(0, .instant, .loop, "kept"))
        recorder.record(event(1, .instant, .loop, "dropped"))
        recorder.record(event(2, .instant, .loop, "dropped too"))
        let text = recorder.textTimeline()
        #expect(text.contains("· kept"))
        #expect(!text.contains("· dropped"))
        #expect(text.hasSuffix("(2 later events dropped: the recorder was full at 1 events)\n"))
    }

    @Test func millisecondsRoundToTheMicrosecond() {
        #expect(TraceFormatting.milliseconds(1_234_567) == "1.235")
        #expect(TraceFormatting.milliseconds(1_234_499) == "1.234")
        #expect(TraceFormatting.milliseconds(999_999_999) == "1000.000")
        #expect(TraceFormatting.microseconds(1_234_567) == "1234.567")
        #expect(TraceFormatting.microseconds(5) == "0.005")
    }

    /// The event column of each line (the text under the header's "event").
    private func eventColumn(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n")
        guard let column = lines.first?.firstRange(of: "event")?.lowerBound else { return [] }
        let offset = lines[0].distance(from: lines[0].startIndex, to: column)
        return lines.map { $0.dropFirst(offset) }
    }
}
