import LaminaLoop

/// runloop.md §5: performed blocks.
extension Scenarios {
    /// One FIFO list drained at D (after beforeSources), F (after sources, if one fired) and N
    /// (after the wake); blocks for other modes go back to the head; blocks added during a drain
    /// wait for the next drain point.
    static let blockDrainPoints = Scenario(
        "Blocks drain after beforeSources, after a source and after the wake, FIFO and by mode",
        sections: ["§5", "§2.1"],
        steps: [
            .addObserver("o1", .iteration, mode: m1),
            .addSource("s1", mode: m1),
            .addSource("keep2", mode: m2),
            .perform("b1", modes: [m1]),
            .perform("b2", modes: [m2]),
            .perform("b3", modes: [m1]),
            .signal("s1"),
            .run(m1, timeout: 0.03),
            .run(m2, timeout: 0),
        ],
        when: [
            when(.block("b1"), 1, .perform("b6", modes: [m1])),
            when(.source("s1"), 1, .perform("b4", modes: [m1])),
            when(.observer("o1", .beforeWaiting), 1, .perform("b5", modes: [m1])),
        ],
        mustShow: ["block b1", "block b2", "block b3", "block b4", "block b5", "block b6"])

    /// A pending block keeps a mode from being empty, but running it is not a handled source, and
    /// it does not wake the loop: the run sleeps until its timeout. Blocks for several modes run
    /// in whichever is run first.
    static let pendingBlocksKeepModesAlive = Scenario(
        "A pending block keeps its mode runnable but is no handled source; multi-mode blocks run once",
        sections: ["§5", "§2.2"],
        steps: [
            .addObserver("o1", .allActivities, mode: m1),
            .add("o1", mode: m3),
            .perform("b1", modes: [m1]),
            .run(m1, timeout: 0.05, returnAfterSourceHandled: true),
            .run(m1, timeout: 0.05),
            .perform("b2", modes: [m2, m3]),
            .perform("b3", modes: [m3]),
            .perform("b4", modes: [m2]),
            .run(m3, timeout: 0.03),
            .run(m2, timeout: 0.03),
            .run(m2, timeout: 0.03),
        ],
        mustShow: ["block b1", "block b2", "block b3", "block b4", "run m1 -> finished", "run m2 -> finished"])

    /// From another thread, a block runs when the loop is woken; a wake-up sent while the loop is
    /// awake (before it sleeps) ends the next sleep at once; without a wake-up the block waits
    /// until something else ends the sleep.
    static let crossThreadBlocks = Scenario(
        "Blocks performed from another thread run when the loop is woken, not before",
        sections: ["§5", "§7"],
        steps: [
            .addSource("keep", mode: m1),
            .addObserver("o1", .iteration, mode: m1),
            .run(m1, timeout: 0.3),
        ],
        when: [
            when(.observer("o1", .beforeTimers), 1, .fromOtherThread([.perform("b3", modes: [m1]), .wakeUp])),
            when(.observer("o1", .beforeWaiting), 2, .fromOtherThreadWhenAsleep([.perform("b1", modes: [m1]), .wakeUp])),
            when(.observer("o1", .beforeWaiting), 3, .fromOtherThreadWhenAsleep([.perform("b2", modes: [m1])])),
        ],
        mustShow: ["block b1", "block b2", "block b3"])

    /// A drain takes the whole list first: a block that runs the loop nested does not see the
    /// blocks of the drain under way (those of other modes are set aside until it ends), so a nested
    /// run of their mode does not run them; they go back to the head of the list afterwards.
    static let nestedRunInsideABlockDrain = Scenario(
        "A nested run from a block does not see the blocks of the drain under way",
        sections: ["§5", "§7"],
        steps: [
            .addSource("keep1", mode: m1),
            .addSource("keep2", mode: m2),
            .addObserver("o2", [.entry, .beforeSources, .exit], mode: m2),
            .perform("b0", modes: [m2]),
            .perform("b1", modes: [m1]),
            .perform("b2", modes: [m1]),
            .run(m1, timeout: 0.03),
            .run(m2, timeout: 0),
        ],
        when: [when(.block("b1"), 1, .run(m2, timeout: 0), .perform("b3", modes: [m2]), .run(m2, timeout: 0))],
        mustShow: ["block b0", "block b2", "block b3"])
}
