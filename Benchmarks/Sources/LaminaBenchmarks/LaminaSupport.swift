import LaminaLoop

/// The Lamina side's building blocks, made the same way as CFRunLoop's in every benchmark.
enum LaminaBaseline {
    /// `count` repeating observers of every activity, orders 1…count, calling
    /// `handler(index, activity)`; index 0 runs first.
    static func makeObservers(
        count: Int, _ handler: @escaping @Sendable (Int, EventLoop.Activity) -> Void
    ) -> [EventLoop.Observer] {
        (0..<count).map { index in
            EventLoop.Observer(activities: .allActivities, repeats: true, order: index + 1) { _, activity in
                handler(index, activity)
            }
        }
    }

    /// A source that is never signalled: it only keeps a secondary thread's default mode from
    /// counting as empty (the CFRunLoop side adds a CFRunLoopSource for the same reason).
    static func makeKeepAliveSource() -> EventLoop.Source {
        EventLoop.Source(order: 0) { _ in }
    }

    /// Stops `loop` from another thread: a block queued for it runs `stop()` on its own thread,
    /// so the stop is not lost if the loop was between runs.
    static func stopFromAnotherThread(_ loop: EventLoop) {
        loop.perform(in: .default) { EventLoop.current.stop() }
        loop.wakeUp()
    }
}

/// How many observers each loop gets in the observer benchmarks (the baselines' count).
let observerCount = 10
