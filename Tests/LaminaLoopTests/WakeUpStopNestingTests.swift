import LaminaLoop
import XCTest

/// runloop.md §7: wake-ups and their ignore window, stop() from each point of an iteration,
/// and nested runs.
final class WakeUpStopNestingTests: XCTestCase {
    private let fullIteration = ["beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting"]

    // MARK: - Wake-up

    func test_aWakeUpFromAnotherThreadEndsTheSleep() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let result = runDefaultModeLogging(into: log, onActivity: { loop, activity in
            if activity == .beforeWaiting { helper.set(HelperThread { loop.wakeUp() }) }
            if activity == .afterWaiting { EventLoop.current.stop() }
        })
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"])
    }

    func test_aWakeUpSentFromBeforeWaitingStaysPendingAndEndsTheNextWaitAtOnce() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer { _, activity in
                if activity == .beforeWaiting { EventLoop.current.wakeUp() }
                if activity == .afterWaiting { EventLoop.current.stop() }
            }, to: .default)
            let start = loop.now
            return (loop.run(mode: .default, timeout: generousTimeout), start.duration(to: loop.now))
        }
        XCTAssertEqual(outcome?.0, .stopped)
        XCTAssertLessThan(outcome?.1 ?? generousTimeout, .seconds(2))
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"])
    }

    func test_aWakeUpFromAfterWaitingIsIgnored() {
        let log = EventLog()
        let first = Counter()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in
                log.record("first timer")
                // Added from the handler, so it cannot fire in this wake's pass.
                EventLoop.current.add(EventLoop.Timer(after: .milliseconds(20)) { _ in
                    log.record("second timer")
                    EventLoop.current.stop()
                }, to: .default)
            }, to: .default)
        } onActivity: { _, activity in
            if activity == .afterWaiting && first.increment() == 1 { EventLoop.current.wakeUp() }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry"] + fullIteration + ["first timer"] + fullIteration + ["second timer", "exit"])
    }

    func test_aWakeUpFromATimerHandlerIsIgnored() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in
                log.record("first timer")
                EventLoop.current.wakeUp()
                EventLoop.current.add(EventLoop.Timer(after: .milliseconds(20)) { _ in
                    log.record("second timer")
                    EventLoop.current.stop()
                }, to: .default)
            }, to: .default)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry"] + fullIteration + ["first timer"] + fullIteration + ["second timer", "exit"])
    }

    func test_aWakeUpWhileTheLoopIsNotRunningIsDropped() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.wakeUp()
            loop.add(EventLoop.Timer(after: .milliseconds(20)) { _ in
                log.record("timer")
                EventLoop.current.stop()
            }, to: .default)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["timer", "exit"])
    }

    // MARK: - stop() from each point

    func test_stopOnALoopThatIsNotRunningDoesNothingAndIsNotRemembered() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .milliseconds(10)) { loop in
            loop.stop()
            loop.stop()
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"])
    }

    func test_stopFromAnEntryObserverEndsTheRunBeforeItsFirstIteration() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, onActivity: { _, activity in
            if activity == .entry { EventLoop.current.stop() }
        })
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry", "exit"])
    }

    func test_stopFromBeforeTimersFinishesTheIterationWithAnImmediateWake() {
        assertStopFinishesTheIteration(stoppingAt: .beforeTimers)
    }

    func test_stopFromBeforeSourcesFinishesTheIterationWithAnImmediateWake() {
        assertStopFinishesTheIteration(stoppingAt: .beforeSources)
    }

    func test_stopFromBeforeWaitingFinishesTheIterationWithAnImmediateWake() {
        assertStopFinishesTheIteration(stoppingAt: .beforeWaiting)
    }

    private func assertStopFinishesTheIteration(stoppingAt stopPoint: EventLoop.Activity, line: UInt = #line) {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer { _, activity in
                if activity == stopPoint { EventLoop.current.stop() }
            }, to: .default)
            let start = loop.now
            return (loop.run(mode: .default, timeout: generousTimeout), start.duration(to: loop.now))
        }
        XCTAssertEqual(outcome?.0, .stopped, line: line)
        XCTAssertLessThan(outcome?.1 ?? generousTimeout, .seconds(2), "the stop's wake-up ends the sleep", line: line)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"], line: line)
    }

    func test_stopFromABlockBeforeSourcesFinishesTheIterationWithAnImmediateWake() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.perform {
                log.record("block")
                EventLoop.current.stop()
            }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "block", "beforeWaiting", "afterWaiting", "exit"])
    }

    func test_stopFromASourceExitsWithoutWaiting() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            let source = stoppingSource(recordingInto: log)
            loop.add(source, to: .default)
            source.signal()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "source", "exit"])
    }

    func test_stopFromATimerExitsAtTheEndOfThatIteration() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.add(EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { _ in
                log.record("timer")
                EventLoop.current.stop()
                EventLoop.current.perform { log.record("block after the timer") }
            }, to: .default)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["timer", "block after the timer", "exit"])
    }

    func test_stopFromAfterWaitingStillHandlesTheWakeBeforeExiting() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log) { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
        } onActivity: { _, activity in
            if activity == .afterWaiting { EventLoop.current.stop() }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["timer", "exit"])
    }

    func test_stopNeverCutsAnObserverPassShort() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer([.beforeWaiting, .afterWaiting, .exit], order: 0, prefix: "A ") { _, activity in
                if activity == .beforeWaiting { EventLoop.current.stop() }
            }, to: .default)
            loop.add(log.observer([.beforeWaiting, .afterWaiting, .exit], order: 1, prefix: "B "), to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["A beforeWaiting", "B beforeWaiting", "A afterWaiting", "B afterWaiting", "A exit", "B exit"])
    }

    func test_stopFromAnotherThreadEndsASleepingRun() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let result = runDefaultModeLogging(into: log, onActivity: { loop, activity in
            if activity == .beforeWaiting { helper.set(HelperThread { loop.stop() }) }
        })
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry"] + fullIteration + ["exit"])
    }

    // MARK: - Nesting

    func test_stopInsideANestedRunEndsOnlyTheNestedRun() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let stopper = stoppingSource(recordingInto: log, as: "source stops")
            loop.add(stopper, to: .default)
            let nestings = Counter()
            loop.add(log.observer([.entry], order: 0, prefix: "A ") { _, _ in
                guard nestings.increment() == 1 else { return }
                stopper.signal()
                let nested = EventLoop.current.run(mode: .default, timeout: generousTimeout)
                log.record("nested run: \(nested)")
            }, to: .default)
            let timers = Counter()
            loop.add(log.observer([.entry, .beforeWaiting, .afterWaiting, .exit], order: 1, prefix: "B ") { _, activity in
                // Once the nested run is over, end the outer run with a timer.
                guard activity == .beforeWaiting, timers.increment() == 1 else { return }
                EventLoop.current.add(EventLoop.Timer(after: .zero) { _ in
                    log.record("timer stops")
                    EventLoop.current.stop()
                }, to: .default)
            }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "A entry", "B entry", "source stops", "B exit", "nested run: stopped",
                "B entry", "B beforeWaiting", "B afterWaiting", "timer stops", "B exit",
            ])
    }

    func test_aNestedRunHasItsOwnEntryAndExitAndTheOuterPassGoesOnWhereItWas() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(idleSource(), to: "inner")
            loop.add(log.observer([.entry, .beforeTimers, .exit], prefix: "inner ") { _, activity in
                if activity == .entry { log.record("current mode: \(EventLoop.current.currentMode?.name ?? "nil")") }
            }, to: "inner")
            let nestings = Counter()
            loop.add(log.observer([.beforeWaiting], order: 0, prefix: "A ") { _, _ in
                guard nestings.increment() == 1 else { return }
                let nested = EventLoop.current.run(mode: "inner", timeout: .zero)
                log.record("nested run: \(nested), current mode: \(EventLoop.current.currentMode?.name ?? "nil")")
            }, to: .default)
            loop.add(log.observer([.beforeWaiting, .afterWaiting], order: 1, prefix: "B ") { _, activity in
                if activity == .beforeWaiting { EventLoop.current.stop() }
            }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "A beforeWaiting", "inner entry", "current mode: inner", "inner beforeTimers", "inner exit",
                "nested run: timedOut, current mode: default", "B beforeWaiting", "B afterWaiting",
            ])
    }

    func test_aNestedRunOfTheSameModeFromABlockReportsItsOwnActivities() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer([.entry, .exit]), to: .default)
            loop.perform {
                log.record("block begins")
                log.record("nested run: \(EventLoop.current.run(mode: .default, timeout: .zero))")
                EventLoop.current.stop()
            }
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["entry", "block begins", "entry", "exit", "nested run: timedOut", "exit"])
    }
}
