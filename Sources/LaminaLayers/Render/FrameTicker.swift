import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The main loop's half of a paced ``RenderServer``: a one-shot main-loop timer, in the common
/// modes, armed for the ``FrameClock`` tick that will show the deltas submitted so far. When it
/// fires, the tick goes to the render thread, which makes the tick's frame from the deltas
/// submitted at or before the tick's time.
///
/// The tick is a main-loop timer rather than a render-thread one so that a test's virtual clock
/// drives it: every frame then lands on a known tick. On iOS the vsync reaches the render server
/// directly; here a tick that fires while the main thread is busy is late, and its frame is
/// composited late — but it is still the frame of that tick and shows the same commits.
///
/// Each delta waiting here counts as outstanding work awaiting a timer on `EventLoop.main`
/// (``EventLoop/beginAwaitingTimer()``), which lets a virtual clock move to the tick.
final class FrameTicker: Sendable {
    let clock: FrameClock
    private let state = Locked(State())
    private let deliver: @Sendable (FrameTick) -> Void

    private struct State {
        var timer: EventLoop.Timer?
        /// When each delta not yet handed to a tick was submitted, on the main loop's clock.
        var pending: [EventLoop.Instant] = []
        var isStopped = false
    }

    /// A ticker on `clock` handing each tick to `deliver` (on the main thread).
    init(clock: FrameClock, deliver: @escaping @Sendable (FrameTick) -> Void) {
        self.clock = clock
        self.deliver = deliver
    }

    /// A delta was submitted at `instant`: the tick after it will show it. Any thread.
    func deltaSubmitted(at instant: EventLoop.Instant) {
        let main = EventLoop.main
        let accepted = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            main.beginAwaitingTimer()
            state.pending.append(instant)
            if state.timer == nil { state.timer = arm(for: clock.tick(after: instant)) }
            return true
        }
        // A main loop asleep must look at the new timer (a virtual clock has no kernel timer to
        // wake it). Submitted on the main thread, the loop has not gone to sleep yet.
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

    /// A timer on the main loop, in the common modes, firing at `tick`'s time.
    private func arm(for tick: FrameTick) -> EventLoop.Timer {
        let timer = EventLoop.Timer(after: .zero, name: TraceEventName.frameClockTimer.name) { [weak self] _ in
            self?.fire(tick)
        }
        timer.nextFireDate = tick.time
        EventLoop.main.add(timer, to: .common)
        return timer
    }

    /// Main thread, at `tick`: the deltas submitted by its time go to the render thread; later
    /// ones wait for the tick after the earliest of them.
    private func fire(_ tick: FrameTick) {
        let handed = state.withLock { state -> Int in
            guard !state.isStopped else { return 0 }
            let before = state.pending.count
            state.pending.removeAll { $0 <= tick.time }
            state.timer = state.pending.min().map { arm(for: clock.tick(after: $0)) }
            return before - state.pending.count
        }
        guard handed > 0 else { return }
        if Trace.isEnabled { Trace.instant(.tick, arguments: ["tick": "\(tick.index)", "deltas": "\(handed)"]) }
        deliver(tick)
        EventLoop.main.endAwaitingTimer(handed)
    }
}
