import XCTest

// Differential tests: each scenario is interpreted on CFRunLoop and on EventLoop, three times,
// and the normalized traces must be equal (see `assertSameTraces`). XCTest runs every method on
// the main thread, which the main-queue scenarios need; the others start a thread of their own.
// Set LAMINA_DIFFERENTIAL_PRINT=1 to print CFRunLoop's trace of every scenario.

/// The catalogue itself.
final class DifferentialCatalogueTests: XCTestCase {
    func test_theCatalogueCoversEverySectionOfTheSpecWithAtLeastTwentyScenarios() {
        let scenarios = Scenarios.all
        XCTAssertGreaterThanOrEqual(scenarios.count, 20)
        XCTAssertEqual(Set(scenarios.map(\.name)).count, scenarios.count, "scenario names are unique")
        let covered = Set(scenarios.flatMap(\.sections).map { String($0.split(separator: ".")[0]) })
        for section in (1...10).map({ "§\($0)" }) {
            XCTAssertTrue(covered.contains(section), "no scenario covers runloop.md \(section)")
        }
        for scenario in scenarios {
            XCTAssertFalse(scenario.mustShow.isEmpty, "\"\(scenario.name)\" says what its trace must show")
        }
    }
}

/// runloop.md §1: common modes and mode membership.
final class CommonModeDifferentialTests: XCTestCase {
    func test_commonItemsJoinEveryCommonModeAndCommonBlocksRunInAnyOfThem() {
        assertSameTraces(Scenarios.commonModeItems)
    }

    func test_anItemRemovedFromOneModeStaysInTheOthersAndInvalidationRemovesItFromAll() {
        assertSameTraces(Scenarios.modeMembership)
    }

    func test_aModeMadeCommonWhileItRunsGetsTheCommonItemsFromTheNextPass() {
        assertSameTraces(Scenarios.modeMadeCommonWhileRunning)
    }
}

/// runloop.md §2: the iteration and the run results.
final class IterationDifferentialTests: XCTestCase {
    func test_aZeroTimeoutPollsOnceAndATimeoutWaitsOnce() {
        assertSameTraces(Scenarios.pollAndWaitIterations)
    }

    func test_runResultsFollowCFsRulesAndPrecedence() {
        assertSameTraces(Scenarios.runResults)
    }

    func test_aModeThatRunsOutOfWorkFinishesAtTheEndOfTheIteration() {
        assertSameTraces(Scenarios.finishedAtEndOfIteration)
    }
}

/// runloop.md §3, §9, §10: observers.
final class ObserverDifferentialTests: XCTestCase {
    func test_observersRunBySignedOrderWithEqualOrdersFirstAddedFirst() {
        assertSameTraces(Scenarios.observerOrder)
    }

    func test_observersChangedDuringAPassFollowTheSnapshotRules() {
        assertSameTraces(Scenarios.observerMutationDuringPass)
    }

    func test_oneShotObserversFireOnceAndLeaveEveryMode() {
        assertSameTraces(Scenarios.oneShotObservers)
    }

    func test_aFiringObserverIsSkippedByNestedRunsAndTheOthersAreNot() {
        assertSameTraces(Scenarios.firingObserverSkippedByNestedRuns)
    }

    func test_aCommitObserversPassTakesLowerOrdersAndNeedsAWakeUpForLaterOnes() {
        assertSameTraces(Scenarios.commitObserverPhases)
    }
}

/// runloop.md §4: version-0 sources.
final class SourceDifferentialTests: XCTestCase {
    func test_signalledSourcesArePerformedByOrderThenByFirstSignal() {
        assertSameTraces(Scenarios.sourceOrder)
    }

    func test_sourcesSignalledDuringAPassWaitForTheNextIteration() {
        assertSameTraces(Scenarios.sourceSnapshot)
    }

    func test_aPassWhoseLastSourceWasInvalidatedCountsAsHandlingNothing() {
        assertSameTraces(Scenarios.invalidatedLastSourceOfAPass)
    }

    func test_aSignalDoesNotWakeTheLoop() {
        assertSameTraces(Scenarios.signalDoesNotWake)
    }

    func test_aSourceSignalledFromAnotherThreadWaitsForAWakeUp() {
        assertSameTraces(Scenarios.crossThreadSignal)
    }

    func test_scheduleAndCancelCallbacksFollowAddsAndRemoves() {
        assertSameTraces(Scenarios.scheduleAndCancel)
    }
}
