import Foundation
import LaminaLoop
import LaminaTesting
import XCTest

/// LaminaTesting's loop driving: one iteration, until idle, outstanding work.
final class LoopDrivingTests: XCTestCase {
    func test_oneIterationReachesBeforeWaitingWithoutBlocking() {
        let log = Log()
        let events = onTestLoopThread { loop -> [String] in
            let observer = EventLoop.Observer(activities: .allActivities) { _, activity in log.record("\(activity)") }
            loop.add(observer, to: .default)
            // A timer an hour away keeps the mode alive; one iteration must not wait for it.
            loop.add(EventLoop.Timer(after: .seconds(3600)) { _ in }, to: .default)
            let started = EventLoop.Instant.monotonicNow
            let result = loop.runOneIteration()
            log.record("result \(result)")
            log.record(started.duration(to: .monotonicNow) < .seconds(1) ? "quick" : "blocked")
            return log.events
        }
        XCTAssertEqual(events, [
            "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit",
            "result timedOut", "quick",
        ])
    }

    func test_runUntilIdleRunsBlocksThatQueueMoreBlocks() {
        let log = Log()
        let idle = onTestLoopThread { loop -> Bool in
            loop.add(EventLoop.Source { _ in }, to: .default)
            loop.perform {
                log.record("first")
                loop.perform {
                    log.record("second")
                    loop.perform { log.record("third") }
                }
            }
            return loop.runUntilIdle()
        }
        XCTAssertEqual(idle, true)
        XCTAssertEqual(log.events, ["first", "second", "third"])
    }

    func test_runUntilIdleGoesRoundAgainForAWakeUpThatAnotherWakeBeatInTheSameSleep() {
        // An observer that finds work before the loop sleeps (as UpdateTransaction's flush does)
        // asks for one more pass with wakeUp(). Here a due timer is ready first, so the sleep
        // ends for the timer and leaves the wake-up signalled: the loop is not idle yet.
        let log = Log()
        let idle = onTestLoopThread { loop -> Bool in
            loop.add(EventLoop.Source { _ in }, to: .default)
            let observer = EventLoop.Observer(activities: .beforeWaiting) { _, _ in
                let passes = log.events.filter { $0.hasPrefix("before waiting") }.count + 1
                log.record("before waiting \(passes)")
                guard passes == 1 else { return }
                loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
                usleep(1_000)
                loop.wakeUp()
            }
            loop.add(observer, to: .default)
            return loop.runUntilIdle()
        }
        XCTAssertEqual(idle, true)
        // The second pass's sleep takes the wake-up; a pass a wake-up ended is followed by one
        // more, in case the wake-up brought work.
        XCTAssertEqual(log.events, ["before waiting 1", "timer", "before waiting 2", "before waiting 3"])
    }

    func test_runUntilIdleWaitsForOutstandingWorkByRunningTheLoop() {
        let log = Log()
        let idle = onTestLoopThread { loop -> Bool in
            loop.add(EventLoop.Source { _ in }, to: .default)
            loop.beginOutstandingWork()
            detach {
                usleep(20_000)
                loop.perform {
                    log.record("result handled on the loop")
                    loop.endOutstandingWork()
                }
                loop.wakeUp()
            }
            let idle = loop.runUntilIdle()
            log.record("idle")
            return idle
        }
        XCTAssertEqual(idle, true)
        XCTAssertEqual(log.events, ["result handled on the loop", "idle"])
    }

    func test_runUntilIdleReturnsAtOnceWhenTheLastResultRunsInTheIterationItWaitsIn() {
        // The result arrives after the idle check but before the iteration starts: its wake-up
        // falls outside any run and is dropped, and its block runs before the sleep. The last
        // endOutstandingWork wakes the loop, so the wait does not last until the timeout.
        let outcome = onTestLoopThread { loop -> (Bool, Duration) in
            loop.add(EventLoop.Source { _ in }, to: .default)
            loop.beginOutstandingWork()
            let arrival = EventLoop.Observer(activities: .beforeTimers, repeats: false) { _, _ in
                loop.perform { loop.endOutstandingWork() }
            }
            loop.add(arrival, to: .default)
            let started = EventLoop.Instant.monotonicNow
            let idle = loop.runUntilIdle(timeout: .seconds(60))
            return (idle, started.duration(to: .monotonicNow))
        }
        XCTAssertEqual(outcome?.0, true)
        XCTAssertLessThan(outcome?.1 ?? .seconds(60), .seconds(30), "woken by the last result, not by the timeout")
    }

    func test_runUntilIdleGivesUpWhenOutstandingWorkNeverComesBack() {
        let outcome = onTestLoopThread { loop -> (Bool, Int) in
            loop.add(EventLoop.Source { _ in }, to: .default)
            loop.beginOutstandingWork()
            let idle = loop.runUntilIdle(timeout: .milliseconds(50))
            let left = loop.outstandingWork
            loop.endOutstandingWork()
            return (idle, left)
        }
        XCTAssertEqual(outcome?.0, false)
        XCTAssertEqual(outcome?.1, 1)
    }

    func test_runUntilIdlePerformsSignalledSourcesAndDueTimers() {
        let log = Log()
        let idle = onTestLoopThread { loop -> Bool in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
            source.signal()
            return loop.runUntilIdle()
        }
        XCTAssertEqual(idle, true)
        XCTAssertEqual(log.events, ["source", "timer"])
    }

    func test_theMainLoopIsDrivenWithMainQueueWorkIncluded() {
        let log = Log()
        DispatchQueue.main.async {
            log.record("main queue")
            DispatchQueue.main.async { log.record("main queue again") }
        }
        XCTAssertTrue(EventLoop.main.runUntilIdle())
        XCTAssertEqual(log.events, ["main queue", "main queue again"])
    }
}

/// The thread and log helpers tests build on.
final class TestThreadTests: XCTestCase {
    func test_onLoopThreadGivesTheBodyThatThreadsOwnLoopAndReturnsItsResult() {
        let outcome = LaminaTesting.onLoopThread { loop in loop === EventLoop.current && loop !== EventLoop.main }
        XCTAssertEqual(outcome, true)
    }

    func test_onLoopThreadReturnsNilWhenTheThreadDoesNotFinishInTime() {
        let release = CallLog()
        let outcome = LaminaTesting.onLoopThread(timeout: .milliseconds(20)) { _ -> Int in
            while release.events.isEmpty { usleep(1_000) }
            return 1
        }
        XCTAssertNil(outcome)
        release.record("let the thread finish")
    }

    func test_aCallLogKeepsEntriesFromManyThreadsInOrderPerThread() {
        let log = CallLog()
        let threads = (0..<4).map { index in
            TestThread(named: "writer \(index)") {
                for step in 0..<100 { log.record("\(index):\(step)") }
            }
        }
        XCTAssertTrue(threads.allSatisfy { $0.join() })
        XCTAssertEqual(log.events.count, 400)
        for index in 0..<4 {
            let mine = log.events.filter { $0.hasPrefix("\(index):") }
            XCTAssertEqual(mine, (0..<100).map { "\(index):\($0)" })
        }
        XCTAssertEqual(log.count(of: "2:7"), 1)
    }
}
