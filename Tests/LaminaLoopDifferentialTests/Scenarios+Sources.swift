import LaminaLoop

/// runloop.md §4: version-0 sources.
extension Scenarios {
    /// Sorted by (order, first signal). Equal-order signals are a millisecond apart, so CF's signal
    /// time stamps order them as Lamina's signal sequence does.
    static let sourceOrder = Scenario(
        "Signalled sources are performed by order, then by first signal; re-signalling changes nothing",
        sections: ["§4"],
        steps: [
            .addObserver("o1", [.beforeSources, .beforeWaiting], mode: m1),
            .addSource("s1", order: 5, mode: m1),
            .addSource("s2", order: 1, mode: m1),
            .addSource("s3", order: 5, mode: m1),
            .addSource("s4", order: -3, mode: m1),
            .signal("s1"), .sleep(ms: 1),
            .signal("s3"), .sleep(ms: 1),
            .signal("s2"), .sleep(ms: 1),
            .signal("s4"), .sleep(ms: 1),
            .signal("s1"),
            .run(m1, timeout: 0.02),
        ],
        mustShow: ["source s4", "source s2", "source s1", "source s3"])

    /// The set-up two scenarios share: an iteration observer o1 and sources s0, s1, s2 (orders 0, 1,
    /// 2) in m1, with s1 and s2 signalled.
    private static let sourcesS0ToS2WithS1AndS2Signalled: [Action] = [
            .addObserver("o1", .iteration, mode: m1),
            .addSource("s0", order: 0, mode: m1),
            .addSource("s1", order: 1, mode: m1),
            .addSource("s2", order: 2, mode: m1),
            .signal("s1"),
            .signal("s2"),
    ]

    /// The signal is cleared before `perform`, so a perform can signal its own source again; sources
    /// signalled during a pass are not in its snapshot and wait for the next iteration (which polls,
    /// so no beforeWaiting in between).
    static let sourceSnapshot = Scenario(
        "A perform may re-signal its source; sources signalled during a pass wait for the next iteration",
        sections: ["§4", "§2.1"],
        steps: sourcesS0ToS2WithS1AndS2Signalled + [.run(m1, timeout: 0.02)],
        when: [when(.source("s1"), 1, .signal("s1"), .signal("s0"))],
        mustShow: ["source s0", "source s1", "source s2"])

    /// A source invalidated before its turn in a pass is not performed. CF's pass then reports
    /// whether the *last* source of its sorted snapshot was performed (`sourceHandled` is assigned
    /// per source, not accumulated), so when that last one was invalidated the iteration does not
    /// poll: it sleeps, and the sources signalled meanwhile wait for the next run.
    static let invalidatedLastSourceOfAPass = Scenario(
        "A pass whose last source was invalidated before its turn counts as handling nothing",
        sections: ["§4", "§2"],
        steps: sourcesS0ToS2WithS1AndS2Signalled + [.run(m1, timeout: 0.05), .run(m1, timeout: 0.05)],
        when: [when(.source("s1"), 1, .signal("s1"), .signal("s0"), .invalidate("s2"))],
        mustShow: ["source s1", "source s0"])

    /// Signalling does not wake the loop: a signal made in beforeTimers is performed in that
    /// iteration, one made in beforeWaiting waits until something else ends the sleep (here the
    /// timeout, so the next run performs it).
    static let signalDoesNotWake = Scenario(
        "A signal in beforeTimers is performed that iteration; one in beforeWaiting waits for a wake",
        sections: ["§4", "§2.1"],
        steps: [
            .addObserver("o1", .iteration, mode: m1),
            .addSource("s1", mode: m1),
            .addSource("s2", mode: m1),
            .run(m1, timeout: 0.05),
            .run(m1, timeout: 0.05),
        ],
        when: [
            when(.observer("o1", .beforeTimers), 1, .signal("s1")),
            when(.observer("o1", .beforeWaiting), 1, .signal("s2")),
        ],
        mustShow: ["source s1", "source s2", "run m1 -> timedOut"])

    /// From another thread, a signal needs a wake-up; without one the source waits.
    static let crossThreadSignal = Scenario(
        "A source signalled from another thread is performed only when the loop is woken",
        sections: ["§4", "§7"],
        steps: [
            .addObserver("o1", .iteration, mode: m1),
            .addSource("s1", mode: m1),
            .run(m1, timeout: 0.3),
            .run(m1, timeout: 0),
        ],
        when: [
            when(.observer("o1", .beforeWaiting), 1, .fromOtherThreadWhenAsleep([.signal("s1"), .wakeUp])),
            when(.observer("o1", .beforeWaiting), 2, .fromOtherThreadWhenAsleep([.signal("s1")])),
        ],
        mustShow: ["source s1", "observer o1 afterWaiting"])

    /// schedule/cancel callbacks on adding to and removing from a mode (each source is in one mode
    /// at a time when it is invalidated: CF cancels in hash order of the modes otherwise).
    static let scheduleAndCancel = Scenario(
        "A source's schedule and cancel callbacks follow adds and removes, once per mode",
        sections: ["§4", "§1"],
        steps: [
            .addSource("s1", mode: m1, tracksScheduling: true),
            .add("s1", mode: m1),
            .add("s1", mode: m2),
            .remove("s1", mode: m1),
            .remove("s1", mode: m1),
            .contains("s1", mode: m2),
            .add("s1", mode: .common),
            .contains("s1", mode: .default),
            .remove("s1", mode: .common),
            .contains("s1", mode: .default),
            .invalidate("s1"),
            .contains("s1", mode: m2),
            .addSource("s2", mode: m3, tracksScheduling: true),
            .addCommonMode(m3),
            .add("s2", mode: .common),
        ],
        mustShow: ["schedule s1 m1", "cancel s1 m1", "schedule s1 default", "cancel s1 m2", "schedule s2 default"])
}
