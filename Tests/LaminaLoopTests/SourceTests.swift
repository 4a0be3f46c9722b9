import LaminaLoop
import XCTest

/// runloop.md §4: version-0 sources — signalling without waking, order of performing,
/// snapshots, clearing before perform, returnAfterSourceHandled, schedule/cancel callbacks.
final class SourceTests: XCTestCase {
    // MARK: - A signal does not wake the loop

    func test_aSourceSignalledFromAnotherThreadWaitsForAWakeUp() {
        let log = EventLog()
        let source = stoppingSource(recordingInto: log)
        let first = Counter()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(source, to: .default)
            // Only the timer ends the first sleep: the signal alone must not.
            loop.add(EventLoop.Timer(after: .milliseconds(30)) { _ in log.record("timer") }, to: .default)
        } onActivity: { _, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            HelperThread { source.signal() }.join()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer",
                "beforeTimers", "beforeSources", "source", "exit",
            ])
    }

    func test_aSourceSignalledInBeforeWaitingWithoutAWakeUpWaitsForTheNextWake() {
        let log = EventLog()
        let source = stoppingSource(recordingInto: log)
        let first = Counter()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(source, to: .default)
            loop.add(EventLoop.Timer(after: .milliseconds(30)) { _ in log.record("timer") }, to: .default)
        } onActivity: { _, activity in
            if activity == .beforeWaiting && first.increment() == 1 { source.signal() }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer",
                "beforeTimers", "beforeSources", "source", "exit",
            ])
    }

    func test_aSourceSignalledFromAnotherThreadFollowedByAWakeUpIsPerformedInTheNextIteration() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let source = stoppingSource(recordingInto: log)
        let first = Counter()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            loop.add(source, to: .default)
        } onActivity: { loop, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            helper.set(HelperThread {
                source.signal()
                loop.wakeUp()
            })
        }
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting",
                "beforeTimers", "beforeSources", "source", "exit",
            ])
    }

    // MARK: - Performing

    func test_signalledSourcesArePerformedByOrderThenByFirstSignal() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let a = EventLoop.Source(order: 1) { _ in log.record("A") }
            let b = EventLoop.Source(order: 0) { _ in log.record("B") }
            let c = EventLoop.Source(order: 1) { _ in log.record("C") }
            let d = EventLoop.Source(order: 1) { _ in log.record("D") }
            let e = EventLoop.Source(order: -5) { _ in log.record("E") }
            for source in [a, b, c, d, e] { loop.add(source, to: .default) }
            c.signal()
            a.signal()
            b.signal()
            d.signal()
            c.signal()  // signalling again keeps the first signal's place
            e.signal()
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["E", "B", "C", "A", "D"])
    }

    func test_signallingASourceTwiceBeforeItRunsPerformsItOnce() {
        let log = EventLog()
        _ = onLoopThread { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            source.signal()
            source.signal()
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(log.events, ["source"])
    }

    func test_theSignalIsClearedBeforePerformSoAPerformMaySignalItsOwnSourceAgain() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            let performs = Counter()
            let source = EventLoop.Source { source in
                log.record("source, signalled: \(source.isSignalled)")
                if performs.increment() == 1 { source.signal() } else { EventLoop.current.stop() }
            }
            loop.add(source, to: .default)
            source.signal()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "source, signalled: false",
                "beforeTimers", "beforeSources", "source, signalled: false", "exit",
            ])
    }

    func test_aSourceSignalledDuringThePassIsPerformedInTheNextIteration() {
        let log = EventLog()
        let result = onLoopThread { loop in
            let later = EventLoop.Source(order: 1) { _ in
                log.record("B")
                EventLoop.current.stop()
            }
            let first = EventLoop.Source(order: 0) { _ in
                log.record("A")
                later.signal()
            }
            loop.add(first, to: .default)
            loop.add(later, to: .default)
            loop.add(log.observer([.beforeTimers]), to: .default)
            first.signal()
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["beforeTimers", "A", "beforeTimers", "B"])
    }

    func test_returnAfterSourceHandledStopsThePassAfterTheFirstSourceAndLeavesTheRestSignalled() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let a = EventLoop.Source(order: 0) { _ in log.record("A") }
            let b = EventLoop.Source(order: 1) { _ in log.record("B") }
            loop.add(a, to: .default)
            loop.add(b, to: .default)
            a.signal()
            b.signal()
            let first = loop.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
            let bWaits = b.isSignalled
            let second = loop.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
            return (first, bWaits, second, b.isSignalled)
        }
        XCTAssertEqual(outcome?.0, .handledSource)
        XCTAssertEqual(outcome?.1, true)
        XCTAssertEqual(outcome?.2, .handledSource)
        XCTAssertEqual(outcome?.3, false)
        XCTAssertEqual(log.events, ["A", "B"])
    }

    func test_aSourceSignalledInBeforeTimersOrBeforeSourcesIsPerformedInTheSameIteration() {
        let log = EventLog()
        let result = onLoopThread { loop in
            let one = EventLoop.Source { _ in log.record("one") }
            let two = EventLoop.Source { _ in log.record("two") }
            loop.add(one, to: .default)
            loop.add(two, to: .default)
            loop.add(log.observer { _, activity in
                if activity == .beforeTimers { two.signal() }
                if activity == .beforeSources { one.signal() }
            }, to: .default)
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry", "beforeTimers", "beforeSources", "two", "one", "exit"])
    }

    func test_aSourceIsPerformedOnlyInTheModeBeingRun() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            loop.add(source, to: "other")
            loop.add(idleSource(), to: "third")
            source.signal()
            let inThird = loop.run(mode: "third", timeout: .zero)
            let inOther = loop.run(mode: "other", timeout: .zero)
            let inDefault = loop.run(mode: .default, timeout: .zero)
            return [inThird, inOther, inDefault]
        }
        XCTAssertEqual(outcome, [.timedOut, .timedOut, .timedOut])
        XCTAssertEqual(log.events, ["source"])
    }

    func test_anInvalidatedSourceIsNotPerformedAndNoLongerKeepsItsModeAlive() {
        let log = EventLog()
        let outcome = onLoopThread { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            source.signal()
            source.invalidate()
            return (loop.run(mode: .default, timeout: generousTimeout), source.isValid, loop.contains(source, in: .default))
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(outcome?.2, false)
        XCTAssertEqual(log.events, [])
    }

    func test_aSourceInvalidatedByAnEarlierSourceInThePassIsNotPerformed() {
        let log = EventLog()
        _ = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            let victim = EventLoop.Source(order: 1) { _ in log.record("victim") }
            let killer = EventLoop.Source(order: 0) { _ in
                log.record("killer")
                victim.invalidate()
            }
            loop.add(killer, to: .default)
            loop.add(victim, to: .default)
            victim.signal()
            killer.signal()
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(log.events, ["killer"])
    }

    // MARK: - Schedule and cancel callbacks

    func test_addingAndRemovingASourceCallsItsScheduleAndCancelCallbacks() {
        let log = EventLog()
        let sameLoop = Box<[Bool]>([])
        _ = onLoopThread { loop in
            let source = EventLoop.Source(
                onSchedule: { scheduledIn, mode in
                    log.record("schedule \(mode)")
                    sameLoop.update { $0.append(scheduledIn === loop) }
                },
                onCancel: { cancelledIn, mode in
                    log.record("cancel \(mode)")
                    sameLoop.update { $0.append(cancelledIn === loop) }
                }
            ) { _ in }
            loop.add(source, to: .default)
            loop.add(source, to: .default)  // already there: no second schedule
            loop.add(source, to: "other")
            loop.remove(source, from: .default)
            loop.remove(source, from: .default)  // no longer there: no second cancel
            source.invalidate()
            return true
        }
        XCTAssertEqual(log.events, ["schedule default", "schedule other", "cancel default", "cancel other"])
        XCTAssertEqual(sameLoop.value, [true, true, true, true])
    }

    func test_removingASourceFromItsModeKeepsItValid() {
        let outcome = onLoopThread { loop in
            let source = EventLoop.Source { _ in }
            loop.add(source, to: .default)
            loop.remove(source, from: .default)
            return (source.isValid, loop.contains(source, in: .default), loop.run(mode: .default, timeout: .zero))
        }
        XCTAssertEqual(outcome?.0, true)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(outcome?.2, .finished)
    }
}
