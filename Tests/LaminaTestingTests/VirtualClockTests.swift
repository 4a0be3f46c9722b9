import Foundation
import LaminaLoop
import LaminaTesting
import XCTest

/// A loop on a virtual clock never sleeps for time.
final class VirtualClockTests: XCTestCase {
    func test_aRunWithATimeoutFiresARepeatingTimerWithoutWaiting() {
        let outcome = onTestLoopThread { loop -> (EventLoop.RunResult, Int, Duration, Duration) in
            loop.withVirtualClock { clock in
                let ticks = Counter()
                loop.add(EventLoop.Timer(after: .milliseconds(100), interval: .milliseconds(100)) { _ in ticks.increment() }, to: .default)
                let started = EventLoop.Instant.monotonicNow
                let result = loop.run(mode: .default, timeout: .seconds(1))
                return (result, ticks.value, Instant(nanoseconds: 0).duration(to: clock.now), started.duration(to: .monotonicNow))
            }
        }
        XCTAssertEqual(outcome?.0, .timedOut)
        XCTAssertEqual(outcome?.1, 10, "ticks at 0.1 s … 1.0 s of virtual time")
        XCTAssertEqual(outcome?.2, .seconds(1), "virtual time ends at the deadline")
        XCTAssertLessThan(outcome?.3 ?? .seconds(99), .milliseconds(500), "no real waiting")
    }

    func test_advanceMakesTimersDueAndNothingElseMovesTime() {
        let log = Log()
        let outcome = onTestLoopThread { loop -> [String] in
            loop.withVirtualClock { clock in
                loop.add(EventLoop.Timer(after: .seconds(5)) { _ in log.record("fired at \(clock.now)") }, to: .default)
                loop.runUntilIdle()
                log.record("idle at \(clock.now)")
                loop.advance(by: .seconds(4))
                log.record("advanced to \(clock.now)")
                loop.advance(by: .seconds(1))
                return log.events
            }
        }
        XCTAssertEqual(outcome, ["idle at 0.0s", "advanced to 4.0s", "fired at 5.0s"])
    }

    func test_aCrossThreadWakeUpEndsAVirtualWait() {
        let log = Log()
        let result = onTestLoopThread { loop -> EventLoop.RunResult in
            loop.withVirtualClock { _ in
                loop.add(EventLoop.Source { _ in }, to: .default)
                detach {
                    while !loop.isWaiting { usleep(100) }
                    loop.perform { log.record("block") }
                    loop.wakeUp()
                    usleep(20_000)
                    loop.stop()
                }
                // No timer and no deadline: the wait blocks until another thread wakes it.
                return loop.run(mode: .default, timeout: .seconds(Int64.max))
            }
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(log.events, ["block"])
    }

    func test_switchingClocksKeepsTheTimeLeftOnTimers() {
        let outcome = onTestLoopThread { loop -> (Duration, Duration) in
            let timer = EventLoop.Timer(after: .seconds(2)) { _ in }
            loop.add(timer, to: .default)
            let clock = EventLoop.VirtualClock(startingAt: EventLoop.Instant(nanoseconds: 1_000_000_000))
            loop.useVirtualClock(clock)
            let left = clock.now.duration(to: timer.nextFireDate)
            loop.useVirtualClock(nil)
            let leftAfter = EventLoop.Instant.monotonicNow.duration(to: timer.nextFireDate)
            timer.invalidate()
            return (left, leftAfter)
        }
        XCTAssertNotNil(outcome)
        guard let (left, leftAfter) = outcome else { return }
        XCTAssertGreaterThan(left, .milliseconds(1900))
        XCTAssertLessThanOrEqual(left, .seconds(2))
        XCTAssertGreaterThan(leftAfter, .milliseconds(1800))
        XCTAssertLessThanOrEqual(leftAfter, .seconds(2))
    }

    func test_advancingByANegativeDurationDoesNothing() {
        let clock = EventLoop.VirtualClock(startingAt: EventLoop.Instant(nanoseconds: 42))
        clock.advance(by: .seconds(-3))
        clock.advance(by: .zero)
        XCTAssertEqual(clock.now, EventLoop.Instant(nanoseconds: 42))
    }

    func test_aTimerAddedOnAVirtualClockIsDatedOnIt() {
        let date = onTestLoopThread { loop -> EventLoop.Instant in
            loop.withVirtualClock(startingAt: EventLoop.Instant(nanoseconds: 7_000_000_000)) { _ in
                let timer = EventLoop.Timer(after: .seconds(3)) { _ in }
                loop.add(timer, to: .default)
                defer { timer.invalidate() }
                return timer.nextFireDate
            }
        }
        XCTAssertEqual(date, EventLoop.Instant(nanoseconds: 10_000_000_000))
    }
}

private typealias Instant = EventLoop.Instant

/// A thread-safe counter for handlers.
final class Counter: Sendable {
    private let storage = Log()

    @discardableResult
    func increment() -> Int {
        storage.record("tick")
        return storage.events.count
    }

    var value: Int { storage.events.count }
}
