import LaminaLoop
import XCTest

/// runloop.md §1 (as §2–7 rely on it): common modes, and observers and timers belonging to
/// one loop.
final class CommonModeTests: XCTestCase {
    func test_anItemAddedToCommonIsInEveryCommonModeAndNotInOthers() {
        let outcome = onLoopThread { loop -> [Bool] in
            loop.addCommonMode("scrolling")
            let observer = EventLoop.Observer(activities: .entry) { _, _ in }
            loop.add(observer, to: .common)
            return [
                loop.contains(observer, in: .common), loop.contains(observer, in: .default),
                loop.contains(observer, in: "scrolling"), loop.contains(observer, in: "elsewhere"),
            ]
        }
        XCTAssertEqual(outcome, [true, true, true, false])
    }

    func test_markingAModeCommonAddsTheItemsAlreadyInCommon() {
        let log = EventLog()
        let outcome = onLoopThread { loop -> (EventLoop.RunResult, [Bool], [EventLoop.Mode]) in
            let observer = log.observer([.entry])
            let timer = EventLoop.Timer(after: .zero) { _ in log.record("timer") }
            let source = EventLoop.Source(onSchedule: { _, mode in log.record("schedule \(mode)") }) { _ in }
            loop.add(observer, to: .common)
            loop.add(timer, to: .common)
            loop.add(source, to: .common)
            loop.addCommonMode("scrolling")
            let contained = [
                loop.contains(observer, in: "scrolling"), loop.contains(timer, in: "scrolling"),
                loop.contains(source, in: "scrolling"),
            ]
            source.invalidate()
            return (loop.run(mode: "scrolling", timeout: generousTimeout), contained, loop.commonModes)
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, [true, true, true])
        XCTAssertEqual(outcome?.2, [.default, "scrolling"])
        XCTAssertEqual(log.events, ["schedule default", "schedule scrolling", "entry", "timer"])
    }

    func test_equalOrderCommonObserversReachANewlyCommonModeInTheOrderTheyWereAdded() {
        // Lamina's documented difference: CF walks a hash set here (order varies run to run).
        let log = EventLog()
        _ = onLoopThread { loop in
            for name in ["C", "A", "B", "E", "D"] {
                loop.add(log.observer(.entry, order: 3, prefix: "\(name) "), to: .common)
            }
            loop.addCommonMode("scrolling")
            loop.add(idleSource(), to: "scrolling")
            return loop.run(mode: "scrolling", timeout: .zero)
        }
        XCTAssertEqual(log.events, ["C entry", "A entry", "B entry", "E entry", "D entry"])
    }

    func test_removingAnItemFromCommonRemovesItFromEveryCommonMode() {
        let outcome = onLoopThread { loop -> [Bool] in
            loop.addCommonMode("scrolling")
            let timer = EventLoop.Timer(after: .seconds(60)) { _ in }
            loop.add(timer, to: .common)
            loop.remove(timer, from: .common)
            return [
                loop.contains(timer, in: .common), loop.contains(timer, in: .default),
                loop.contains(timer, in: "scrolling"), timer.isValid,
            ]
        }
        XCTAssertEqual(outcome, [false, false, false, true])
    }

    func test_markingAModeCommonTwiceOrMarkingCommonItselfChangesNothing() {
        let modes = onLoopThread { loop -> [EventLoop.Mode] in
            loop.addCommonMode("scrolling")
            loop.addCommonMode("scrolling")
            loop.addCommonMode(.common)
            loop.addCommonMode(.default)
            return loop.commonModes
        }
        XCTAssertEqual(modes, [.default, "scrolling"])
    }

    // MARK: - One loop per observer and timer

    func test_anObserverAddedToASecondLoopIsIgnored() {
        let log = EventLog()
        let first = loopOfAFinishedThread()
        let observer = log.observer()
        first.add(observer, to: .default)
        let outcome = onLoopThread { loop -> (EventLoop.RunResult, [Bool]) in
            loop.add(idleSource(), to: .default)
            loop.add(observer, to: .default)
            loop.add(observer, to: .common)
            return (loop.run(mode: .default, timeout: .zero), [loop.contains(observer, in: .default), loop.contains(observer, in: .common)])
        }
        XCTAssertEqual(outcome?.0, .timedOut)
        XCTAssertEqual(outcome?.1, [false, false])
        XCTAssertTrue(first.contains(observer, in: .default))
        XCTAssertEqual(log.events, [])
        observer.invalidate()
    }

    func test_aTimerAddedToASecondLoopIsIgnored() {
        let log = EventLog()
        let first = loopOfAFinishedThread()
        let timer = EventLoop.Timer(after: .zero) { _ in log.record("timer") }
        first.add(timer, to: "elsewhere")
        let outcome = onLoopThread { loop -> (EventLoop.RunResult, Bool) in
            loop.add(timer, to: .default)
            return (loop.run(mode: .default, timeout: generousTimeout), loop.contains(timer, in: .default))
        }
        XCTAssertEqual(outcome?.0, .finished)
        XCTAssertEqual(outcome?.1, false)
        XCTAssertEqual(log.events, [])
        timer.invalidate()
    }

    func test_anObserverRemovedFromEveryModeOfItsLoopCanJoinAnotherLoop() {
        let log = EventLog()
        let first = loopOfAFinishedThread()
        let observer = log.observer(.entry)
        first.add(observer, to: .default)
        first.add(observer, to: "other")
        first.remove(observer, from: .default)
        first.remove(observer, from: "other")
        let result = onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            loop.add(observer, to: .default)
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(log.events, ["entry"])
        observer.invalidate()
    }

    func test_aSourceCanBeScheduledInTwoLoops() {
        let log = EventLog()
        let first = loopOfAFinishedThread()
        let source = EventLoop.Source { _ in log.record("source") }
        first.add(source, to: .default)
        let result = onLoopThread { loop in
            loop.add(source, to: .default)
            source.signal()
            return loop.run(mode: .default, timeout: .zero)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertTrue(first.contains(source, in: .default))
        XCTAssertEqual(log.events, ["source"])
        source.invalidate()
        XCTAssertFalse(first.contains(source, in: .default))
    }
}
