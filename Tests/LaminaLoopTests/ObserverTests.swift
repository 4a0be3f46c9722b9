import LaminaLoop
import XCTest

/// runloop.md §3: observer order, per-pass snapshots, removal vs invalidation, one-shot
/// observers and re-entrancy.
final class ObserverTests: XCTestCase {
    /// Runs one polling iteration of the default mode (kept alive by an idle source) after
    /// `setUp` has added observers to it; returns the run's result.
    private func runOnePollingIteration(_ setUp: @escaping @Sendable (EventLoop) -> Void) -> EventLoop.RunResult? {
        onLoopThread { loop in
            loop.add(idleSource(), to: .default)
            setUp(loop)
            return loop.run(mode: .default, timeout: .zero)
        }
    }

    // MARK: - Order

    func test_observersRunInAscendingSignedOrder() {
        let log = EventLog()
        let result = runOnePollingIteration { loop in
            for order in [5, Int.min, -3, Int.max, 0] {
                loop.add(log.observer(.entry, order: order, prefix: "\(order) "), to: .default)
            }
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(
            log.events, ["\(Int.min) entry", "-3 entry", "0 entry", "5 entry", "\(Int.max) entry"])
    }

    func test_observersOfEqualOrderRunInTheOrderTheyWereAdded() {
        let log = EventLog()
        _ = runOnePollingIteration { loop in
            loop.add(log.observer(.entry, order: 7, prefix: "B "), to: .default)
            loop.add(log.observer(.entry, order: 7, prefix: "C "), to: .default)
            loop.add(log.observer(.entry, order: 7, prefix: "A "), to: .default)
            loop.add(log.observer(.entry, order: 6, prefix: "first "), to: .default)
            loop.add(log.observer(.entry, order: 8, prefix: "last "), to: .default)
        }
        XCTAssertEqual(log.events, ["first entry", "B entry", "C entry", "A entry", "last entry"])
    }

    func test_removingAndReAddingAnObserverPutsItLastAmongEqualOrders() {
        let log = EventLog()
        _ = runOnePollingIteration { loop in
            let a = log.observer(.entry, order: 1, prefix: "A ")
            loop.add(a, to: .default)
            loop.add(log.observer(.entry, order: 1, prefix: "B "), to: .default)
            loop.add(log.observer(.entry, order: 2, prefix: "C "), to: .default)
            loop.remove(a, from: .default)
            loop.add(a, to: .default)
        }
        XCTAssertEqual(log.events, ["B entry", "A entry", "C entry"])
    }

    func test_addingAnObserverAlreadyInTheModeDoesNothing() {
        let log = EventLog()
        let stillThere = Box<[Bool]>([])
        _ = runOnePollingIteration { loop in
            let observer = log.observer([.entry, .exit])
            loop.add(observer, to: .default)
            loop.add(observer, to: .default)
            // One add, one remove: had the second add counted, it would still be in the mode.
            loop.remove(observer, from: .default)
            stillThere.set([loop.contains(observer, in: .default)])
            loop.add(observer, to: .default)
            loop.add(observer, to: .default)
        }
        XCTAssertEqual(stillThere.value, [false])
        XCTAssertEqual(log.events, ["entry", "exit"])
    }

    func test_anObserverIsCalledOnlyForTheActivitiesItWatches() {
        let log = EventLog()
        let result = onLoopThread { loop in
            loop.add(log.observer([.beforeWaiting, .exit]), to: .default)
            loop.add(EventLoop.Timer(after: .zero) { _ in log.record("timer") }, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(result, .finished)
        XCTAssertEqual(log.events, ["beforeWaiting", "timer", "exit"])
    }

    func test_theHandlerReceivesItsObserverAndTheOneActivityBeingReported() {
        let received = Box<[UInt32]>([])
        let sameObserver = Box<[Bool]>([])
        let created = Box<EventLoop.Observer?>(nil)
        _ = runOnePollingIteration { loop in
            let observer = EventLoop.Observer(activities: .allActivities) { observer, activity in
                received.update { $0.append(activity.rawValue) }
                sameObserver.update { $0.append(observer === created.value) }
            }
            created.set(observer)
            loop.add(observer, to: .default)
        }
        XCTAssertEqual(received.value, [1, 2, 4, 128])
        XCTAssertEqual(sameObserver.value, [true, true, true, true])
    }

    // MARK: - Snapshot per activity pass

    func test_anObserverAddedDuringAPassIsFirstCalledInTheNextActivityPass() {
        let log = EventLog()
        _ = runOnePollingIteration { loop in
            let late = log.observer(order: -1, prefix: "late ")
            loop.add(log.observer(.beforeTimers, prefix: "adder ") { _, _ in
                EventLoop.current.add(late, to: .default)
            }, to: .default)
        }
        XCTAssertEqual(log.events, ["adder beforeTimers", "late beforeSources", "late exit"])
    }

    func test_anObserverRemovedDuringAPassIsStillCalledInThatPassButNotInTheNext() {
        let log = EventLog()
        let validity = Box<Bool?>(nil)
        _ = runOnePollingIteration { loop in
            let removed = log.observer(order: 1, prefix: "removed ")
            loop.add(log.observer(.beforeTimers, order: 0, prefix: "remover ") { _, _ in
                EventLoop.current.remove(removed, from: .default)
                validity.set(removed.isValid)
            }, to: .default)
            loop.add(removed, to: .default)
        }
        XCTAssertEqual(validity.value, true)
        XCTAssertEqual(
            log.events, ["removed entry", "remover beforeTimers", "removed beforeTimers"])
    }

    func test_anObserverInvalidatedDuringAPassBeforeItsTurnIsNotCalled() {
        let log = EventLog()
        let state = Box<[Bool]>([])
        _ = runOnePollingIteration { loop in
            let victim = log.observer(order: 1, prefix: "victim ")
            loop.add(log.observer(.beforeTimers, order: 0, prefix: "killer ") { _, _ in
                victim.invalidate()
                state.set([victim.isValid, EventLoop.current.contains(victim, in: .default)])
            }, to: .default)
            loop.add(victim, to: .default)
        }
        XCTAssertEqual(state.value, [false, false])
        XCTAssertEqual(log.events, ["victim entry", "killer beforeTimers"])
    }

    // MARK: - One-shot observers

    func test_aOneShotObserverIsCalledOnceForTheFirstActivityThenInvalidatedEverywhere() {
        let log = EventLog()
        let after = onLoopThread { loop -> [Bool] in
            loop.add(idleSource(), to: .default)
            let once = log.observer([.beforeSources, .exit], repeats: false)
            loop.add(once, to: .default)
            loop.add(once, to: "other")
            loop.add(once, to: .common)
            _ = loop.run(mode: .default, timeout: .zero)
            _ = loop.run(mode: .default, timeout: .zero)
            return [
                once.isValid, loop.contains(once, in: .default), loop.contains(once, in: "other"),
                loop.contains(once, in: .common),
            ]
        }
        XCTAssertEqual(after, [false, false, false, false])
        XCTAssertEqual(log.events, ["beforeSources"])
    }

    // MARK: - Re-entrancy

    func test_aNestedRunSkipsTheObserverThatIsFiringButCallsTheOthers() {
        let log = EventLog()
        let result = runOnePollingIteration { loop in
            let nested = Counter()
            loop.add(log.observer([.entry, .exit], order: 0, prefix: "A ") { _, activity in
                guard activity == .entry, nested.increment() == 1 else { return }
                log.record("nested run begins")
                let result = EventLoop.current.run(mode: .default, timeout: .zero)
                log.record("nested run: \(result)")
            }, to: .default)
            loop.add(log.observer([.entry, .beforeSources, .exit], order: 1, prefix: "B "), to: .default)
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(
            log.events,
            [
                "A entry", "nested run begins", "B entry", "B beforeSources", "B exit", "nested run: timedOut",
                "B entry", "B beforeSources", "A exit", "B exit",
            ])
    }

    func test_anObserverThatInvalidatesItselfDuringItsCalloutFinishesItAndIsNotCalledAgain() {
        let log = EventLog()
        let validity = Box<Bool?>(nil)
        _ = runOnePollingIteration { loop in
            let observer = log.observer { observer, _ in
                observer.invalidate()
                observer.invalidate()
                log.record("after invalidate")
                validity.set(observer.isValid)
            }
            loop.add(observer, to: .default)
        }
        XCTAssertEqual(validity.value, false)
        XCTAssertEqual(log.events, ["entry", "after invalidate"])
    }

    func test_anObserverInAnotherModeIsNotCalled() {
        let log = EventLog()
        _ = runOnePollingIteration { loop in
            loop.add(log.observer(prefix: "other "), to: "other")
            loop.add(log.observer([.entry]), to: .default)
        }
        XCTAssertEqual(log.events, ["entry"])
    }
}
