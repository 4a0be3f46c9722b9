import Dispatch
import Foundation
import LaminaLoop
import XCTest

/// `EventLoop.main` on the main thread (XCTest runs test methods there on Linux): its common
/// modes never count as empty, and it drains `DispatchQueue.main` as CFRunLoop does (runloop.md
/// §2 steps H/K/M, §2.2, §8). The main loop is shared process-wide, so every test removes what it
/// added, and `setUp` first drains whatever earlier code left for the loop.
final class MainLoopTests: XCTestCase {
    private let fullIteration = ["beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting"]

    override func setUp() {
        super.setUp()
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        settleMainLoop()
    }

    /// Adds an observer of every activity to the main loop's common modes; invalidate it after.
    private func observeMainLoop(_ log: EventLog, then action: (@Sendable (EventLoop.Observer, EventLoop.Activity) -> Void)? = nil) -> EventLoop.Observer {
        let observer = log.observer(then: action)
        EventLoop.main.add(observer, to: .common)
        return observer
    }

    /// Runs the main loop's default mode with ``observeMainLoop(_:then:)``'s observer in place,
    /// removing it afterwards; returns the run's result.
    private func runObservedMainLoop(
        _ log: EventLog,
        timeout: Duration = generousTimeout,
        returnAfterSourceHandled: Bool = false,
        then action: (@Sendable (EventLoop.Observer, EventLoop.Activity) -> Void)? = nil
    ) -> EventLoop.RunResult {
        let observer = observeMainLoop(log, then: action)
        defer { observer.invalidate() }
        return EventLoop.main.run(mode: .default, timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
    }

    func test_theMainThreadsCurrentLoopIsTheMainLoopWithDefaultAndTrackingCommon() {
        XCTAssertTrue(EventLoop.current === EventLoop.main)
        XCTAssertEqual(EventLoop.main.commonModes, [.default, .tracking])
        XCTAssertNil(EventLoop.main.currentMode)
    }

    func test_theMainLoopsCommonModesAreNeverEmptySoARunTimesOut() {
        let log = EventLog()
        let observer = observeMainLoop(log)
        defer { observer.invalidate() }
        XCTAssertEqual(EventLoop.main.run(mode: .default, timeout: .milliseconds(5)), .timedOut)
        XCTAssertEqual(EventLoop.main.run(mode: .tracking, timeout: .milliseconds(5)), .timedOut)
        let oneRun = ["entry"] + fullIteration + ["exit"]
        XCTAssertEqual(log.events, oneRun + oneRun)
    }

    func test_aModeThatIsNotCommonOnTheMainLoopIsEmptyWithNothingInIt() {
        let log = EventLog()
        let observer = log.observer()
        EventLoop.main.add(observer, to: "main-loop-tests-private")
        defer { observer.invalidate() }
        XCTAssertEqual(EventLoop.main.run(mode: "main-loop-tests-private", timeout: generousTimeout), .finished)
        XCTAssertEqual(log.events, [])
    }

    func test_mainQueueWorkQueuedBeforeARunIsDrainedAfterTheFirstWaitAndCountsAsAHandledSource() {
        let log = EventLog()
        DispatchQueue.main.async { log.record("main queue") }
        let result = runObservedMainLoop(log, returnAfterSourceHandled: true)
        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["main queue", "exit"])
    }

    func test_mainQueueWorkIsDrainedInTheTrackingModeToo() {
        let log = EventLog()
        DispatchQueue.main.async { log.record("main queue") }
        let result = EventLoop.main.run(mode: .tracking, timeout: generousTimeout, returnAfterSourceHandled: true)
        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(log.events, ["main queue"])
    }

    func test_mainQueueWorkQueuedDuringADrainRunsInALaterIteration() {
        let log = EventLog()
        DispatchQueue.main.async {
            log.record("first")
            DispatchQueue.main.async {
                log.record("second, queued by the first")
                EventLoop.main.stop()
            }
        }
        let result = runObservedMainLoop(log)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry"] + fullIteration + ["first"] + fullIteration + ["second, queued by the first", "exit"])
    }

    func test_mainQueueWorkFoundBeforeSleepingSkipsBeforeWaitingAndAfterWaiting() {
        let log = EventLog()
        let timer = EventLoop.Timer(after: .zero) { _ in
            log.record("timer")
            DispatchQueue.main.async {
                log.record("main queue")
                EventLoop.main.stop()
            }
        }
        EventLoop.main.add(timer, to: .default)
        defer { timer.invalidate() }
        let result = runObservedMainLoop(log)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry"] + fullIteration + ["timer", "beforeTimers", "beforeSources", "main queue", "exit"])
    }

    func test_aNestedRunInsideAMainQueueBlockNeitherDrainsNorCountsTheMainQueue() {
        let log = EventLog()
        DispatchQueue.main.async {
            log.record("block begins")
            DispatchQueue.main.async {
                log.record("queued inside the block")
                EventLoop.main.stop()
            }
            let nested = EventLoop.main.run(mode: .default, timeout: generousTimeout)
            log.record("nested run: \(nested)")
        }
        let result = runObservedMainLoop(log)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry"] + fullIteration + ["block begins", "nested run: finished"] + fullIteration
                + ["queued inside the block", "exit"])
    }

    func test_theMainQueueIsNotDrainedWhileAModeThatIsNotCommonRuns() {
        let log = EventLog()
        let keepAlive = idleSource()
        EventLoop.main.add(keepAlive, to: "main-loop-tests-private")
        defer { keepAlive.invalidate() }
        DispatchQueue.main.async { log.record("main queue") }
        let inPrivateMode = EventLoop.main.run(mode: "main-loop-tests-private", timeout: .milliseconds(10))
        log.record("private mode ran")
        let inDefault = EventLoop.main.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
        XCTAssertEqual([inPrivateMode, inDefault], [.timedOut, .handledSource])
        XCTAssertEqual(log.events, ["private mode ran", "main queue"])
    }

    func test_stopFromAMainQueueBlockExitsAtTheEndOfThatIteration() {
        let log = EventLog()
        DispatchQueue.main.async {
            log.record("main queue")
            EventLoop.main.stop()
        }
        let result = runObservedMainLoop(log)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["main queue", "exit"])
    }

    func test_aMainActorTaskRunsWhileTheMainLoopRuns() {
        let log = EventLog()
        Task { @MainActor in log.record("main actor task") }
        let result = EventLoop.main.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(log.events, ["main actor task"])
    }

    func test_aBlockPerformedOnTheMainLoopFromAnotherThreadRunsAfterItsWakeUp() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let first = Counter()
        let result = runObservedMainLoop(log) { _, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            helper.set(HelperThread {
                EventLoop.main.perform {
                    log.record("block")
                    EventLoop.main.stop()
                }
                EventLoop.main.wakeUp()
            })
        }
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["block", "exit"])
    }

    func test_aTimerOnTheMainLoopFiresAfterTheWait() {
        let log = EventLog()
        let timer = EventLoop.Timer(after: .milliseconds(1)) { _ in
            log.record("timer")
            EventLoop.main.stop()
        }
        EventLoop.main.add(timer, to: .common)
        defer { timer.invalidate() }
        XCTAssertEqual(runObservedMainLoop(log), .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["timer", "exit"])
    }

    func test_stopOnTheMainLoopWhenItIsNotRunningIsNotRemembered() {
        let log = EventLog()
        EventLoop.main.stop()
        XCTAssertEqual(runObservedMainLoop(log, timeout: .milliseconds(5)), .timedOut)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"])
    }
}
