import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// Assertions on the trace of what just ran.
final class RecordedTraceTests: XCTestCase {
    func test_theTraceOfARunShowsItsObserversTimersAndBlocksInOrder() {
        let (result, trace) = recordingTrace { () -> EventLoop.RunResult? in
            onTestLoopThread { loop -> EventLoop.RunResult in
                let commit = EventLoop.Observer(activities: .beforeWaiting, order: EventLoop.Order.transactionCommit, name: "commit") { _, _ in }
                loop.add(commit, to: .default)
                loop.add(EventLoop.Timer(after: .milliseconds(1), name: "tick") { _ in loop.perform { } }, to: .default)
                defer { commit.invalidate() }
                return loop.run(mode: .default, timeout: .seconds(5))
            }
        }
        XCTAssertEqual(result, .finished, trace.timeline)
        XCTAssertEqual(trace.count(TraceEventName(.timer, "tick")), 1, trace.timeline)
        XCTAssertEqual(trace.count(.block), 1, trace.timeline)
        XCTAssertTrue(trace.occurs(inOrder: [
            .beforeWaiting, TraceEventName(.observer, "commit (2000000)"), .sleep, .wokenByTimer,
            .afterWaiting, TraceEventName(.timer, "tick"), .block,
        ]), trace.timeline)
        XCTAssertFalse(trace.occurs(inOrder: [TraceEventName(.timer, "tick"), .beforeWaiting, TraceEventName(.observer, "commit (2000000)")]))
        XCTAssertEqual(trace.threadNames(of: TraceEventName(.timer, "tick")).count, 1)
        XCTAssertFalse(trace.threadNames(of: TraceEventName(.timer, "tick")).contains("main"))
    }

    func test_anEmptyTraceHasNoOccurrences() {
        let trace = RecordedTrace(events: [])
        XCTAssertEqual(trace.names(in: .loop), [])
        XCTAssertTrue(trace.occurs(inOrder: []))
        XCTAssertFalse(trace.occurs(inOrder: [.entry]))
    }
}
