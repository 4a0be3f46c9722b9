import LaminaLoop
import XCTest

/// runloop.md §6: timers — fire-date order, re-arming without a wake-up, one-shot timers,
/// skipped slots, a later date set from the handler, past dates, tolerance.
final class TimerTests: XCTestCase {
    typealias Instant = EventLoop.Instant

    // MARK: - Order

    func test_timersFireInFireDateOrderNotInTheOrderTheyWereAdded() {
        let log = EventLog()
        let result = onLoopThread { loop in
            for milliseconds in [30, 10, 20] {
                loop.add(EventLoop.Timer(after: .milliseconds(milliseconds)) { _ in log.record("\(milliseconds) ms") }, to: .default)
            }
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["10 ms", "20 ms", "30 ms"])
    }

    func test_timersDueAtTheSameDateFireInTheOrderTheyWereAdded() {
        let log = EventLog()
        let result = onLoopThread { loop in
            let date = loop.now.advanced(by: .milliseconds(5))
            let timers = ["A", "B", "C"].map { name in EventLoop.Timer(after: .zero) { _ in log.record(name) } }
            for timer in timers { timer.nextFireDate = date }
            for index in [1, 2, 0] { loop.add(timers[index], to: .default) }
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["B", "C", "A"])
    }

    // MARK: - Past dates

    func test_aTimerWithANegativeDelayFiresAtTheFirstWake() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(EventLoop.Timer(after: .seconds(-1)) { _ in log.record("timer") }, to: .default)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"])
    }

    func test_aFireDateInThePastBecomesNow() {
        // §6: "A fire date in the past becomes 'now'". CFRunLoopTimerCreate stores a past fire date
        // as the current time, so the timer is dated no earlier than when it was scheduled.
        let outcome = onLoopThread { loop in
            let before = loop.now
            let timer = EventLoop.Timer(after: .seconds(-1)) { _ in }
            loop.add(timer, to: .default)
            return (before, timer.nextFireDate, loop.now)
        }
        guard let (before, date, after) = outcome else { return }
        XCTAssertGreaterThanOrEqual(date, before, "a past fire date should be moved to now")
        XCTAssertLessThanOrEqual(date, after)
    }

    func test_timersAlreadyDueFireInTheOrderTheyWereAdded() {
        // Both dates are in the past, so both become "now" when scheduled (§6): the earlier-added
        // timer has the earlier (or an equal) date and fires first.
        let log = EventLog()
        _ = onLoopThread { loop in
            loop.add(EventLoop.Timer(after: .milliseconds(-10)) { _ in log.record("added first") }, to: .default)
            loop.add(EventLoop.Timer(after: .milliseconds(-20)) { _ in log.record("added second") }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(log.events, ["added first", "added second"])
    }

    func test_settingANextFireDateInThePastMakesTheTimerDueNow() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let timer = EventLoop.Timer(after: .seconds(3600)) { _ in log.record("timer") }
            loop.add(timer, to: .default)
            let before = loop.now
            timer.nextFireDate = before.advanced(by: .seconds(-5))
            let date = timer.nextFireDate
            return (date >= before, loop.run(mode: .default, timeout: generousTimeout))
        }
        XCTAssertEqual(outcome?.0, true)
        XCTAssertEqual(outcome?.1, .finished)
        XCTAssertEqual(log.events, ["timer"])
    }

    func test_aDueTimerFiresOnlyInAnIterationThatWokeForTimers() {
        // The first sleep ends for a wake-up; afterWaiting then makes the timer due. Timers fire
        // only when the wait ended for the timer port (§2 step M), so it fires one iteration later.
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let timer = EventLoop.Timer(after: .seconds(3600)) { _ in
                log.record("timer")
                EventLoop.current.stop()
            }
            loop.add(timer, to: .default)
            let waits = Counter(), wakes = Counter()
            loop.add(log.observer { _, activity in
                if activity == .beforeWaiting && waits.increment() == 1 { EventLoop.current.wakeUp() }
                if activity == .afterWaiting && wakes.increment() == 1 { timer.nextFireDate = EventLoop.current.now }
            }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting",
                "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit",
            ])
    }

    // MARK: - Arming without a wake-up

    func test_aTimerAddedFromAnotherThreadWhileTheLoopSleepsWakesItWithoutAWakeUp() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let first = Counter()
        let result = runDefaultModeLogging(into: log, onActivity: { loop, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            helper.set(HelperThread {
                loop.add(EventLoop.Timer(after: .zero) { _ in
                    log.record("timer")
                    EventLoop.current.stop()
                }, to: .default)
            })
        })
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"])
    }

    func test_movingAFireDateFromAnotherThreadWakesTheLoopAndRearmsIt() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let timer = EventLoop.Timer(after: .seconds(3600)) { _ in
            log.record("timer")
            EventLoop.current.stop()
        }
        let first = Counter()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(timer, to: .default)
        } onActivity: { loop, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            helper.set(HelperThread { timer.nextFireDate = loop.now.advanced(by: .milliseconds(1)) })
        }
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        // As CFRunLoopTimerSetNextFireDate from another thread: a wake-up first (one empty
        // iteration), then the re-armed timer ends the next sleep.
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting",
             "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "exit"])
    }

    func test_aTimerRemovedBeforeItsDateNoLongerEndsASleepThen() {
        // A deliberate difference from CF on Linux, which leaves the mode's timerfd armed for the
        // removed timer's date and wakes once for nothing; Lamina disarms, as Darwin's CF does.
        let log = EventLog()
        let result = onLoopThread { loop -> EventLoop.RunResult in
            loop.add(idleSource(), to: .default)
            loop.add(log.observer([.beforeWaiting, .afterWaiting]), to: .default)
            let removed = EventLoop.Timer(after: .milliseconds(10)) { _ in log.record("removed timer fired") }
            let invalidated = EventLoop.Timer(after: .milliseconds(20)) { _ in log.record("invalidated timer fired") }
            loop.add(removed, to: .default)
            loop.add(invalidated, to: .default)
            loop.remove(removed, from: .default)
            invalidated.invalidate()
            return loop.run(mode: .default, timeout: .milliseconds(60))
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["beforeWaiting", "afterWaiting"], "one sleep, ended by the run's timeout only")
    }

    // MARK: - One-shot and repeating

    func test_aZeroIntervalTimerFiresOnceAndIsInvalidatedAndRemovedFromEveryMode() {
        let log = EventLog()
        let outcome = onLoopThread { loop -> (EventLoop.RunResult, [Bool]) in
            let timer = EventLoop.Timer(after: .zero, interval: .zero) { _ in log.record("timer") }
            loop.add(timer, to: .default)
            loop.add(timer, to: "other")
            let result = loop.run(mode: .default, timeout: generousTimeout)
            return (result, [timer.repeats, timer.isValid, loop.contains(timer, in: .default), loop.contains(timer, in: "other")])
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, [false, false, false, false])
        XCTAssertEqual(log.events, ["timer"])
    }

    func test_aNegativeIntervalMeansOneShot() {
        let timer = EventLoop.Timer(after: .zero, interval: .seconds(-1)) { _ in }
        XCTAssertFalse(timer.repeats)
        XCTAssertEqual(timer.interval, .zero)
    }

    func test_anIntervalBelowOneNanosecondIsClampedToOneNanosecondAndRepeats() {
        let fires = Counter()
        let timer = EventLoop.Timer(after: .zero, interval: Duration(secondsComponent: 0, attosecondsComponent: 1)) { timer in
            if fires.increment() == 3 { timer.invalidate() }
        }
        XCTAssertTrue(timer.repeats)
        XCTAssertEqual(timer.interval, .nanoseconds(1))
        let result = onLoopThread { loop in
            loop.add(timer, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(fires.count, 3)
    }

    func test_aRepeatingTimerFiresUntilItIsInvalidated() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let fires = Counter()
            let timer = EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { timer in
                log.record("fire \(fires.increment())")
                if fires.count == 3 { timer.invalidate() }
            }
            loop.add(timer, to: .default)
            return (loop.run(mode: .default, timeout: generousTimeout), timer.isValid, timer.repeats)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(outcome?.2, true)
        XCTAssertEqual(log.events, ["fire 1", "fire 2", "fire 3"])
    }

    func test_aRepeatingTimerThatFellBehindSkipsTheSlotsItMissed() {
        struct Observed: Sendable {
            var scheduled: Instant
            var handlerEnd: Instant
            var next: Instant
            var afterRescheduling: Instant
        }
        let observed = Box<Observed?>(nil)
        let interval = Duration.milliseconds(5)
        let result = onLoopThread { loop in
            let timer = EventLoop.Timer(after: .milliseconds(1), interval: interval) { timer in
                let scheduled = timer.nextFireDate
                blockThread(for: .milliseconds(12))  // past two intervals
                let handlerEnd = loop.now
                // Blocks run after the timer was re-dated (drain point N).
                EventLoop.current.perform {
                    observed.set(Observed(scheduled: scheduled, handlerEnd: handlerEnd, next: timer.nextFireDate, afterRescheduling: loop.now))
                    timer.invalidate()
                    EventLoop.current.stop()
                }
            }
            loop.add(timer, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        guard let seen = observed.value else { return XCTFail("the timer never fired") }
        let offset = seen.next.nanoseconds - seen.scheduled.nanoseconds
        XCTAssertEqual(offset % 5_000_000, 0, "stays on its grid (no drift): \(offset) ns")
        XCTAssertGreaterThanOrEqual(offset, 15_000_000, "the missed slots are skipped, not caught up")
        XCTAssertGreaterThan(seen.next, seen.handlerEnd, "the next fire is in the future")
        XCTAssertLessThanOrEqual(seen.next.advanced(by: .zero - interval), seen.afterRescheduling, "it is the first slot after now")
    }

    func test_insideItsHandlerNextFireDateIsTheDateBeingFired() {
        let dates = Box<[Instant]>([])
        let outcome = onLoopThread { loop -> Instant in
            let timer = EventLoop.Timer(after: .milliseconds(2), interval: .seconds(3600)) { timer in
                dates.set([timer.nextFireDate, EventLoop.current.now])
                timer.invalidate()
            }
            loop.add(timer, to: .default)
            let scheduled = timer.nextFireDate
            _ = loop.run(mode: .default, timeout: generousTimeout)
            return scheduled
        }
        guard let scheduled = outcome, dates.value.count == 2 else { return XCTFail("the timer never fired") }
        XCTAssertEqual(dates.value[0], scheduled)
        XCTAssertLessThanOrEqual(dates.value[0], dates.value[1])
    }

    func test_aLaterFireDateSetInsideTheHandlerIsKept() {
        let log = EventLog()
        let result = onLoopThread { loop in
            let fires = Counter()
            let chosen = Box<Instant?>(nil)
            let timer = EventLoop.Timer(after: .zero, interval: .seconds(3600)) { timer in
                if fires.increment() == 1 {
                    let later = EventLoop.current.now.advanced(by: .milliseconds(10))
                    chosen.set(later)
                    timer.nextFireDate = later
                    EventLoop.current.perform { log.record("kept: \(timer.nextFireDate == later)") }
                } else {
                    log.record("fired again at the chosen date: \(timer.nextFireDate == chosen.value)")
                    timer.invalidate()
                }
            }
            loop.add(timer, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["kept: true", "fired again at the chosen date: true"])
    }

    func test_aTimerWhoseHandlerIsRunningIsNotFiredByANestedRun() {
        let log = EventLog()
        let result = onLoopThread { loop in
            let timer = EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { timer in
                log.record("timer begins")
                let nested = EventLoop.current.run(mode: .default, timeout: .milliseconds(20))
                log.record("nested run: \(nested)")
                timer.invalidate()
            }
            loop.add(timer, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["timer begins", "nested run: timedOut"])
    }

    func test_invalidatingATimerInItsHandlerStopsItAndRemovesItFromItsModes() {
        let outcome = onLoopThread { loop in
            let fires = Counter()
            let timer = EventLoop.Timer(after: .zero, interval: .milliseconds(1)) { timer in
                fires.increment()
                timer.invalidate()
            }
            loop.add(timer, to: .default)
            let result = loop.run(mode: .default, timeout: generousTimeout)
            return (result, fires.count, loop.contains(timer, in: .default))
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, 1)
        XCTAssertEqual(outcome?.2, false)
    }

    func test_aTimerInAModeThatIsNotRunningDoesNotFire() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: "other")
            let inDefault = loop.run(mode: .default, timeout: .milliseconds(10))
            log.record("default ran")
            let inOther = loop.run(mode: "other", timeout: generousTimeout)
            return [inDefault, inOther]
        }
        XCTAssertEqual(results, [.timedOut, .finished])
        XCTAssertEqual(log.events, ["default ran", "timer"])
    }

    func test_aTimerAddedToCommonFiresInACommonMode() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .common)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["timer"])
    }

    // MARK: - Tolerance

    func test_toleranceIsStoredButDoesNotDelayTheTimer() {
        let log = EventLog()
        let timer = EventLoop.Timer(after: .zero) { _ in log.record("timer") }
        XCTAssertEqual(timer.tolerance, .zero)
        timer.tolerance = .seconds(10)
        XCTAssertEqual(timer.tolerance, .seconds(10))
        let outcome = onLoopThread { loop in
            let start = loop.now
            loop.add(timer, to: .default)
            let result = loop.run(mode: .default, timeout: .seconds(8))
            return (result, start.duration(to: loop.now))
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertLessThan(outcome?.1 ?? .seconds(8), .seconds(5))
        XCTAssertEqual(log.events, ["timer"])
    }

    func test_aNegativeToleranceIsStoredAsZero() {
        let timer = EventLoop.Timer(after: .zero) { _ in }
        timer.tolerance = .seconds(-3)
        XCTAssertEqual(timer.tolerance, .zero)
    }
}
