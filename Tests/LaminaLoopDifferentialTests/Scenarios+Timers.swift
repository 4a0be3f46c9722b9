import LaminaLoop

/// runloop.md §6: timers. Durations are a few milliseconds; what is compared is order, and dates
/// only as whole intervals between them.
extension Scenarios {
    /// Due timers fire only at the wake, after afterWaiting (beforeTimers is not "just before
    /// timers"), all of them on one timer wake, in fire-date order (not the order added). The batch
    /// is a snapshot: a timer invalidated by an earlier one is skipped, one added is left for the
    /// next wake.
    static let timersInDateOrder = Scenario(
        "Due timers fire after the wait and afterWaiting, together, in fire-date order",
        sections: ["§6", "§2.1"],
        steps: [
            .addObserver("o1", .allActivities, mode: m1),
            .addTimer("t1", afterMs: 30, mode: m1),
            .addTimer("t2", afterMs: 10, mode: m1),
            .addTimer("t3", afterMs: 20, mode: m1),
            .addTimer("t4", afterMs: 40, mode: m1),
            .sleep(ms: 50),
            .run(m1, timeout: 2),
        ],
        when: [
            when(.timer("t2"), 1, .invalidate("t4"), .addTimer("t5", afterMs: 0, mode: m1)),
            when(.timer("t5"), 1, .stop),
        ],
        mustShow: ["timer t2", "timer t3", "timer t1", "timer t5", "run m1 -> stopped"])

    /// A timer created with a date in the past is due "now": it fires after timers that were
    /// already due before it was made.
    static let pastDatedTimer = Scenario(
        "A timer dated in the past counts as due now and fires after timers due earlier",
        sections: ["§6"],
        steps: [
            .addObserver("o1", .afterWaiting, mode: m1),
            .addTimer("t1", afterMs: 20, mode: m1),
            .sleep(ms: 40),
            .addTimer("t2", afterMs: -200, mode: m1),
            .run(m1, timeout: 2),
        ],
        when: [when(.timer("t2"), 1, .stop)],
        mustShow: ["timer t1", "timer t2"])

    /// A repeating timer whose callout overruns 2.5 intervals skips the missed slots: its next
    /// date is the first slot after now (3 intervals after the fired date), no catch-up. Half an
    /// interval (50 ms) of margin absorbs scheduling delays.
    static let missedSlotsSkipped = Scenario(
        "A repeating timer that falls behind skips its missed slots",
        sections: ["§6"],
        steps: [
            .addObserver("o1", .beforeWaiting, mode: m1),
            .addTimer("t1", afterMs: 20, intervalMs: 100, mode: m1),
            .run(m1, timeout: 2),
        ],
        when: [
            when(.timer("t1"), 1, .sleep(ms: 250)),
            when(.observer("o1", .beforeWaiting), 2, .checkTimer("t1")),
            when(.timer("t1"), 2, .stop),
        ],
        mustShow: ["timer t1 next: +3 intervals, in the future: true"])

    /// A later date set from the timer's own callout is kept instead of the next slot. A timer in
    /// a mode that is not running does not fire.
    static let laterFireDateKept = Scenario(
        "A later fire date set in the timer's callout is kept; timers of other modes do not fire",
        sections: ["§6"],
        steps: [
            .addObserver("o1", .beforeWaiting, mode: m1),
            .addTimer("t1", afterMs: 10, intervalMs: 20, mode: m1),
            .addTimer("other", afterMs: 5, mode: m2),
            .run(m1, timeout: 2),
        ],
        when: [
            when(.timer("t1"), 1, .setNextFireDate("t1", intervalsAfterLastFire: 5)),
            when(.observer("o1", .beforeWaiting), 2, .checkTimer("t1")),
            when(.timer("t1"), 2, .stop),
        ],
        mustShow: ["timer t1 next: +5 intervals, in the future: true"])

    /// Adding or moving a timer re-arms the mode's timer at once: one added from another thread
    /// while the loop sleeps ends the sleep by itself. CF's `CFRunLoopTimerSetNextFireDate` also
    /// calls `CFRunLoopWakeUp` when called from another thread, so moving one there ends the sleep
    /// at once, and the timer fires after one more iteration.
    static let timerAddedFromOtherThread = Scenario(
        "A timer added or moved from another thread while the loop sleeps ends the sleep",
        sections: ["§6", "§7"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("o1", .allActivities, mode: m1),
            .addTimer("t2", afterMs: 60_000, mode: m1),
            .run(m1, timeout: 2),
        ],
        when: [
            when(.observer("o1", .beforeWaiting), 1, .fromOtherThreadWhenAsleep([.addTimer("t1", afterMs: 10, mode: m1)])),
            when(.observer("o1", .beforeWaiting), 2, .fromOtherThreadWhenAsleep([.moveTimer("t2", msFromNow: 50)])),
            when(.timer("t2"), 1, .stop),
        ],
        mustShow: ["timer t1", "timer t2", "run m1 -> stopped"])

    /// A timer's callout may run the loop: the firing timer is skipped by the nested run, other
    /// due timers fire inside it, and the outer batch then skips those that already fired.
    static let timerCalloutRunsNestedLoop = Scenario(
        "A timer callout running the loop: the other due timers fire inside it, once",
        sections: ["§6", "§7"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("o1", .iteration, mode: m1),
            .addTimer("t1", afterMs: 5, intervalMs: 1_000, mode: m1),
            .addTimer("t2", afterMs: 10, mode: m1),
            .sleep(ms: 20),
            .run(m1, timeout: 0.2),
        ],
        when: [when(.timer("t1"), 1, .run(m1, timeout: 0.03))],
        mustShow: ["timer t1", "timer t2", "run m1 -> timedOut"])

    /// Items removed (not invalidated) from the running mode during a pass stay in that pass's
    /// snapshot: a removed signalled source is still performed. A due timer removed from the mode by
    /// an earlier timer of the same batch: CF fires it only while it is still in some mode of the
    /// loop (`__CFRunLoopDoTimer` requires `rlt->_runLoop == rl`, cleared when the timer leaves its
    /// last mode). The far-off timer keeps a date to re-arm for: CF on Linux never disarms a mode's
    /// timerfd, so without it the removed timers' dates would end one more sleep there (Lamina
    /// disarms, as Darwin's CF does; see Docs/01-run-loop.md).
    static let itemsRemovedDuringAPass = Scenario(
        "Sources and timers removed from the running mode during a pass",
        sections: ["§4", "§6", "§1"],
        steps: [
            .addObserver("o1", .iteration, mode: m1),
            .addSource("keep", mode: m1),
            .addSource("s1", order: 1, mode: m1),
            .addSource("s2", order: 2, mode: m1, tracksScheduling: true),
            .signal("s1"),
            .signal("s2"),
            .run(m1, timeout: 0),
            .addTimer("t1", afterMs: 5, mode: m1),
            .addTimer("t2", afterMs: 10, mode: m1),
            .add("t2", mode: m2),
            .addTimer("t3", afterMs: 15, mode: m1),
            .addTimer("far", afterMs: 60_000, mode: m1),
            .sleep(ms: 30),
            .run(m1, timeout: 0.05),
            .contains("t3", mode: m1),
        ],
        when: [
            when(.source("s1"), 1, .remove("s2", mode: m1)),
            when(.timer("t1"), 1, .remove("t2", mode: m1), .remove("t3", mode: m1)),
        ],
        mustShow: ["source s1", "cancel s2 m1", "timer t1", "contains t3 m1: false"])
}
