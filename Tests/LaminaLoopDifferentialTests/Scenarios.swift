/// The scenario catalogue, grouped by runloop.md section in `Scenarios+….swift`. Every scenario
/// has a test method in `DifferentialTests+….swift`; `all` is what the catalogue test checks.
enum Scenarios {
    static let all: [Scenario] = [
        // §1 data model, common modes
        commonModeItems, modeMembership, modeMadeCommonWhileRunning,
        // §2 iteration and run results
        pollAndWaitIterations, runResults, finishedAtEndOfIteration,
        // §3 observers, §9 commit observer, §10 phases
        observerOrder, observerMutationDuringPass, oneShotObservers, firingObserverSkippedByNestedRuns,
        commitObserverPhases,
        // §4 sources
        sourceOrder, sourceSnapshot, invalidatedLastSourceOfAPass, signalDoesNotWake, crossThreadSignal, scheduleAndCancel,
        // §5 blocks
        blockDrainPoints, pendingBlocksKeepModesAlive, crossThreadBlocks, nestedRunInsideABlockDrain,
        // §6 timers
        timersInDateOrder, pastDatedTimer, missedSlotsSkipped, laterFireDateKept, timerAddedFromOtherThread,
        timerCalloutRunsNestedLoop, itemsRemovedDuringAPass,
        // §7 wake-up, stop, nesting
        stopBeforeTheWait, stopAfterTheWait, stopInExitAndFromOtherThreadWhenNested, wakeUpIgnoreWindow, nestedRuns,
        // §8 main queue
        mainQueueDrainedAfterTheFirstWait, mainQueuePrePoll, mainQueueGating, nestedRunDrainsMainQueue,
    ]
}
