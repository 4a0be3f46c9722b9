import Foundation
import Testing
@testable import LaminaTrace

/// The Chrome Trace Event export, from hand-made events, read back with JSONSerialization.
struct ChromeTraceTests {
    /// The exported `traceEvents`, parsed.
    private func parse(_ events: [TraceEvent], processID: Int32 = 4242) throws -> [[String: Any]] {
        let bytes = ChromeTrace.jsonBytes(events, processID: processID)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(root["displayTimeUnit"] as? String == "ms")
        return try #require(root["traceEvents"] as? [[String: Any]])
    }

    private func nonMetadata(_ objects: [[String: Any]]) -> [[String: Any]] {
        objects.filter { $0["ph"] as? String != "M" }
    }

    @Test func slicesHavePhaseMicrosecondTimestampsPidAndTid() throws {
        let objects = try parse([
            event(1, .begin, .loop, "run", thread: 77, arguments: ["mode": "default"]),
            event(2, .instant, .timer, "fire", thread: 77),
            event(3, .end, .loop, "run", thread: 77),
        ])
        let slices = nonMetadata(objects)
        #expect(slices.map { $0["ph"] as? String } == ["B", "i", "E"])
        #expect(slices.map { $0["ts"] as? Double } == [5_000_001, 5_000_002, 5_000_003])
        #expect(slices.allSatisfy { $0["pid"] as? Int == 4242 && $0["tid"] as? Int == 77 })
        #expect(slices.map { $0["cat"] as? String } == ["loop", "timer", "loop"])
        #expect(slices[0]["args"] as? [String: String] == ["mode": "default"])
        #expect(slices[1]["s"] as? String == "t")
    }

    @Test func timestampsKeepNanosecondPrecisionAsFractionalMicroseconds() throws {
        var precise = event(0, .instant, .loop, "precise")
        precise.timestamp = 1_234_567_891
        let objects = nonMetadata(try parse([precise]))
        #expect(objects.first?["ts"] as? Double == 1_234_567.891)
    }

    @Test func everyThreadAndTheProcessAreNamedByMetadata() throws {
        let objects = try parse([
            event(0, .instant, .loop, "a", thread: 10, threadName: "main"),
            event(1, .instant, .render, "b", thread: 11, threadName: "render"),
            event(2, .instant, .render, "c", thread: 11, threadName: "render"),
        ])
        let metadata = objects.filter { $0["ph"] as? String == "M" }
        let threadNames = metadata.filter { $0["name"] as? String == "thread_name" }
        #expect(threadNames.count == 2)
        #expect(threadNames.map { $0["tid"] as? Int } == [10, 11])
        #expect(threadNames.map { ($0["args"] as? [String: String])?["name"] } == ["main", "render"])
        #expect(metadata.contains { $0["name"] as? String == "process_name" && $0["pid"] as? Int == 4242 })
    }

    @Test func trickyNamesAreEscapedAndSurviveTheRoundTrip() throws {
        let tricky = "quote\" back\\slash /slash\nnewline\ttab\r\u{0}nul\u{7}bell\u{1F}\u{7F} é 漢字 😀 \u{2028}\u{2029}"
        let objects = nonMetadata(try parse([
            event(0, .instant, .image, tricky, threadName: "thread \"x\"", arguments: [tricky: tricky]),
        ]))
        #expect(objects.first?["name"] as? String == tricky)
        #expect(objects.first?["args"] as? [String: String] == [tricky: tricky])
        let json = ChromeTrace.json([event(0, .instant, .image, tricky)])
        #expect(json.contains(#"quote\" back\\slash /slash\nnewline\ttab\r\u0000nul\u0007bell\u001f"#))
        #expect(json.contains("é 漢字 😀 \\u2028\\u2029"), "non-ASCII passes through as UTF-8")
    }

    @Test func flowEventsShareIdCategoryAndNameAndBindToTheirEnclosingSlice() throws {
        let flow = TraceFlowID(rawValue: 9)
        let objects = nonMetadata(try parse([
            event(10, .instant, .display, "enqueue", thread: 1, flow: flow),
            event(20, .begin, .display, "draw", thread: 2, threadName: "display", flow: flow),
            event(30, .end, .display, "draw", thread: 2, threadName: "display"),
            event(40, .begin, .transaction, "commit", thread: 1, flow: flow),
            event(50, .end, .transaction, "commit", thread: 1),
        ]))
        let flows = objects.filter { ["s", "t", "f"].contains($0["ph"] as? String) }
        #expect(flows.map { $0["ph"] as? String } == ["s", "t", "f"])
        #expect(flows.map { $0["tid"] as? Int } == [1, 2, 1])
        #expect(flows.map { $0["ts"] as? Double } == [5_000_010, 5_000_020, 5_000_040])
        #expect(flows.allSatisfy {
            $0["id"] as? Int == 9 && $0["bp"] as? String == "e"
                && $0["cat"] as? String == "display" && $0["name"] as? String == "enqueue"
        })
        // Each flow event directly follows the slice it belongs to, at the same time.
        let flowPositions = objects.indices.filter { ["s", "t", "f"].contains(objects[$0]["ph"] as? String) }
        #expect(flowPositions.count == 3)
        for position in flowPositions {
            let slice = objects[position - 1]
            #expect(slice["ts"] as? Double == objects[position]["ts"] as? Double)
            #expect(slice["tid"] as? Int == objects[position]["tid"] as? Int)
            #expect(["B", "i"].contains(slice["ph"] as? String))
        }
    }

    @Test func explicitFlowStepsKeepTheirPhaseAndGetAnInstantWhenNothingEnclosesThem() throws {
        let flow = TraceFlowID(rawValue: 3)
        let objects = nonMetadata(try parse([
            event(0, .flowStart, .block, "post", flow: flow),
            event(1, .begin, .block, "perform"),
            event(2, .flowEnd, .block, "run", flow: flow),
            event(3, .end, .block, "perform"),
        ]))
        #expect(objects.map { $0["ph"] as? String } == ["i", "s", "B", "f", "E"])
        #expect(objects[1]["name"] as? String == "post")
        #expect(objects[3]["name"] as? String == "post", "joined under the flow's first name")
    }

    @Test func unmatchedEndsAreLeftOutAndAbandonedBeginsAreClosedSoSlicesNest() throws {
        let objects = nonMetadata(try parse([
            event(0, .end, .loop, "began-before-trace"),
            event(1, .begin, .loop, "outer"),
            event(2, .begin, .loop, "never-ended"),
            event(5, .end, .loop, "outer"),
        ]))
        #expect(objects.map { $0["ph"] as? String } == ["B", "B", "E", "E"])
        #expect(objects.map { $0["name"] as? String } == ["outer", "never-ended", "never-ended", "outer"])
        #expect(objects[2]["ts"] as? Double == 5_000_005)
    }

    @Test func anEmptyTraceIsStillValidJSON() throws {
        let objects = try parse([])
        #expect(objects.count == 1)
        #expect(objects.first?["name"] as? String == "process_name")
    }

    @Test func theTraceIsWrittenToAFile() throws {
        let recorder = TraceRecorder()
        recorder.record(event(0, .instant, .loop, "written"))
        let path = "/tmp/lamina-trace-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
        defer { unlink(path) }
        try recorder.writeChromeTrace(toPath: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(data) == recorder.chromeTraceJSONBytes())
        #expect(recorder.chromeTraceJSON().contains(#""name":"written""#))
    }

    @Test func anUnwritablePathThrowsATypedError() {
        let recorder = TraceRecorder()
        #expect(throws: TraceExportError.self) {
            try recorder.writeChromeTrace(toPath: "/nonexistent-directory/trace.json")
        }
        do {
            try recorder.writeChromeTrace(toPath: "/nonexistent-directory/trace.json")
        } catch {
            #expect(error.operation == "open")
            #expect(error.errorNumber == ENOENT)
            #expect(error.description.hasPrefix("could not open /nonexistent-directory/trace.json: "))
        }
    }
}
