import Lamina

/// Chapter 6: why a timer stops firing while a finger drags. UIKit runs the main loop in
/// `UITrackingRunLoopMode` while a scroll view tracks a touch; a timer scheduled in the default
/// mode is not in that mode, so it waits — and fires again once the loop is back in the default
/// mode, having skipped the slots it missed. Scheduled in the common modes, it fires throughout.
/// The loop runs on a virtual clock, so the counts are exact.
@MainActor
func runChapterSix() {
    print("""
        A timer fires only while the loop runs in one of the timer's modes. A drag runs the main
        loop in the tracking mode; a timer added to the default mode sleeps through it. The same
        timer added to the common modes (the default and tracking modes, as UIKit registers them)
        keeps firing. This chapter runs the main loop on a virtual clock, one simulated second at
        a time, with a timer every 100 ms.
        """)
    let main = EventLoop.main
    main.addCommonMode(.tracking)
    main.useVirtualClock(EventLoop.VirtualClock())
    defer { main.useVirtualClock(nil) }
    do {
        let counter = FireCounter()
        let timer = EventLoop.Timer(after: .milliseconds(100), interval: .milliseconds(100), name: "chapter 6: 100 ms timer") { _ in
            MainActor.assumeIsolated { counter.fires += 1 }
        }
        main.add(timer, to: .default)
        func second(in mode: EventLoop.Mode, _ what: String) {
            counter.fires = 0
            let start = main.now
            _ = main.run(mode: mode, timeout: .seconds(1))
            say("  \(what): \(counter.fires) fires in \(start.duration(to: main.now)) of loop time")
        }
        second(in: .default, "1 s in the default mode (no drag)")
        second(in: .tracking, "1 s in the tracking mode (a drag), timer in the default mode only")
        second(in: .default, "1 s back in the default mode")
        say("  — 11, not 10: the timer was overdue, so it fired once at once for all the slots it missed, then")
        say("    went on on its 100 ms grid: a repeating timer skips missed slots, it never catches up")
        main.add(timer, to: .common)
        second(in: .tracking, "1 s in the tracking mode, timer added to the common modes")
        timer.invalidate()
    }
    say("""

        Try it: in the timeline below, the "timer" events stop during the second run (mode
        tracking) and come back. Core Animation's frame clock and the display link fire in the common
        modes for the same reason: a drag must not stop the frames.
        """)
}

/// Counts the timer's fires (main thread).
@MainActor
private final class FireCounter {
    var fires = 0
}
