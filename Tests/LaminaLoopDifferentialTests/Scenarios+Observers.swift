import LaminaLoop

/// runloop.md §3 (observers), §9 (a UI commit observer) and §10 (phases as observer orders).
extension Scenarios {
    /// Signed order; equal orders first-added first; removing and re-adding moves one to the end of
    /// its group.
    static let observerOrder = Scenario(
        "Observers run by signed order, equal orders first added first; re-adding moves one last",
        sections: ["§3", "§9"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("commitA", [.entry, .beforeWaiting, .exit], order: 2_000_000, mode: m1),
            .addObserver("arpPush", [.entry, .beforeWaiting, .exit], order: -2_147_483_647, mode: m1),
            .addObserver("commitB", [.entry, .beforeWaiting, .exit], order: 2_000_000, mode: m1),
            .addObserver("idle", [.entry, .beforeWaiting, .exit], order: 0xFF_FFFF, mode: m1),
            .addObserver("gesture", [.entry, .beforeWaiting, .exit], order: 0, mode: m1),
            .addObserver("commitC", [.entry, .beforeWaiting, .exit], order: 2_000_000, mode: m1),
            .addObserver("beforeCommit", [.entry, .beforeWaiting, .exit], order: 1_999_000, mode: m1),
            .run(m1, timeout: 0.02),
            .remove("commitA", mode: m1),
            .add("commitA", mode: m1),
            .run(m1, timeout: 0.02),
        ],
        mustShow: ["observer arpPush entry", "observer commitB beforeWaiting", "observer idle exit"])

    /// Each activity pass works on a snapshot: added → next pass; removed but valid → still called
    /// in this pass; invalidated before its turn → not called.
    static let observerMutationDuringPass = Scenario(
        "Observers added, removed, invalidated and re-added during a pass",
        sections: ["§3"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("a", [.beforeTimers, .beforeSources, .beforeWaiting], order: 1, mode: m1),
            .addObserver("b", [.beforeTimers, .beforeSources, .beforeWaiting], order: 2, mode: m1),
            .addObserver("c", [.beforeTimers, .beforeSources, .beforeWaiting], order: 3, mode: m1),
            .addObserver("d", [.beforeTimers, .beforeSources, .beforeWaiting], order: 3, mode: m1),
            .addObserver("f", [.beforeTimers, .beforeSources, .beforeWaiting], order: 3, mode: m1),
            .run(m1, timeout: 0.02),
        ],
        when: [
            when(
                .observer("a", .beforeTimers), 1,
                .remove("b", mode: m1), .invalidate("c"), .remove("d", mode: m1), .add("d", mode: m1),
                .addObserver("e", [.beforeTimers, .beforeSources], order: 0, mode: m1),
                .contains("b", mode: m1), .contains("d", mode: m1))
        ],
        mustShow: ["observer b beforeTimers", "observer e beforeSources", "contains b m1: false"])

    /// A one-shot observer fires once, for whichever activity comes first, and is then gone from
    /// every mode.
    static let oneShotObservers = Scenario(
        "One-shot observers fire once, for the first activity, and leave every mode",
        sections: ["§3"],
        steps: [
            .addSource("keep1", mode: m1),
            .addSource("keep2", mode: m2),
            .addObserver("once", [.beforeSources, .beforeWaiting], repeats: false, mode: m1),
            .addObserver("onceTwoModes", [.entry, .exit], repeats: false, mode: m1),
            .add("onceTwoModes", mode: m2),
            .addObserver("always", [.entry, .beforeSources, .exit], order: 10, mode: m1),
            .add("always", mode: m2),
            .run(m1, timeout: 0.02),
            .run(m1, timeout: 0.02),
            .contains("onceTwoModes", mode: m2),
            .run(m2, timeout: 0.02),
        ],
        mustShow: ["observer once beforeSources", "observer onceTwoModes entry", "contains onceTwoModes m2: false"])

    /// While an observer's callout runs a nested loop, that observer is skipped by the nested run
    /// (in any mode); the others get nested callouts and still their outer ones afterwards.
    static let firingObserverSkippedByNestedRuns = Scenario(
        "A firing observer is skipped by nested runs; the others are called inside and after",
        sections: ["§3", "§7"],
        steps: [
            .addSource("keep1", mode: m1),
            .addSource("keep2", mode: m2),
            .addObserver("o1", .beforeWaiting, order: 1, mode: m1),
            .add("o1", mode: m2),
            .addObserver("o2", .allActivities, order: 2, mode: m1),
            .add("o2", mode: m2),
            .addObserver("o3", .beforeWaiting, order: 3, mode: m1),
            .add("o3", mode: m2),
            .run(m1, timeout: 0.2),
        ],
        when: [when(.observer("o1", .beforeWaiting), 1, .run(m2, timeout: 0.02))],
        mustShow: ["run m2 -> timedOut", "observer o3 beforeWaiting", "observer o2 exit"])

    /// The orders of a UI frame (§9): state dirtied below the commit order is committed by the same
    /// pass; the 0xFFFFFF observer must wake the loop for another pass. Removing the commit
    /// observer during a pass does not stop its call in that pass; invalidating does. An observer
    /// added during a pass (§10: work added to the current phase) is called from the next pass.
    static let commitObserverPhases = Scenario(
        "A commit observer's pass: lower orders land in it, 0xFFFFFF needs a wake-up for the next",
        sections: ["§3", "§9", "§10"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("gesture", .commit, order: 0, mode: m1),
            .addObserver("beforeCommit", .commit, order: 1_999_000, mode: m1),
            .addObserver("commit", .commit, order: 2_000_000, mode: m1),
            .addObserver("afterCommit", .commit, order: 2_001_000, mode: m1),
            .addObserver("idle", .commit, order: 0xFF_FFFF, mode: m1),
            .run(m1, timeout: 0.1),
        ],
        when: [
            when(
                .observer("gesture", .beforeWaiting), 1,
                .perform("layout", modes: [m1]), .addObserver("input", .commit, order: -1, mode: m1)),
            when(.observer("idle", .beforeWaiting), 1, .perform("flush", modes: [m1]), .wakeUp),
            when(.observer("beforeCommit", .beforeWaiting), 2, .remove("commit", mode: m1), .invalidate("afterCommit")),
        ],
        mustShow: ["block flush", "observer input beforeWaiting", "observer commit beforeWaiting", "observer idle exit"])
}
