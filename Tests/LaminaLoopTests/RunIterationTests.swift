import LaminaLoop
import XCTest

/// runloop.md §2 and §2.1: what `run(mode:timeout:returnAfterSourceHandled:)` does before it
/// starts, and the order of one iteration (A–O).
final class RunIterationTests: XCTestCase {
    // MARK: - Before the run starts (CFRunLoopRunSpecific)

    func test_runningTheCommonPseudoModeReturnsFinishedWithoutCallingObservers() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            loop.add(idleSource(), to: .common)
            loop.add(log.observer(), to: .common)
            let result = loop.run(mode: .common, timeout: generousTimeout)
            return (result, loop.currentMode)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertNil(outcome?.1)
        XCTAssertEqual(log.events, [])
    }

    func test_runningAModeThatDoesNotExistReturnsFinishedAtOnce() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer(), to: .default)
            return loop.run(mode: "never-created", timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, [])
    }

    func test_aModeWithOnlyObserversIsEmptyAndFinishesWithoutEntryOrExit() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false)
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, [])
    }

    func test_aSecondaryThreadsLoopStartsWithAnEmptyDefaultMode() {
        let outcome = onLoopThread { loop in
            (loop.run(mode: .default, timeout: generousTimeout), loop === EventLoop.main, loop.commonModes)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(outcome?.2, [.default])
    }

    func test_eachThreadHasItsOwnCurrentLoop() {
        let outcome = onLoopThread { loop in
            let other = onLoopThread { $0 }
            return (loop === EventLoop.current, other.map { $0 === loop } ?? true)
        }
        XCTAssertEqual(outcome?.0, true)
        XCTAssertEqual(outcome?.1, false)
    }

    func test_currentModeIsTheModeBeingRunAndNilWhenTheLoopIsNotRunning() {
        let seen = Box<[String]>([])
        let outcome = onLoopThread { loop in
            let before = loop.currentMode
            loop.add(idleSource(), to: "custom")
            loop.add(EventLoop.Observer(activities: [.entry, .beforeWaiting, .exit]) { _, _ in
                let mode = EventLoop.current.currentMode
                seen.update { $0.append(mode?.name ?? "nil") }
            }, to: "custom")
            _ = loop.run(mode: "custom", timeout: .milliseconds(1))
            return (before, loop.currentMode)
        }
        XCTAssertNil(outcome?.0 ?? nil)
        XCTAssertNil(outcome?.1 ?? nil)
        XCTAssertEqual(seen.value, ["custom", "custom", "custom"])
    }

    // MARK: - One iteration (§2.1)

    func test_aDueTimerFiresAfterTheWaitNotAfterBeforeTimers() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"])
    }

    func test_aTimerDueInTheFutureFiresAfterTheWaitItEnds() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(EventLoop.Timer(after: .milliseconds(10)) { _ in log.record("timer") }, to: .default)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"])
    }

    func test_anIterationThatPerformedASourcePollsWithoutBeforeWaitingOrAfterWaiting() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            source.signal()
        } onActivity: { _, activity in
            // The second iteration has nothing to perform, so it sleeps; stopping from
            // beforeWaiting wakes it at once.
            if activity == .beforeWaiting { EventLoop.current.stop() }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "source",
                "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit",
            ])
    }

    func test_aPollingIterationStillHandlesATimerThatIsReady() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            loop.add(EventLoop.Timer(after: .milliseconds(-1)) { _ in
                log.record("timer")
                EventLoop.current.stop()
            }, to: .default)
            source.signal()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "source", "timer", "exit"])
    }

    func test_aZeroTimeoutRunsExactlyOneIterationThatPollsAndTimesOut() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .zero)
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "exit"])
    }

    func test_aRunWithNothingToDoSleepsUntilItsTimeoutAndTimesOut() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer(), to: .default)
            let start = EventLoop.Instant.monotonicNow
            let result = loop.run(mode: .default, timeout: .milliseconds(20))
            return (result, start.duration(to: .monotonicNow))
        }
        XCTAssertEqual(outcome?.0, .timedOut)
        XCTAssertGreaterThanOrEqual(outcome?.1 ?? .zero, .milliseconds(20))
        XCTAssertEqual(
            log.events, ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit"])
    }

    func test_onlyOneWakeReasonIsHandledPerIteration() {
        // A pending wake-up and a due timer are both ready at the first wait. Which one epoll
        // reports first is not defined (runloop.md §11.8), but each takes an iteration of its
        // own: the second is handled after another beforeWaiting/afterWaiting.
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let wokeUp = Counter(), woken = Counter()
            loop.add(log.observer { _, activity in
                if activity == .beforeWaiting && wokeUp.increment() == 1 { EventLoop.current.wakeUp() }
                if activity == .afterWaiting && woken.increment() == 2 { EventLoop.current.stop() }
            }, to: .default)
            loop.add(EventLoop.Timer(after: .milliseconds(-1)) { _ in log.record("timer") }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        let prefix = ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting"]
        let timerFirst = prefix + ["timer", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit"]
        let wakeUpFirst = prefix + ["beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"]
        XCTAssertTrue(log.events == timerFirst || log.events == wakeUpFirst, "\(log.events)")
    }

    func test_runWithoutArgumentsRunsTheDefaultModeUntilStopped() {
        let log = EventLog()
        let fires = Counter()
        let finished = onLoopThread { loop in
            loop.add(EventLoop.Observer(activities: [.entry, .exit]) { _, activity in
                log.record(activityName(activity))
            }, to: .default)
            loop.add(EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { _ in
                if fires.increment() == 3 { EventLoop.current.stop() }
            }, to: .default)
            loop.run()
            return true
        }
        XCTAssertEqual(finished, true)
        XCTAssertEqual(fires.count, 3)
        XCTAssertEqual(log.events, ["entry", "exit"])
    }

    func test_runWithoutArgumentsReturnsWhenTheDefaultModeRunsOutOfWork() {
        let log = EventLog()
        let finished = onLoopThread { loop in
            loop.add(log.observer([.entry, .exit]), to: .default)
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
            loop.run()
            return true
        }
        XCTAssertEqual(finished, true)
        XCTAssertEqual(log.events, ["entry", "timer", "exit"])
    }

    func test_runWithoutArgumentsReturnsAtOnceOnAnEmptyDefaultMode() {
        let log = EventLog()
        let finished = onLoopThread { loop in
            loop.add(log.observer(), to: .default)
            loop.run()
            return true
        }
        XCTAssertEqual(finished, true)
        XCTAssertEqual(log.events, [])
    }

    func test_onlyTheItemsOfTheModeBeingRunTakePart() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let elsewhere = EventLoop.Source { _ in log.record("other source") }
            loop.add(elsewhere, to: "other")
            loop.add(log.observer(prefix: "other "), to: "other")
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("other timer") }, to: "other")
            loop.perform(in: "other") { log.record("other block") }
            elsewhere.signal()
            return loop.run(mode: .default, timeout: .milliseconds(5))
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, [])
    }
}
