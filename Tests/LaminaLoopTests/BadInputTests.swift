import LaminaLoop
import XCTest

/// Bad input within the loop's scope: odd timeouts, odd timer dates and intervals, invalid
/// items, self-invalidation, stop() and wakeUp() on idle loops. Each is a documented result or
/// no-op, never a crash or a hang.
final class BadInputTests: XCTestCase {
    func test_aNegativeTimeoutPollsOnceLikeAZeroTimeout() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .seconds(-30))
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "exit"])
    }

    func test_theMostNegativeTimeoutPollsOnce() {
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            return loop.run(mode: .default, timeout: .seconds(Int64.min))
        }
        XCTAssertEqual(result, .timedOut)
    }

    func test_aHugeTimeoutWaitsUntilSomethingEndsTheRun() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer(), to: .default)
            var results: [EventLoop.RunResult] = []
            for timeout: Duration in [.seconds(Int64.max), .seconds(1e10), .seconds(504_911_233)] {
                loop.add(EventLoop.Timer(after: .milliseconds(2)) { _ in EventLoop.current.stop() }, to: .default)
                results.append(loop.run(mode: .default, timeout: timeout))
            }
            return results
        }
        XCTAssertEqual(results, [.stopped, .stopped, .stopped])
        let oneRun = ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit"]
        XCTAssertEqual(log.events, oneRun + oneRun + oneRun)
    }

    func test_aHugeTimeoutOnAnEmptyModeFinishesAtOnce() {
        let result = onLoopThread { loop in loop.run(mode: .default, timeout: .seconds(Int64.max)) }
        XCTAssertEqual(result, .finished)
    }

    func test_aTimerWithAHugeDelayIsDatedInTheDistantFutureAndNeverFires() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let timer = EventLoop.Timer(after: .seconds(Int64.max)) { _ in log.record("timer") }
            loop.add(timer, to: .default)
            let result = loop.run(mode: .default, timeout: .milliseconds(5))
            return (result, timer.nextFireDate, timer.isValid)
        }
        XCTAssertEqual(outcome?.0, .timedOut)
        XCTAssertEqual(outcome?.1, .distantFuture)
        XCTAssertEqual(outcome?.2, true)
        XCTAssertEqual(log.events, [])
    }

    func test_aRepeatingTimerWithAHugeIntervalFiresOnceThenWaitsForTheDistantFuture() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let timer = EventLoop.Timer(after: .zero, interval: .seconds(Int64.max)) { _ in log.record("timer") }
            loop.add(timer, to: .default)
            let result = loop.run(mode: .default, timeout: .milliseconds(20))
            return (result, timer.nextFireDate, timer.isValid)
        }
        XCTAssertEqual(outcome?.0, .timedOut)
        XCTAssertEqual(outcome?.1, .distantFuture)
        XCTAssertEqual(outcome?.2, true)
        XCTAssertEqual(log.events, ["timer"])
    }

    func test_invalidItemsAreNotAdded() {
        let log = EventLog()
        let outcome = onLoopThread { loop -> (EventLoop.RunResult, [Bool]) in
            let observer = log.observer()
            let timer = EventLoop.Timer(after: .zero) { _ in log.record("timer") }
            let source = EventLoop.Source(onSchedule: { _, _ in log.record("schedule") }) { _ in log.record("source") }
            observer.invalidate()
            timer.invalidate()
            source.invalidate()
            source.signal()
            for mode: EventLoop.Mode in [.default, .common] {
                loop.add(observer, to: mode)
                loop.add(timer, to: mode)
                loop.add(source, to: mode)
            }
            let contained = [
                loop.contains(observer, in: .default), loop.contains(timer, in: .default),
                loop.contains(source, in: .default), loop.contains(observer, in: .common),
                loop.contains(timer, in: .common), loop.contains(source, in: .common),
            ]
            return (loop.run(mode: .default, timeout: generousTimeout), contained)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, [false, false, false, false, false, false])
        XCTAssertEqual(log.events, [])
    }

    func test_removingItemsThatAreNotThereDoesNothing() {
        let outcome = onLoopThread { loop -> [Bool] in
            let observer = EventLoop.Observer(activities: .entry) { _, _ in }
            let timer = EventLoop.Timer(after: .zero) { _ in }
            let source = EventLoop.Source { _ in }
            for mode: EventLoop.Mode in [.default, .common, "never-created"] {
                loop.remove(observer, from: mode)
                loop.remove(timer, from: mode)
                loop.remove(source, from: mode)
            }
            loop.add(timer, to: .default)
            loop.remove(timer, from: "never-created")
            return [observer.isValid, timer.isValid, source.isValid, loop.contains(timer, in: .default)]
        }
        XCTAssertEqual(outcome, [true, true, true, true])
    }

    func test_invalidatingTwiceIsHarmless() {
        let observer = EventLoop.Observer(activities: .entry) { _, _ in }
        let timer = EventLoop.Timer(after: .zero) { _ in }
        let source = EventLoop.Source { _ in }
        for _ in 0..<2 {
            observer.invalidate()
            timer.invalidate()
            source.invalidate()
        }
        XCTAssertFalse(observer.isValid)
        XCTAssertFalse(timer.isValid)
        XCTAssertFalse(source.isValid)
    }

    func test_aSourceThatInvalidatesItselfWhilePerformingIsNeverPerformedAgain() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let source = EventLoop.Source { source in
                source.invalidate()
                source.signal()
                log.record("perform, valid: \(source.isValid)")
            }
            loop.add(source, to: .default)
            source.signal()
            let first = loop.run(mode: .default, timeout: generousTimeout)
            source.signal()
            return (first, loop.run(mode: .default, timeout: generousTimeout))
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, .finished)
        XCTAssertEqual(log.events, ["perform, valid: false"])
    }

    func test_aTimerThatInvalidatesItselfWhileFiringIsNotRescheduled() {
        let outcome = onLoopThread { loop in
            let fires = Counter()
            let timer = EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { timer in
                fires.increment()
                timer.invalidate()
                timer.nextFireDate = EventLoop.current.now
            }
            loop.add(timer, to: .default)
            return (loop.run(mode: .default, timeout: generousTimeout), fires.count, timer.isValid)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, 1)
        XCTAssertEqual(outcome?.2, false)
    }

    func test_stopAndWakeUpOnALoopThatIsNotRunningAreHarmless() {
        let outcome = onLoopThread { loop in
            loop.stop()
            loop.wakeUp()
            return (loop.currentMode, loop.isWaiting, loop.run(mode: .default, timeout: .zero))
        }
        XCTAssertNil(outcome?.0 ?? nil)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(outcome?.2, .finished)
    }

    func test_anEmptyModeNameIsJustAnotherMode() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.perform(in: "") { log.record("block") }
            return loop.run(mode: "", timeout: .zero)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["block"])
    }
}
