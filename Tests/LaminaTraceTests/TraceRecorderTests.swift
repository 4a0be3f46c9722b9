import Synchronization
import Glibc
import Testing
@testable @_spi(LaminaInternals) import LaminaTrace

/// The recorder on its own: capacity, drops, clearing, thread safety. No global trace state.
struct TraceRecorderTests {
    @Test func aFullRecorderDropsLaterEventsAndCountsThem() {
        let recorder = TraceRecorder(capacity: 3)
        let kept = (0..<5).map { recorder.record(event(UInt64($0), .instant, .loop, "e\($0)")) }
        #expect(kept == [true, true, true, false, false])
        #expect(recorder.events.map(\.name) == ["e0", "e1", "e2"])
        #expect(recorder.count == 3)
        #expect(recorder.droppedCount == 2)
    }

    @Test func removeAllForgetsEventsAndDropsSoRecordingStartsAfresh() {
        let recorder = TraceRecorder(capacity: 1)
        recorder.record(event(0, .instant, .loop, "old"))
        recorder.record(event(1, .instant, .loop, "dropped"))
        recorder.removeAll()
        #expect(recorder.events.isEmpty)
        #expect(recorder.droppedCount == 0)
        #expect(recorder.record(event(2, .instant, .loop, "new")))
        #expect(recorder.events.map(\.name) == ["new"])
    }

    @Test func aNegativeCapacityKeepsNothing() {
        let recorder = TraceRecorder(capacity: -5)
        #expect(recorder.capacity == 0)
        #expect(!recorder.record(event(0, .instant, .loop, "x")))
        #expect(recorder.droppedCount == 1)
    }

    @Test func eventsKeepTheirRecordingOrderAndEveryField() {
        let recorder = TraceRecorder()
        let original = event(7, .begin, .render, "composite", thread: 9, threadName: "render",
                             flow: TraceFlowID(rawValue: 5), arguments: ["damage": "1"])
        recorder.record(original)
        recorder.record(event(3, .end, .render, "composite", thread: 9, threadName: "render"))
        #expect(recorder.events.first == original)
        #expect(recorder.events.map(\.timestamp) == [5_000_007_000, 5_000_003_000], "order is not re-sorted")
    }

    @Test func recordingFromManyThreadsAtOnceLosesNothing() {
        let recorder = TraceRecorder(capacity: 10_000)
        let threads = 8, perThread = 1_000
        runConcurrently(threads: threads) { thread in
            for index in 0..<perThread {
                recorder.record(event(UInt64(index), .instant, .loop, "\(thread)", thread: Int32(thread)))
            }
        }
        #expect(recorder.count == threads * perThread)
        #expect(recorder.droppedCount == 0)
        for thread in 0..<threads {
            let mine = recorder.events.filter { $0.threadID == Int32(thread) }
            #expect(mine.map(\.timestamp) == (0..<perThread).map { 5_000_000_000 + UInt64($0) * 1_000 })
        }
    }

    @Test func flowIDsAreUniqueAcrossThreadsEvenWhileTracingIsOff() {
        let ids = Locked<[UInt64]>([])
        runConcurrently(threads: 4) { _ in
            let made = (0..<500).map { _ in Trace.newFlowID().rawValue }
            ids.withLock { $0 += made }
        }
        let all = ids.withLock { $0 }
        #expect(all.count == 2_000)
        #expect(Set(all).count == 2_000)
        #expect(!all.contains(0))
    }

    @Test func threadNamesAreCutOnACharacterBoundaryForTheKernel() {
        #expect(KernelThread.truncatedName("short") == Array("short".utf8))
        #expect(KernelThread.truncatedName("render-queue-1αβ") == Array("render-queue-1".utf8))
        #expect(KernelThread.truncatedName("exactly-15-byte") == Array("exactly-15-byte".utf8))
        #expect(KernelThread.truncatedName("nul\u{0}after") == Array("nul".utf8))
    }

    @Test func anUnnamedThreadIsCalledMainOnTheMainThreadAndByItsTidElsewhere() {
        let inherited = KernelThread.programThreadName
        #expect(KernelThread.traceName(id: getpid(), kernelName: inherited) == "main")
        #expect(KernelThread.traceName(id: getpid() + 1, kernelName: inherited) == "thread \(getpid() + 1)")
        #expect(KernelThread.traceName(id: 5, kernelName: []) == "thread 5")
        #expect(KernelThread.traceName(id: 5, kernelName: Array("render".utf8)) == "render")
    }
}
