import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The render thread's vsync: a repeating timer on the render server's own loop, on the
/// ``FrameClock``'s grid, armed while there is something to show — deltas waiting for their tick,
/// or running animations — and disarmed when a tick finds neither. Each firing makes the frame of
/// its tick on the render thread.
///
/// The main thread takes no part: a tick fires while the main thread is busy, as the display's
/// refresh reaches iOS's render server without the app, so a frame already committed and every
/// running animation keep their ticks through a main-thread hitch.
///
/// The render loop follows the main loop's clock (``EventLoop/followClock(of:)``), so on a test's
/// virtual clock every tick still lands at a known time: the test moves the clock and the render
/// loop fires the ticks that became due. Each delta waiting here counts as outstanding work
/// awaiting a timer on `EventLoop.main` (``EventLoop/beginAwaitingTimer()``): a test driver that
/// waits for the frame moves the clock to the tick. On a virtual clock each tick also counts as
/// outstanding work on the main loop from the moment it fires until its frame is recorded there,
/// so a driver that advanced the clock sees the frame of the new time before it returns.
final class FrameTicker: Sendable {
    let clock: FrameClock
    private let loop: EventLoop
    private let state = Locked(State())
    /// Render thread: makes the frame of a tick. When `holdsMainWork`, the tick holds a unit of
    /// outstanding work on the main loop, which a report of the frame to the main thread ends
    /// there. Returns whether animations are still running (and so want the next tick), and
    /// whether the frame was reported.
    private let onTick: @Sendable (FrameTick, _ holdsMainWork: Bool) -> (isAnimating: Bool, reported: Bool)

    private struct State {
        var timer: EventLoop.Timer?
        /// When each delta not yet handed to a tick was submitted, on the main loop's clock.
        var pending: [EventLoop.Instant] = []
        var isStopped = false
    }

    /// A ticker on `clock`, firing on the render thread's `loop`.
    init(clock: FrameClock, loop: EventLoop, onTick: @escaping @Sendable (FrameTick, Bool) -> (isAnimating: Bool, reported: Bool)) {
        self.clock = clock
        self.loop = loop
        self.onTick = onTick
    }

    /// A delta was submitted at `instant`: the tick after it will show it. Any thread.
    func deltaSubmitted(at instant: EventLoop.Instant) {
        let main = EventLoop.main
        let accepted = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            main.beginAwaitingTimer()
            state.pending.append(instant)
            armIfNeeded(&state, from: instant)
            return true
        }
        // A main loop asleep on a virtual clock must look at the new timer: it moves the clock
        // to it. Submitted on the main thread, the loop has not gone to sleep yet.
        if accepted, !TraceThread.current.isMain { main.wakeUp() }
    }

    /// Stops ticking; the deltas still waiting will never be shown. Any thread.
    func stop() {
        let dropped = state.withLock { state -> Int in
            state.isStopped = true
            state.timer?.invalidate()
            state.timer = nil
            defer { state.pending = [] }
            return state.pending.count
        }
        EventLoop.main.endAwaitingTimer(dropped)
    }

    /// Arms the repeating timer, first firing at the tick after `instant`, unless it is armed.
    private func armIfNeeded(_ state: inout State, from instant: EventLoop.Instant) {
        guard state.timer == nil else { return }
        let timer = EventLoop.Timer(after: .zero, interval: clock.interval, name: TraceEventName.frameClockTimer.name) { [weak self] timer in
            self?.fire(timer)
        }
        timer.nextFireDate = clock.tick(after: instant).time
        loop.add(timer, to: .default)
        state.timer = timer
    }

    /// Render thread, at a tick (or later, when the render thread was late: then the frame is that
    /// of the latest tick passed, and the ticks in between are skipped, as a display skips them).
    private func fire(_ timer: EventLoop.Timer) {
        let main = EventLoop.main
        // First, before the timer is dated again: a test driver must never see this tick as
        // neither due nor outstanding.
        let bookkeeping = main.virtualClock != nil
        if bookkeeping { main.beginOutstandingWork() }
        let tick = clock.tick(atOrBefore: max(timer.nextFireDate, loop.now))
        let due = state.withLock { state -> Int in
            let before = state.pending.count
            state.pending.removeAll { $0 <= tick.time }
            return before - state.pending.count
        }
        if Trace.isEnabled { Trace.instant(.tick, arguments: ["tick": "\(tick.index)", "deltas": "\(due)"]) }
        main.endAwaitingTimer(due)
        let (isAnimating, reported) = onTick(tick, bookkeeping)
        state.withLock { state in
            guard state.timer === timer else { return }
            // The next tick is dated here rather than by the timer's interval: a delta submitted
            // while this frame was made may be due at a tick already past (the clock moved on
            // meanwhile), and its frame must still be that tick's, shown at once.
            if let earliest = state.pending.min() {
                timer.nextFireDate = clock.tick(after: earliest).time
            } else if isAnimating {
                timer.nextFireDate = clock.tick(after: tick.time).time
            } else {
                timer.invalidate()
                state.timer = nil
            }
        }
        if bookkeeping && !reported { main.endOutstandingWork() }
    }
}
