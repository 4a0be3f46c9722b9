import LaminaLoop

/// runloop.md §1: the data model — common modes and mode membership.
///
/// Observers copied into a newly common mode are given distinct orders: CF copies common items in
/// hash order, Lamina in the order they were added (a documented difference, §11.8).
extension Scenarios {
    /// Items added to common join every common mode, those marked common later too; a block
    /// performed for common runs in any common mode; removing from common removes from all;
    /// adding an item twice does nothing.
    static let commonModeItems = Scenario(
        "Common items join every common mode, now and later; common blocks run in any of them",
        sections: ["§1", "§5"],
        steps: [
            .addObserver("o1", [.entry, .beforeWaiting, .exit], order: 1, mode: .common),
            .addSource("keep", mode: .common),
            .addCommonMode(m1),
            .addObserver("o2", [.entry, .beforeWaiting, .exit], order: 2, mode: .common),
            .add("o1", mode: m1),
            .contains("o1", mode: m1),
            .contains("o2", mode: .default),
            .contains("o2", mode: .common),
            .perform("b1", modes: [.common]),
            .run(m1, timeout: 0.02),
            .run(.default, timeout: 0.02),
            .remove("o2", mode: .common),
            .contains("o2", mode: m1),
            .contains("o2", mode: .common),
            .run(m1, timeout: 0),
            .perform("b2", modes: [.common]),
            .addObserver("o3", .allActivities, mode: m2),
            .run(m2, timeout: 0.02),
            .run(.default, timeout: 0),
        ],
        mustShow: [
            "contains o1 m1: true", "contains o2 default: true", "block b1", "observer o2 beforeWaiting",
            "contains o2 m1: false", "run m2 -> finished", "block b2",
        ])

    /// Removing an item from one mode leaves it in the others; invalidating removes it from all.
    static let modeMembership = Scenario(
        "An item removed from one mode stays in the others; an invalidated one leaves them all",
        sections: ["§1", "§3", "§6"],
        steps: [
            .addObserver("o1", [.entry, .exit], mode: m1),
            .add("o1", mode: m2),
            .addTimer("t1", afterMs: 10_000, mode: m1),
            .add("t1", mode: m2),
            .remove("o1", mode: m1),
            .contains("o1", mode: m1),
            .contains("o1", mode: m2),
            .run(m1, timeout: 0),
            .run(m2, timeout: 0),
            .invalidate("t1"),
            .contains("t1", mode: m2),
            .run(m2, timeout: 0),
        ],
        mustShow: ["contains o1 m1: false", "contains o1 m2: true", "observer o1 entry", "contains t1 m2: false", "run m2 -> finished"])

    /// A mode made common while it runs gets the common items at once: a common observer is called
    /// from the next activity pass, a common block runs at the next drain point.
    static let modeMadeCommonWhileRunning = Scenario(
        "A mode made common while it runs gets the common observers and blocks from the next pass",
        sections: ["§1", "§3", "§5"],
        steps: [
            .addObserver("common1", .iteration, order: 1, mode: .common),
            .addSource("keep", mode: m1),
            .addObserver("o2", .iteration, order: 2, mode: m1),
            .perform("b1", modes: [.common]),
            .run(m1, timeout: 0.03),
        ],
        when: [when(.observer("o2", .beforeTimers), 1, .addCommonMode(m1), .recordCurrentMode)],
        mustShow: ["observer common1 beforeSources", "block b1"])
}
