import XCTest

/// runloop.md §5: performed blocks.
final class BlockDifferentialTests: XCTestCase {
    func test_blocksDrainAtTheThreeDrainPointsInFIFOOrderByMode() {
        assertSameTraces(Scenarios.blockDrainPoints)
    }

    func test_aPendingBlockKeepsItsModeRunnableButIsNoHandledSource() {
        assertSameTraces(Scenarios.pendingBlocksKeepModesAlive)
    }

    func test_blocksFromAnotherThreadRunWhenTheLoopIsWoken() {
        assertSameTraces(Scenarios.crossThreadBlocks)
    }

    func test_aNestedRunFromABlockDoesNotSeeTheBlocksOfTheDrainUnderWay() {
        assertSameTraces(Scenarios.nestedRunInsideABlockDrain)
    }
}

/// runloop.md §6: timers.
final class TimerDifferentialTests: XCTestCase {
    func test_dueTimersFireAfterTheWaitInFireDateOrder() {
        assertSameTraces(Scenarios.timersInDateOrder)
    }

    func test_aTimerDatedInThePastCountsAsDueNow() {
        assertSameTraces(Scenarios.pastDatedTimer)
    }

    func test_aRepeatingTimerThatFallsBehindSkipsItsMissedSlots() {
        assertSameTraces(Scenarios.missedSlotsSkipped)
    }

    func test_aLaterFireDateSetInTheCalloutIsKept() {
        assertSameTraces(Scenarios.laterFireDateKept)
    }

    func test_aTimerAddedOrMovedFromAnotherThreadWhileTheLoopSleepsEndsTheSleep() {
        assertSameTraces(Scenarios.timerAddedFromOtherThread)
    }

    func test_aTimerCalloutRunningTheLoopLetsTheOtherDueTimersFireOnce() {
        assertSameTraces(Scenarios.timerCalloutRunsNestedLoop)
    }

    func test_sourcesAndTimersRemovedFromTheRunningModeDuringAPass() {
        assertSameTraces(Scenarios.itemsRemovedDuringAPass)
    }
}

/// runloop.md §7: wake-ups, stop, nested runs.
final class StopAndNestingDifferentialTests: XCTestCase {
    func test_stopBeforeTheWaitEndsTheRunAtTheEndOfTheIteration() {
        assertSameTraces(Scenarios.stopBeforeTheWait)
    }

    func test_stopAfterTheWaitEndsTheRunAndStopOutsideARunDoesNothing() {
        assertSameTraces(Scenarios.stopAfterTheWait)
    }

    func test_aStopFromExitIsForgottenAndACrossThreadStopEndsOnlyTheNestedRun() {
        assertSameTraces(Scenarios.stopInExitAndFromOtherThreadWhenNested)
    }

    func test_wakeUpsAreDroppedOutsideARunAndFromAfterWaiting() {
        assertSameTraces(Scenarios.wakeUpIgnoreWindow)
    }

    func test_nestedRunsHaveTheirOwnEntryExitAndStop() {
        assertSameTraces(Scenarios.nestedRuns)
    }
}

/// runloop.md §8: the main dispatch queue (main thread).
final class MainQueueDifferentialTests: XCTestCase {
    func test_mainQueueWorkIsDrainedAfterTheFirstWaitAsAHandledSnapshot() {
        assertSameTraces(Scenarios.mainQueueDrainedAfterTheFirstWait)
    }

    func test_mainQueueWorkIsDrainedBeforeBeforeWaitingWhenTheLastWakeWasNotADrain() {
        assertSameTraces(Scenarios.mainQueuePrePoll)
    }

    func test_theMainQueueDrainsOnlyInCommonModesAndNeverInsideADrain() {
        assertSameTraces(Scenarios.mainQueueGating)
    }

    func test_aNestedRunFromAnObserverDrainsTheMainQueueInACommonMode() {
        assertSameTraces(Scenarios.nestedRunDrainsMainQueue)
    }
}
