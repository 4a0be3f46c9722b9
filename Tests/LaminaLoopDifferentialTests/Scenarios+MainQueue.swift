import LaminaLoop

/// runloop.md §8: the main dispatch queue, on the main thread's loop.
///
/// The main queue is drained only in common modes. These scenarios use the default mode, common on
/// both main loops, and fresh modes that are *not* common. They never call `addCommonMode` on the
/// main loop: a mode made common stays common for the rest of the process, where other tests of
/// `EventLoop.main` would see it. (The main loops' common modes differ on purpose — CF: default;
/// EventLoop.main: default and tracking — which does not matter for the default mode.)
extension Scenarios {
    /// Work queued before a run is drained after the first beforeWaiting/afterWaiting (the
    /// "drained last time" flag starts set) and counts as a handled source. A drain runs a
    /// snapshot: work queued during it runs in a later iteration, after another
    /// beforeWaiting/afterWaiting.
    static let mainQueueDrainedAfterTheFirstWait = Scenario(
        "Main-queue work is drained after the first wait, counts as handled, and drains a snapshot",
        sections: ["§8", "§2.2"],
        on: .main,
        steps: [
            .addObserver("o1", .allActivities, mode: .default),
            .mainQueueAsync("q1"),
            .run(.default, timeout: 2, returnAfterSourceHandled: true),
            .mainQueueAsync("q2"),
            .run(.default, timeout: 0.1),
        ],
        when: [when(.mainQueue("q2"), 1, .mainQueueAsync("q3"))],
        mustShow: ["main-queue q1", "run default -> handledSource", "main-queue q3", "run default -> timedOut"])

    /// Step H: when the last wake was not a drain, main-queue work found before beforeWaiting is
    /// drained at once, with no beforeWaiting/afterWaiting. A poll iteration (a source fired)
    /// drains work that is ready in the same iteration. `DispatchQueue.main.async` from another
    /// thread wakes the sleeping loop.
    static let mainQueuePrePoll = Scenario(
        "Main-queue work queued by a timer is drained before beforeWaiting; work from a source in its poll",
        sections: ["§8", "§2"],
        on: .main,
        steps: [
            .addObserver("o1", .allActivities, mode: .default),
            .addTimer("t1", afterMs: 5, mode: .default),
            .run(.default, timeout: 0.3),
            .addSource("s1", mode: .default),
            .signal("s1"),
            .run(.default, timeout: 0.05),
        ],
        when: [
            when(.timer("t1"), 1, .mainQueueAsync("q1")),
            when(.observer("o1", .beforeWaiting), 2, .fromOtherThreadWhenAsleep([.mainQueueAsync("q2")])),
            when(.source("s1"), 1, .mainQueueAsync("q3")),
        ],
        mustShow: ["main-queue q1", "main-queue q2", "main-queue q3"])

    /// The main queue is drained only in common modes, and not inside a drain: a nested run from a
    /// main-queue block neither drains it nor counts it as a source (the default mode with only
    /// observers then finishes at once, without callouts; with a source it runs, and the work
    /// queued meanwhile waits for the next run).
    static let mainQueueGating = Scenario(
        "The main queue drains only in common modes and never inside a drain",
        sections: ["§8", "§2.2", "§7"],
        on: .main,
        steps: [
            .addObserver("o1", .allActivities, mode: .default),
            .addSource("keep2", mode: m2),
            .addObserver("o2", .allActivities, mode: m2),
            .mainQueueAsync("q1"),
            .run(m2, timeout: 0.03),
            .run(.default, timeout: 2, returnAfterSourceHandled: true),
            .run(.default, timeout: 2, returnAfterSourceHandled: true),
        ],
        when: [
            when(
                .mainQueue("q1"), 1,
                .run(.default, timeout: 0.5), .addSource("keep", mode: .default), .mainQueueAsync("q2"),
                .run(.default, timeout: 0.03))
        ],
        mustShow: ["run m2 -> timedOut", "main-queue q1", "run default -> finished", "run default -> timedOut", "main-queue q2"])

    /// A nested run from an observer (not from a drain) of a common mode drains the main queue and
    /// returns handledSource; the firing observer is skipped inside it; the outer run then has
    /// nothing left to drain.
    static let nestedRunDrainsMainQueue = Scenario(
        "A nested run from an observer drains the main queue in a common mode",
        sections: ["§8", "§7", "§3"],
        on: .main,
        steps: [
            .addObserver("o1", [.beforeWaiting, .afterWaiting], order: 1, mode: .default),
            .addObserver("o2", .allActivities, order: 2, mode: .default),
            .mainQueueAsync("q1"),
            .run(.default, timeout: 0.1),
        ],
        when: [when(.observer("o1", .beforeWaiting), 1, .run(.default, timeout: 1, returnAfterSourceHandled: true))],
        mustShow: ["main-queue q1", "run default -> handledSource", "run default -> timedOut"])
}
