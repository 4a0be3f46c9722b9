import LaminaLoop

/// A callback once per frame of a ``FrameClock`` — Core Animation's `CADisplayLink`: a main-loop
/// timer, in the common modes (so a drag's tracking mode does not stop it), firing on the clock's
/// ticks. Animations read ``targetTimestamp`` to place what the next frame shows.
///
/// ```swift
/// let link = DisplayLink(frameClock: try XCTUnwrap(window.frameClock)) { link in
///     scrollView.contentOffset.y += speed * link.duration.seconds
/// }
/// link.start()
/// ```
///
/// A main thread busy past a tick misses it: the link calls back once, at the next tick it can,
/// and counts the frames it skipped (``skippedFrames``), as `CADisplayLink` skips rather than
/// catching up. Main thread.
@MainActor
public final class DisplayLink {
    /// The clock whose ticks the link follows.
    public let frameClock: FrameClock
    /// The tick of the frame last called back for — its time is ``timestamp``; nil before the
    /// first callback.
    public private(set) var tick: FrameTick?
    /// Frames the link did not call back for because the main thread was busy at their tick
    /// (not counting those skipped on purpose by ``preferredFramesPerSecond``).
    public private(set) var skippedFrames = 0
    /// How many times the link has called back.
    public private(set) var callbackCount = 0
    /// While true the link calls back for no frame (the ticks pass unseen, and uncounted).
    public var isPaused = false {
        didSet { if isPaused != oldValue, !isPaused, isRunning { reschedule() } }
    }
    /// The rate to call back at: 0 (the default) for every tick; otherwise every n-th tick, n the
    /// clock's rate divided by this, rounded (at least 1) — 30 on a 60 Hz clock calls back for
    /// every other frame.
    public var preferredFramesPerSecond = 0 {
        didSet { if preferredFramesPerSecond != oldValue, isRunning { reschedule() } }
    }

    private let callback: @MainActor (DisplayLink) -> Void
    private var timer: EventLoop.Timer?
    private var modes: [EventLoop.Mode] = []
    /// The tick the current timer's grid starts at, and the last tick called back for on it.
    private var gridOrigin: Int64 = 0
    private var lastOnGrid: FrameTick?

    /// A link calling `callback` on the ticks of `frameClock`, once ``start(in:)`` runs.
    public init(frameClock: FrameClock, _ callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.frameClock = frameClock
        self.callback = callback
    }

    /// When the frame called back for is shown: the time of its tick.
    public var timestamp: EventLoop.Instant? { tick?.time }

    /// When the next frame the link calls back for will be shown: what an animation should be
    /// at after this callback's changes.
    public var targetTimestamp: EventLoop.Instant? { tick.map { $0.time.advanced(by: duration) } }

    /// The time between two callbacks: the clock's interval times the ticks per callback.
    public var duration: Duration { frameClock.interval * ticksPerCallback }

    /// Ticks per callback, from ``preferredFramesPerSecond``.
    public var ticksPerCallback: Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(Int((frameClock.ticksPerSecond / Double(preferredFramesPerSecond)).rounded()), 1)
    }

    /// Whether the link is started and not invalidated.
    public var isRunning: Bool { timer?.isValid ?? false }

    /// Starts calling back, from the next tick on, while the main loop runs in `modes` (the
    /// common modes by default). Starting a running link only changes its modes.
    public func start(in modes: [EventLoop.Mode] = [.common]) {
        self.modes = modes
        reschedule()
    }

    /// Stops the link for good (until ``start(in:)`` again).
    public func invalidate() {
        timer?.invalidate()
        timer = nil
        modes = []
    }

    /// A new timer on the clock's grid, from the next tick after now.
    private func reschedule() {
        guard !modes.isEmpty else { return }
        timer?.invalidate()
        let main = EventLoop.main
        let step = ticksPerCallback
        let timer = EventLoop.Timer(after: .zero, interval: frameClock.interval * step, name: "display link") { [weak self] timer in
            let fired = timer.nextFireDate
            MainActor.assumeIsolated {
                // A link released without `invalidate()` (its scroll view went away) stops here:
                // a repeating timer left behind would wake the main loop every frame for nothing.
                guard let self else { return timer.invalidate() }
                self.fire(scheduledAt: fired)
            }
        }
        let first = frameClock.tick(after: main.now)
        gridOrigin = first.index
        lastOnGrid = nil
        timer.nextFireDate = first.time
        for mode in modes { main.add(timer, to: mode) }
        self.timer = timer
    }

    /// Main thread, at a tick (or later, when the main thread was busy): the callback is for the
    /// latest tick of the link's grid that has passed; the grid's ticks between the last callback
    /// and it were skipped.
    private func fire(scheduledAt date: EventLoop.Instant) {
        guard !isPaused else { return }
        let step = Int64(ticksPerCallback)
        let passed = frameClock.tick(atOrBefore: max(date, EventLoop.main.now)).index
        let current = frameClock.tick(gridOrigin + max(passed - gridOrigin, 0) / step * step)
        if let last = lastOnGrid {
            let missed = (current.index - last.index) / step - 1
            if missed > 0 { skippedFrames += Int(missed) }
        }
        lastOnGrid = current
        tick = current
        callbackCount += 1
        callback(self)
    }
}
