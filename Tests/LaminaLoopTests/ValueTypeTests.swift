import LaminaLoop
import XCTest

/// `Instant` arithmetic and saturation, `Activity` / `RunResult` raw values (CFRunLoop's) and
/// descriptions, `Mode` identity and the named observer orders.
final class InstantTests: XCTestCase {
    typealias Instant = EventLoop.Instant

    func test_advancingAnInstantAddsTheDurationInNanoseconds() {
        let start = Instant(nanoseconds: 1_000)
        XCTAssertEqual(start.advanced(by: .nanoseconds(500)), Instant(nanoseconds: 1_500))
        XCTAssertEqual(start.advanced(by: .milliseconds(2)), Instant(nanoseconds: 2_001_000))
        XCTAssertEqual(start.advanced(by: .nanoseconds(-1_500)), Instant(nanoseconds: -500))
        XCTAssertEqual(start.advanced(by: .zero), start)
    }

    func test_theDurationBetweenTwoInstantsIsSignedAndUndoesAdvancing() {
        let start = Instant(nanoseconds: 10_000)
        let later = start.advanced(by: .microseconds(7))
        XCTAssertEqual(start.duration(to: later), .microseconds(7))
        XCTAssertEqual(later.duration(to: start), .microseconds(-7))
        XCTAssertEqual(start.duration(to: start), .zero)
    }

    func test_advancingByAHugeDurationSaturatesAtTheDistantFuture() {
        let now = Instant.monotonicNow
        XCTAssertEqual(now.advanced(by: .seconds(Int64.max)), .distantFuture)
        XCTAssertEqual(Instant(nanoseconds: .max - 1).advanced(by: .nanoseconds(2)), .distantFuture)
        XCTAssertEqual(Instant.distantFuture.advanced(by: .seconds(1)), .distantFuture)
    }

    func test_advancingByAHugeNegativeDurationSaturatesAtTheEarliestInstant() {
        XCTAssertEqual(Instant(nanoseconds: -10).advanced(by: .seconds(-Int64.max)), Instant(nanoseconds: .min))
        XCTAssertEqual(Instant(nanoseconds: .min + 1).advanced(by: .nanoseconds(-2)), Instant(nanoseconds: .min))
    }

    func test_theDurationBetweenTheExtremesSaturatesInsteadOfOverflowing() {
        let earliest = Instant(nanoseconds: .min)
        XCTAssertEqual(earliest.duration(to: .distantFuture), .nanoseconds(Int64.max))
        XCTAssertEqual(Instant.distantFuture.duration(to: earliest), .nanoseconds(Int64.min))
    }

    func test_instantsCompareByTheirNanoseconds() {
        XCTAssertLessThan(Instant(nanoseconds: -1), Instant(nanoseconds: 0))
        XCTAssertLessThan(Instant(nanoseconds: 5), .distantFuture)
        XCTAssertFalse(Instant(nanoseconds: 5) < Instant(nanoseconds: 5))
        XCTAssertEqual(Instant(nanoseconds: 5), Instant(nanoseconds: 5))
    }

    func test_theMonotonicClockNeverGoesBackwards() {
        var previous = Instant.monotonicNow
        for _ in 0..<1_000 {
            let next = Instant.monotonicNow
            XCTAssertGreaterThanOrEqual(next, previous)
            previous = next
        }
        XCTAssertLessThan(previous, .distantFuture)
    }

    func test_anInstantDescribesItselfInSecondsAndTheDistantFutureByName() {
        XCTAssertEqual(Instant(nanoseconds: 1_500_000_000).description, "1.5s")
        XCTAssertEqual(Instant.distantFuture.description, "distantFuture")
    }

    func test_instantWorksAsAStandardLibraryInstant() {
        func later<I: InstantProtocol>(_ instant: I, by duration: I.Duration) -> I { instant.advanced(by: duration) }
        XCTAssertEqual(later(Instant(nanoseconds: 0), by: .seconds(2)), Instant(nanoseconds: 2_000_000_000))
    }
}

final class ActivityAndResultTests: XCTestCase {
    typealias Activity = EventLoop.Activity
    typealias RunResult = EventLoop.RunResult

    func test_activitiesHaveCFRunLoopActivityRawValues() {
        XCTAssertEqual(Activity.entry.rawValue, 1)
        XCTAssertEqual(Activity.beforeTimers.rawValue, 2)
        XCTAssertEqual(Activity.beforeSources.rawValue, 4)
        XCTAssertEqual(Activity.beforeWaiting.rawValue, 32)
        XCTAssertEqual(Activity.afterWaiting.rawValue, 64)
        XCTAssertEqual(Activity.exit.rawValue, 128)
        XCTAssertEqual(Activity.allActivities.rawValue, 0x0FFF_FFFF)
    }

    func test_allActivitiesContainsEveryActivity() {
        for activity: Activity in [.entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit] {
            XCTAssertTrue(Activity.allActivities.contains(activity), "\(activity)")
        }
    }

    func test_anActivityDescribesItselfByName() {
        XCTAssertEqual(Activity.entry.description, "entry")
        XCTAssertEqual(Activity.beforeTimers.description, "beforeTimers")
        XCTAssertEqual(Activity.beforeSources.description, "beforeSources")
        XCTAssertEqual(Activity.beforeWaiting.description, "beforeWaiting")
        XCTAssertEqual(Activity.afterWaiting.description, "afterWaiting")
        XCTAssertEqual(Activity.exit.description, "exit")
    }

    func test_severalActivitiesDescribeThemselvesJoinedInIterationOrder() {
        XCTAssertEqual(([.exit, .beforeWaiting] as Activity).description, "beforeWaiting|exit")
        XCTAssertEqual(
            Activity.allActivities.description,
            "entry|beforeTimers|beforeSources|beforeWaiting|afterWaiting|exit")
        XCTAssertEqual(Activity([]).description, "none")
    }

    func test_runResultsHaveCFRunLoopRunResultRawValues() {
        XCTAssertEqual(RunResult.finished.rawValue, 1)
        XCTAssertEqual(RunResult.stopped.rawValue, 2)
        XCTAssertEqual(RunResult.timedOut.rawValue, 3)
        XCTAssertEqual(RunResult.handledSource.rawValue, 4)
        XCTAssertEqual(RunResult(rawValue: 4), .handledSource)
        XCTAssertNil(RunResult(rawValue: 0))
        XCTAssertNil(RunResult(rawValue: 5))
    }

    func test_aRunResultDescribesItselfByName() {
        XCTAssertEqual(RunResult.finished.description, "finished")
        XCTAssertEqual(RunResult.stopped.description, "stopped")
        XCTAssertEqual(RunResult.timedOut.description, "timedOut")
        XCTAssertEqual(RunResult.handledSource.description, "handledSource")
    }
}

final class ModeAndOrderTests: XCTestCase {
    typealias Mode = EventLoop.Mode

    func test_twoModesWithTheSameNameAreTheSameMode() {
        XCTAssertEqual(Mode("scrolling"), Mode("scrolling"))
        XCTAssertEqual("scrolling" as Mode, Mode("scrolling"))
        XCTAssertNotEqual(Mode("scrolling"), Mode("Scrolling"))
        XCTAssertEqual(Set([Mode("a"), Mode("a"), Mode("b")]).count, 2)
    }

    func test_theStandardModesAreDistinctAndDescribeThemselvesByName() {
        XCTAssertEqual(Set([Mode.default, .tracking, .common]).count, 3)
        XCTAssertEqual(Mode("custom").description, "custom")
        XCTAssertEqual(Mode.default.description, Mode.default.name)
    }

    func test_theNamedOrdersAreCoreAnimationsAndTheIdleTransactionOrder() {
        XCTAssertEqual(EventLoop.Order.beforeCommit, 1_999_000)
        XCTAssertEqual(EventLoop.Order.transactionCommit, 2_000_000)
        XCTAssertEqual(EventLoop.Order.afterCommit, 2_001_000)
        XCTAssertEqual(EventLoop.Order.updateTransaction, 0xFF_FFFF)
    }
}
