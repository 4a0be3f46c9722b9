import Foundation
import Synchronization
import Testing
@testable @_spi(LaminaInternals) import LaminaTrace

/// Tests that turn the process-wide trace on and off. They run one at a time, trace through
/// `Trace.withRecording` (which also keeps out other targets' sessions that use it), and look only
/// at events whose names carry their own unique prefix, since code elsewhere in the process may
/// be tracing at the same time.
@Suite(.serialized)
struct GlobalTraceTests {
    @Test func aDisabledTraceRecordsNothingAndEvaluatesNoArguments() {
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("off")
        Trace.start(into: recorder)
        Trace.stop()
        #expect(!Trace.isEnabled)

        var evaluations = 0
        func name() -> String { evaluations += 1; return prefix + "name" }
        func arguments() -> [String: String] { evaluations += 1; return ["k": "v"] }
        Trace.begin(.loop, name(), arguments: arguments())
        Trace.end(.loop, name(), arguments: arguments())
        Trace.instant(.timer, name(), flow: Trace.newFlowID(), arguments: arguments())
        Trace.flow(.flowStart, Trace.newFlowID(), .block, name())
        var bodyRuns = 0
        let result = Trace.interval(.display, name(), arguments: arguments()) { bodyRuns += 1; return 42 }

        #expect(evaluations == 0)
        #expect(result == 42)
        #expect(bodyRuns == 1)
        #expect(recorder.events(withPrefix: prefix).isEmpty)
        #expect(Trace.stop() == nil)
    }

    @Test func startAndStopHandOverTheRecorder() {
        let first = TraceRecorder(), second = TraceRecorder()
        let prefix = uniquePrefix("handover")
        Trace.start(into: first)
        #expect(Trace.isEnabled)
        Trace.instant(.loop, prefix + "one")
        Trace.start(into: second)
        Trace.instant(.loop, prefix + "two")
        #expect(Trace.stop() === second)
        #expect(!Trace.isEnabled)
        Trace.instant(.loop, prefix + "three")
        #expect(first.events(withPrefix: prefix).map(\.name) == [prefix + "one"])
        #expect(second.events(withPrefix: prefix).map(\.name) == [prefix + "two"])
    }

    @Test func eventsCarryTheCallingThreadsIDAndName() {
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("thread")
        let seen = Locked<[String: (tid: Int32, comm: String)]>([:])
        Trace.withRecording(into: recorder) {
            runOnNewThread {
                Trace.setThreadName("render-queue-1αβ")
                Trace.instant(.render, prefix + "named")
                seen.withLock { $0["named"] = (procThreadID(), procThreadName()) }
            }
            runOnNewThread {
                Trace.instant(.render, prefix + "unnamed")
                seen.withLock { $0["unnamed"] = (procThreadID(), procThreadName()) }
            }
            runOnNewThread {
                // Named behind the trace's back, as other libraries do, before its first event.
                setKernelThreadName("kernel-named")
                Trace.instant(.image, prefix + "kernel")
                seen.withLock { $0["kernel"] = (procThreadID(), procThreadName()) }
            }
            Trace.instant(.loop, prefix + "caller")
            seen.withLock { $0["caller"] = (procThreadID(), procThreadName()) }
        }
        let events = Dictionary(
            recorder.events(withPrefix: prefix).map { ($0.name.dropFirst(prefix.count), $0) },
            uniquingKeysWith: { first, _ in first }
        )
        let threads = seen.withLock { $0 }
        #expect(events.count == 4)
        for (label, thread) in threads {
            #expect(events[Substring(label)]?.threadID == thread.tid, "\(label)")
        }
        #expect(Set(threads.values.map(\.tid)).count == 4, "four different threads")
        #expect(events["named"]?.threadName == "render-queue-1αβ", "the trace keeps the full name")
        #expect(threads["named"]?.comm == "render-queue-1", "the kernel gets 15 bytes, whole characters")
        // An unnamed thread has its creator's kernel name; the program's own name means "none".
        let unnamedTID = threads["unnamed"]?.tid ?? -1
        #expect(threads["unnamed"]?.comm == threads["caller"]?.comm)
        #expect(events["unnamed"]?.threadName
            == KernelThread.traceName(id: unnamedTID, kernelName: Array((threads["caller"]?.comm ?? "").utf8)))
        #expect(events["kernel"]?.threadName == "kernel-named")
        #expect(events["caller"]?.threadName == TraceThread.current.name)
        #expect(TraceThread.current.id == procThreadID())
        #expect(!TraceThread.current.isMain, "Swift Testing runs tests off the main thread")
    }

    @Test func beginAndEndNestAndTheTimelineIndentsThem() {
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("nest")
        let value = Trace.withRecording(into: recorder) {
            Trace.begin(.loop, prefix + "run", arguments: ["mode": "default"])
            let value = Trace.interval(.observer, prefix + "beforeWaiting") {
                Trace.instant(.transaction, prefix + "commit")
                return "done"
            }
            Trace.end(.loop, prefix + "run")
            return value
        }
        #expect(value == "done")
        let events = recorder.events(withPrefix: prefix)
        #expect(events.map(\.phase) == [.begin, .begin, .instant, .end, .end])
        #expect(events.map(\.timestamp) == events.map(\.timestamp).sorted())
        #expect(events.first?.arguments == ["mode": "default"])
        let lines = TextTimeline.render(events).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix(" ms  \(prefix)run  mode=default"))
        #expect(lines[2].hasSuffix(" ms    \(prefix)beforeWaiting"))
        #expect(lines[3].hasSuffix("      · \(prefix)commit"))
    }

    @Test func anIntervalEndsEvenWhenItsBodyThrows() {
        struct Failure: Error {}
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("throws")
        Trace.withRecording(into: recorder) {
            #expect(throws: Failure.self) {
                try Trace.interval(.display, prefix + "draw") { throw Failure() }
            }
        }
        #expect(recorder.events(withPrefix: prefix).map(\.phase) == [.begin, .end])
    }

    @Test func flowsJoinEventsAcrossTwoThreads() throws {
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("flow")
        let flow = Trace.newFlowID()
        Trace.withRecording(into: recorder) {
            Trace.interval(.display, prefix + "schedule") {
                Trace.instant(.display, prefix + "enqueue", flow: flow)
            }
            runOnNewThread {
                Trace.setThreadName("display-queue")
                Trace.begin(.display, prefix + "draw", flow: flow)
                Trace.end(.display, prefix + "draw")
            }
            Trace.interval(.transaction, prefix + "setContents") {
                Trace.flow(.flowEnd, flow, .display, prefix + "contents")
            }
        }
        let events = recorder.events(withPrefix: prefix)
        let carriers = events.filter { $0.flow == flow }
        #expect(carriers.map(\.name) == [prefix + "enqueue", prefix + "draw", prefix + "contents"])
        #expect(carriers.map(\.phase) == [.instant, .begin, .flowEnd])
        #expect(carriers[0].threadID == carriers[2].threadID)
        #expect(carriers[0].threadID != carriers[1].threadID)
        #expect(carriers[1].threadName == "display-queue")

        let data = Data(ChromeTrace.jsonBytes(events))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let objects = try #require(root["traceEvents"] as? [[String: Any]])
        let flows = objects.filter { ["s", "t", "f"].contains($0["ph"] as? String) }
        #expect(flows.map { $0["ph"] as? String } == ["s", "t", "f"])
        #expect(flows.allSatisfy { ($0["id"] as? NSNumber)?.uint64Value == flow.rawValue })
        #expect(flows.map { $0["tid"] as? Int } == carriers.map { Int($0.threadID) })
        #expect(Set(flows.compactMap { $0["name"] as? String }) == [prefix + "enqueue"])
        let microseconds = carriers.map { Double($0.timestamp) / 1_000 }
        for (object, expected) in zip(flows, microseconds) {
            #expect(abs((object["ts"] as? Double ?? 0) - expected) < 0.01)
        }
    }

    @Test func aFullRecorderDropsTracedEventsAndCountsThem() {
        let recorder = TraceRecorder(capacity: 3)
        let prefix = uniquePrefix("full")
        Trace.withRecording(into: recorder) {
            for index in 0..<5 { Trace.instant(.timer, prefix + "\(index)") }
        }
        #expect(recorder.count == 3)
        #expect(recorder.droppedCount >= 2, "others' events can only add drops")
        #expect(recorder.count + recorder.droppedCount >= 5)
    }

    @Test func manyThreadsTracingAtOnceAreAllRecordedInTimeOrder() {
        let recorder = TraceRecorder()
        let prefix = uniquePrefix("many")
        Trace.withRecording(into: recorder) {
            runConcurrently(threads: 6) { thread in
                for index in 0..<500 {
                    Trace.instant(.dispatch, prefix + "\(thread)", arguments: ["i": "\(index)"])
                }
            }
        }
        let events = recorder.events(withPrefix: prefix)
        #expect(events.count == 3_000)
        #expect(events.map(\.timestamp) == events.map(\.timestamp).sorted())
        #expect(Set(events.map(\.threadID)).count == 6)
        for thread in 0..<6 {
            let mine = events.filter { $0.name == prefix + "\(thread)" }
            #expect(mine.map { $0.arguments["i"] } == (0..<500).map { "\($0)" })
        }
    }

    @Test func withRecordingPutsBackTheRecorderThatWasActive() {
        let outer = TraceRecorder(), inner = TraceRecorder()
        let prefix = uniquePrefix("session")
        Trace.start(into: outer)
        Trace.withRecording(into: inner) { Trace.instant(.loop, prefix + "inside") }
        #expect(Trace.isEnabled)
        Trace.instant(.loop, prefix + "after")
        #expect(Trace.stop() === outer)
        #expect(inner.events(withPrefix: prefix).map(\.name) == [prefix + "inside"])
        #expect(outer.events(withPrefix: prefix).map(\.name) == [prefix + "after"])
    }
}
