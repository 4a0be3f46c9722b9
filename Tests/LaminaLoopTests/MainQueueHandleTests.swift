import Dispatch
@testable import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// When libdispatch hands out no main-queue handle (−1: `dispatch_main()` owns the main queue),
/// EventLoop.main does not drain it, and the trace says so.
final class MainQueueHandleTests: XCTestCase {
    func test_withoutAHandleTheMainLoopDoesNotDrainTheMainQueueAndTheTraceSaysSo() {
        let loop = EventLoop.main
        _ = loop.runUntilIdle()
        let realHandle = loop.mainQueueHandle
        loop.mainQueueHandle = -1
        let log = CallLog()
        DispatchQueue.main.async { log.record("main queue") }
        let (result, trace) = recordingTrace {
            loop.run(mode: .default, timeout: .milliseconds(20))
        }
        loop.mainQueueHandle = realHandle
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, [], "nothing drains the main queue without its handle")
        XCTAssertEqual(trace.count(.mainQueueDrainingOff), 1, trace.timeline)
        XCTAssertEqual(trace.count(.mainQueue), 0, trace.timeline)

        XCTAssertTrue(loop.runUntilIdle())
        XCTAssertEqual(log.events, ["main queue"], "with the handle back, the work left is drained")
    }
}
