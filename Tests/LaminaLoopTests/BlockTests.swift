import LaminaLoop
import XCTest

/// runloop.md §5: performed blocks — no wake-up, the three drain points (D, F, N), FIFO order,
/// mode filtering, and blocks added during a drain.
final class BlockTests: XCTestCase {
    func test_performDoesNotWakeTheLoop() {
        let log = EventLog()
        let first = Counter()
        let result = runDefaultModeLogging(into: log) { loop in
            // Only the timer ends the sleep; the block then runs at the drain after the wake.
            loop.add(EventLoop.Timer(after: .milliseconds(30)) { _ in log.record("timer") }, to: .default)
        } onActivity: { loop, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            HelperThread {
                loop.perform {
                    log.record("block")
                    EventLoop.current.stop()
                }
            }.join()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "timer", "block", "exit"])
    }

    func test_aBlockPerformedFromAnotherThreadWithAWakeUpRunsRightAfterTheWake() {
        let log = EventLog()
        let helper = Box<HelperThread?>(nil)
        let first = Counter()
        let result = runDefaultModeLogging(into: log, onActivity: { loop, activity in
            guard activity == .beforeWaiting, first.increment() == 1 else { return }
            helper.set(HelperThread {
                loop.perform {
                    log.record("block")
                    EventLoop.current.stop()
                }
                loop.wakeUp()
            })
        })
        XCTAssertEqual(helper.value?.join(), true)
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "block", "exit"])
    }

    func test_blocksRunAfterBeforeSourcesAfterAPerformedSourceAndAfterTheWake() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, keepAlive: false) { loop in
            let source = EventLoop.Source { _ in
                log.record("source")
                EventLoop.current.perform { log.record("block F") }
            }
            loop.add(source, to: .default)
            loop.add(EventLoop.Timer(after: .milliseconds(-1)) { _ in
                log.record("timer")
                EventLoop.current.perform {
                    log.record("block N")
                    EventLoop.current.stop()
                }
            }, to: .default)
            loop.perform { log.record("block D") }
            source.signal()
        }
        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(
            log.events,
            ["entry", "beforeTimers", "beforeSources", "block D", "source", "block F", "timer", "block N", "exit"])
    }

    func test_blocksRunInTheOrderTheyWerePerformed() {
        let log = EventLog()
        _ = onLoopThread { loop in
            for index in 1...5 {
                loop.perform(in: .default) { log.record("block \(index)") }
            }
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(log.events, ["block 1", "block 2", "block 3", "block 4", "block 5"])
    }

    func test_blocksAddedDuringADrainWaitForTheNextDrainPoint() {
        let log = EventLog()
        let result = runDefaultModeLogging(into: log, timeout: .zero, keepAlive: false) { loop in
            let source = EventLoop.Source { _ in log.record("source") }
            loop.add(source, to: .default)
            loop.perform {
                log.record("block 1")
                EventLoop.current.perform { log.record("block 3, added by block 1") }
            }
            loop.perform { log.record("block 2") }
            source.signal()
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(
            log.events,
            [
                "entry", "beforeTimers", "beforeSources", "block 1", "block 2", "source",
                "block 3, added by block 1", "exit",
            ])
    }

    func test_blocksForOtherModesStayQueuedAheadOfBlocksAddedDuringTheDrain() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.perform(in: "other") { log.record("other 1") }
            loop.perform(in: .default) {
                log.record("default")
                EventLoop.current.perform(in: "other") { log.record("other 3, added during the drain") }
            }
            loop.perform(in: "other") { log.record("other 2") }
            return [loop.run(mode: .default, timeout: .zero), loop.run(mode: "other", timeout: .zero)]
        }
        XCTAssertEqual(results, [.timedOut, .timedOut])
        XCTAssertEqual(log.events, ["default", "other 1", "other 2", "other 3, added during the drain"])
    }

    func test_performingABlockCreatesItsModeSoTheModeCanBeRun() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.perform(in: "fresh") {
                log.record("block")
                EventLoop.current.wakeUp()
            }
            return loop.run(mode: "fresh", timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["block"])
    }

    func test_aCommonModesBlockRunsOnlyWhileACommonModeRuns() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: "custom")
            loop.perform(in: .common) { log.record("first common block") }
            let inCustom = loop.run(mode: "custom", timeout: .zero)
            log.record("custom ran")
            let inDefault = loop.run(mode: .default, timeout: .zero)
            loop.addCommonMode("custom")
            loop.perform(in: .common) { log.record("second common block") }
            let inNowCommonCustom = loop.run(mode: "custom", timeout: .zero)
            return [inCustom, inDefault, inNowCommonCustom]
        }
        XCTAssertEqual(results, [.timedOut, .timedOut, .timedOut])
        XCTAssertEqual(log.events, ["custom ran", "first common block", "second common block"])
    }

    func test_performWithoutAModeQueuesForTheCommonModes() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.add(idleSource(), to: "custom")
            loop.perform { log.record("block") }
            return [loop.run(mode: "custom", timeout: .zero), loop.run(mode: .default, timeout: .zero)]
        }
        XCTAssertEqual(results, [.timedOut, .timedOut])
        XCTAssertEqual(log.events, ["block"])
    }

    func test_aBlockForSeveralModesRunsOnceInWhicheverRunsFirst() {
        let log = EventLog()
        let results = onLoopThread { loop in
            loop.perform(in: ["x", "y"]) { log.record("block") }
            return [loop.run(mode: "y", timeout: .zero), loop.run(mode: "x", timeout: .zero)]
        }
        // Once the block has run, "x" has nothing left: it is empty, so its run finishes at once.
        XCTAssertEqual(results, [.timedOut, .finished])
        XCTAssertEqual(log.events, ["block"])
    }

    func test_aBlockForAnotherModeDoesNotKeepTheRunningModeAlive() {
        let results = onLoopThread { loop in
            loop.perform(in: "other") {}
            return [loop.run(mode: .default, timeout: generousTimeout), loop.run(mode: "other", timeout: .zero)]
        }
        XCTAssertEqual(results, [.finished, .timedOut])
    }
}
