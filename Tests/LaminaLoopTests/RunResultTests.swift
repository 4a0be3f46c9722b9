import LaminaLoop
import XCTest

/// runloop.md §2.2 (result codes) and the precedence at step O:
/// handledSource > timedOut > stopped > finished.
final class RunResultTests: XCTestCase {
    // MARK: - finished

    func test_aRunFinishesWithEntryAndExitWhenItsModeRunsOutOfWork() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(log.observer([.entry, .exit]), to: .default)
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["entry", "timer", "exit"])
    }

    func test_aPendingBlockKeepsAnOtherwiseEmptyModeRunnable() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.perform(in: .default) {
                log.record("block")
                EventLoop.current.wakeUp()
            }
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "block", "beforeWaiting", "afterWaiting", "exit"])
    }

    func test_observersNeverKeepAModeAlive() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(log.observer([.entry, .exit]), to: .default)
            let source = EventLoop.Source { source in
                log.record("source")
                source.invalidate()
            }
            loop.add(source, to: .default)
            source.signal()
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["entry", "source", "exit"])
    }

    // MARK: - handledSource

    func test_aPerformedSourceEndsARunThatReturnsAfterASourceWithHandledSource() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, returnAfterSourceHandled: true, keepAlive: false) { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            source.signal()
        }
        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "source", "exit"])
    }

    func test_firingATimerDoesNotCountAsAHandledSource() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, returnAfterSourceHandled: true) { loop in
            let fires = Counter()
            loop.add(EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { timer in
                log.record("timer")
                if fires.increment() == 2 {
                    timer.invalidate()
                    EventLoop.current.stop()
                }
            }, to: .default)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer",
                "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit",
            ])
    }

    func test_runningABlockDoesNotCountAsAHandledSource() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, returnAfterSourceHandled: true) { loop in
            loop.perform(in: .default) {
                log.record("block")
                EventLoop.current.stop()
            }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "block", "beforeWaiting", "afterWaiting", "exit"])
    }

    func test_aBareWakeUpDoesNotCountAsAHandledSource() {
        let log = EventLog()
        let wakes = Counter()
        let result = runDefaultModeLogging(into: log, returnAfterSourceHandled: true, onActivity: { _, activity in
            if activity == .beforeWaiting { EventLoop.current.wakeUp() }
            if activity == .afterWaiting && wakes.increment() == 2 { EventLoop.current.stop() }
        })
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting",
                "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit",
            ])
    }

    // MARK: - Precedence at the end of an iteration

    func test_handledSourceTakesPrecedenceOverStopped() {
        let result = onLoopThread { loop in
            let source = EventLoop.Source { _ in EventLoop.current.stop() }
            loop.add(source, to: .default)
            source.signal()
            return loop.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
        }
        XCTAssertEqual(result, .handledSource)
    }

    func test_handledSourceTakesPrecedenceOverTimedOut() {
        let result = onLoopThread { loop in
            let source = EventLoop.Source { _ in }
            loop.add(source, to: .default)
            source.signal()
            return loop.run(mode: .default, timeout: .zero, returnAfterSourceHandled: true)
        }
        XCTAssertEqual(result, .handledSource)
    }

    func test_handledSourceTakesPrecedenceOverFinished() {
        let result = onLoopThread { loop in
            let source = EventLoop.Source { source in source.invalidate() }
            loop.add(source, to: .default)
            source.signal()
            return loop.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
        }
        XCTAssertEqual(result, .handledSource)
    }

    func test_timedOutTakesPrecedenceOverStopped() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .zero, onActivity: { _, activity in
            if activity == .beforeTimers { EventLoop.current.stop() }
        })
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "exit"])
    }

    func test_timedOutTakesPrecedenceOverFinished() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .zero, keepAlive: false) { loop in
            loop.add(EventLoop.Timer(after: .milliseconds(-1)) { _ in log.record("timer") }, to: .default)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "timer", "exit"])
    }

    func test_stoppedTakesPrecedenceOverFinished() {
        let result = onLoopThread { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in EventLoop.current.stop() }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
    }

    func test_aStopOutrankedByATimeoutIsNotCarriedIntoTheNextRun() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let first = Counter()
            loop.add(log.observer { _, activity in
                if activity == .beforeTimers && first.increment() == 1 { EventLoop.current.stop() }
            }, to: .default)
            let outrankedRun = loop.run(mode: .default, timeout: .zero)
            let nextRun = loop.run(mode: .default, timeout: .milliseconds(5))
            return [outrankedRun, nextRun]
        }
        XCTAssertEqual(results, [.timedOut, .timedOut])
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "exit",
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit",
            ])
    }
}
