import LaminaLoop

/// runloop.md §2: the iteration skeleton (A–O), the poll rule, and the run results (§2.2).
extension Scenarios {
    static let pollAndWaitIterations = Scenario(
        "A zero timeout polls once without beforeWaiting/afterWaiting but fires a due timer; a timeout waits",
        sections: ["§2", "§2.1", "§2.2"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("o1", .allActivities, mode: m1),
            .run(m1, timeout: 0),
            .run(m1, timeout: 0.03),
            .run(m1, timeout: -1),
            .addTimer("t1", afterMs: 0, mode: m1),
            .sleep(ms: 5),
            .run(m1, timeout: 0),
        ],
        mustShow: ["observer o1 beforeWaiting", "observer o1 afterWaiting", "timer t1", "run m1 -> timedOut"])

    /// Observers never keep a mode alive; the common pseudo-mode is not runnable; a secondary
    /// thread's default mode starts empty. handledSource > timedOut > stopped > finished, and only
    /// sources count as handled (timers and blocks do not).
    static let runResults = Scenario(
        "Run results: empty modes finish without callouts, only sources count as handled, precedence",
        sections: ["§2", "§2.2"],
        steps: [
            .addObserver("o1", [.entry, .exit], mode: m1),
            .run(m1, timeout: 1),
            .run(m2, timeout: 1),
            .run(.common, timeout: 1),
            .addObserver("o2", [.entry, .exit], mode: .default),
            .run(.default, timeout: 1),
            .addSource("s1", order: 1, mode: m1),
            .addSource("s2", order: 2, mode: m1),
            .signal("s1"),
            .signal("s2"),
            .run(m1, timeout: 2, returnAfterSourceHandled: true),
            .run(m1, timeout: 2, returnAfterSourceHandled: true),
            .addTimer("t1", afterMs: 0, mode: m1),
            .run(m1, timeout: 0.05, returnAfterSourceHandled: true),
            .perform("b1", modes: [m1]),
            .run(m1, timeout: 0.05, returnAfterSourceHandled: true),
            .addSource("s3", order: 3, mode: m1),
            .signal("s3"),
            .run(m1, timeout: 2, returnAfterSourceHandled: true),
            .run(m1, timeout: 0.03),
        ],
        when: [when(.source("s3"), 1, .stop)],
        mustShow: [
            "run m1 -> finished", "run m2 -> finished", "run common -> finished", "run default -> finished",
            "run m1 -> handledSource", "timer t1", "block b1", "run m1 -> timedOut",
        ])

    /// The end-of-iteration check finds the mode empty: `finished`, after `exit`.
    static let finishedAtEndOfIteration = Scenario(
        "A mode that runs out of work finishes at the end of the iteration, with exit",
        sections: ["§2", "§2.2", "§6"],
        steps: [
            .addObserver("o1", .allActivities, mode: m1),
            .addSource("s1", mode: m1),
            .signal("s1"),
            .run(m1, timeout: 2),
            .addObserver("o2", .allActivities, mode: m2),
            .addTimer("t1", afterMs: 5, mode: m2),
            .run(m2, timeout: 2),
        ],
        when: [when(.source("s1"), 1, .invalidate("s1"))],
        mustShow: ["source s1", "observer o1 exit", "timer t1", "observer o2 exit", "run m2 -> finished"])
}
