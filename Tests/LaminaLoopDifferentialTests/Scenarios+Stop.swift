import LaminaLoop

/// runloop.md §7: wake-ups, stop, nested runs. Each part of a scenario runs its own mode with its
/// own observer, so triggers count per part.
///
/// A nested run's timeout always ends well before its outer run's: CF's run timeout is a dispatch
/// timer that calls `CFRunLoopWakeUp`, so an outer deadline passing during a nested sleep would
/// wake the nested run (EventLoop's timeout is the wait's own; a documented difference).
extension Scenarios {
    /// Stop is checked only at the end of an iteration (or right after `entry`): from `entry` the
    /// run returns at once; from beforeTimers or a block at D the iteration still sleeps (woken at
    /// once by the stop's wake-up) with beforeWaiting/afterWaiting; from a source it polls out. The
    /// wake-up sent by a stop from `entry` is never consumed by that run: it ends the next run's
    /// first sleep.
    static let stopBeforeTheWait = Scenario(
        "Stop from entry, beforeTimers, a source or a block ends the run at the end of the iteration",
        sections: ["§7", "§2"],
        steps: [
            .addSource("keep1", mode: m1), .addObserver("a", .allActivities, mode: m1),
            .run(m1, timeout: 2),
            .run(m1, timeout: 0.05),
            .addSource("keep2", mode: m2), .addObserver("b", .allActivities, mode: m2),
            .run(m2, timeout: 2),
            .addSource("s3", mode: m3), .addObserver("c", .allActivities, mode: m3),
            .signal("s3"),
            .run(m3, timeout: 2),
            .addSource("keep4", mode: m4), .addObserver("d", .allActivities, mode: m4),
            .perform("b4", modes: [m4]),
            .run(m4, timeout: 2),
        ],
        when: [
            when(.observer("a", .entry), 1, .stop),
            when(.observer("b", .beforeTimers), 1, .stop),
            when(.source("s3"), 1, .stop),
            when(.block("b4"), 1, .stop),
        ],
        mustShow: ["run m1 -> stopped", "run m1 -> timedOut", "run m2 -> stopped", "run m3 -> stopped", "run m4 -> stopped"])

    /// Stop from a timer, from afterWaiting, or from another thread while the loop sleeps ends the
    /// run at the end of that iteration. Stop when the loop is not running does nothing, and is not
    /// remembered for the next run.
    static let stopAfterTheWait = Scenario(
        "Stop from a timer, afterWaiting or another thread ends the run; stop outside a run does nothing",
        sections: ["§7", "§2.2"],
        steps: [
            .addSource("keep5", mode: m5), .addObserver("e", .allActivities, mode: m5),
            .addTimer("t5", afterMs: 5, mode: m5),
            .run(m5, timeout: 2),
            .addSource("keep6", mode: m6), .addObserver("f", .allActivities, mode: m6),
            .run(m6, timeout: 2),
            .addSource("keep1", mode: m1), .addObserver("g", .allActivities, mode: m1),
            .run(m1, timeout: 2),
            .stop,
            .addSource("keep7", mode: m7), .addObserver("h", .allActivities, mode: m7),
            .run(m7, timeout: 0.03),
        ],
        when: [
            when(.timer("t5"), 1, .stop),
            when(.observer("f", .beforeWaiting), 1, .wakeUp),
            when(.observer("f", .afterWaiting), 1, .stop),
            when(.observer("g", .beforeWaiting), 1, .fromOtherThreadWhenAsleep([.stop])),
        ],
        mustShow: ["run m5 -> stopped", "run m6 -> stopped", "run m1 -> stopped", "run m7 -> timedOut"])

    /// Wake-ups are dropped while the loop is not running and from the wake until the next
    /// iteration starts (afterWaiting); one sent from beforeWaiting stays pending and ends the
    /// sleep at once. The ignore flag is per run: after a nested run (which ended ignoring
    /// wake-ups), a wake-up from the outer beforeWaiting still counts. The wake-up port is the
    /// loop's, not the run's: a wake-up pending when a nested run starts ends its first sleep.
    static let wakeUpIgnoreWindow = Scenario(
        "Wake-ups outside a run and from afterWaiting are dropped; one from beforeWaiting ends the sleep",
        sections: ["§7"],
        steps: [
            .wakeUp,
            .addSource("keep", mode: m1),
            .addObserver("o1", .iteration, mode: m1),
            .run(m1, timeout: 0.15),
            .addSource("keep2", mode: m2),
            .addObserver("o2", .iteration, mode: m2),
            .addSource("keep3", mode: m3),
            .addObserver("o3", .iteration, mode: m3),
            .run(m2, timeout: 0.2),
            .addSource("keep4", mode: m4),
            .addObserver("o4", .iteration, mode: m4),
            .run(m4, timeout: 0.2),
        ],
        when: [
            when(.observer("o1", .beforeWaiting), 1, .wakeUp),
            when(.observer("o1", .afterWaiting), 1, .wakeUp),
            when(.observer("o2", .beforeWaiting), 1, .run(m3, timeout: 0.02), .wakeUp),
            when(.observer("o4", .beforeWaiting), 1, .wakeUp, .run(m3, timeout: 0.03)),
        ],
        mustShow: ["observer o1 afterWaiting", "run m1 -> timedOut", "run m3 -> timedOut", "observer o2 afterWaiting", "run m4 -> timedOut"])

    /// A nested run has its own entry/exit and stop flag; a stop inside it ends only it; the
    /// current mode is the nested one inside and the outer one again after. A nested run of the
    /// same mode from a source gets every observer (none is firing).
    static let nestedRuns = Scenario(
        "Nested runs in another mode and in the same mode; a nested stop ends only the nested run",
        sections: ["§7", "§3"],
        steps: [
            .recordCurrentMode,
            .addSource("keep1", mode: m1),
            .addSource("s1", mode: m1),
            .addObserver("o1", .allActivities, order: 1, mode: m1),
            .addObserver("o3", .beforeWaiting, order: 3, mode: m1),
            .addSource("keep2", mode: m2),
            .addObserver("o2", .allActivities, mode: m2),
            .run(m1, timeout: 0.1),
            .recordCurrentMode,
            .signal("s1"),
            .run(m1, timeout: 0.05),
        ],
        when: [
            when(.observer("o1", .beforeWaiting), 1, .recordCurrentMode, .run(m2, timeout: 2), .recordCurrentMode),
            when(.observer("o2", .beforeTimers), 1, .recordCurrentMode, .stop),
            when(.source("s1"), 1, .run(m1, timeout: 0), .recordCurrentMode),
        ],
        mustShow: ["current none", "current m2", "current m1", "run m2 -> stopped", "run m1 -> timedOut"])

    /// A stop from an `exit` observer lands in the run that is ending and is forgotten: neither the
    /// next run nor, for a nested run, the outer run is stopped. A stop from another thread while a
    /// nested run sleeps ends only the nested run.
    static let stopInExitAndFromOtherThreadWhenNested = Scenario(
        "Stop from exit is forgotten; stop from another thread during a nested run ends only that run",
        sections: ["§7"],
        steps: [
            .addSource("keep1", mode: m1), .addObserver("a", [.entry, .beforeWaiting, .exit], mode: m1),
            .run(m1, timeout: 0),
            .run(m1, timeout: 0.03),
            .addSource("keep2", mode: m2), .addObserver("b", [.entry, .beforeWaiting, .exit], mode: m2),
            .addSource("keep3", mode: m3), .addObserver("c", [.entry, .beforeWaiting, .exit], mode: m3),
            .run(m2, timeout: 0.2),
        ],
        when: [
            when(.observer("a", .exit), 1, .stop),
            when(.observer("b", .beforeWaiting), 1, .run(m3, timeout: 0), .run(m3, timeout: 2)),
            when(.observer("c", .exit), 1, .stop),
            when(.observer("c", .beforeWaiting), 1, .fromOtherThreadWhenAsleep([.stop])),
        ],
        mustShow: ["run m1 -> timedOut", "run m3 -> timedOut", "run m3 -> stopped", "run m2 -> timedOut"])
}
