import Dispatch
import Glibc
import Lamina

/// Chapter 7: the frame clock's deadline. Frames are presented on the ticks of the window's frame
/// clock (60 Hz, or 120 with `--fps 120`); a commit shows at the first tick after it. A main
/// thread busy past a tick commits late, and the ticks it missed have no new frame: dropped
/// frames. The ticks themselves fire on the render server's thread, so what was committed before
/// the hitch is presented on time (chapter 8). Part 1 is one hitch in a handler; part 2 is slow
/// drawing — on display queues
/// (`--async on`, the default) or on the main thread (`--async off`), with `--slow-render MS` per
/// render and `--queues N` display queues.
@MainActor
func runChapterSeven(trace recorder: TraceRecorder) {
    let interval = session.options.frameInterval
    print("""
        The window presents at most one frame per tick of its frame clock, every \(milliseconds(interval)) \
        (\(session.options.framesPerSecond) Hz).
        Each tick shows the commits made before it. A handler that keeps the main thread past a
        tick delays the commit, and the ticks in between show nothing new: those frames are
        dropped. The ticks fire on the render server's thread, not the main thread, so what was
        committed before the hitch is still presented at its tick (chapter 8 shows it).
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: Size(width: 320, height: 80), scale: 1)
    } catch {
        print("Could not make a window: \(error)")
        return
    }
    guard let recorder = window.presenter as? FrameRecorder else { return }
    _ = window.snapshot()
    say("\nPart 1 — a hitch: a view moves on every tick; the 4th move's handler works for 3½ frame intervals")
    let box = SlowView(frame: Rect(x: 0, y: 20, width: 40, height: 40), color: Color(red: 0.2, green: 0.4, blue: 0.8))
    box.displaysAsynchronously = false
    box.renderTime = .zero
    window.addSubview(box)
    _ = window.snapshot()
    let firstFrame = recorder.frameCount
    runOnTicks(of: window, count: 10) { step in
        box.frame.origin.x = Double(step) * 25
        if step == 4 { busyWait(interval * 3.5) }
    }
    report(recorder.frames.filter { $0.id > UInt64(firstFrame) }, interval: interval)

    say("\nPart 2 — slow drawing: six async views redraw on every tick, each render taking \(milliseconds(session.options.slowRender))")
    say("  async \(session.options.asyncDisplay ? "on" : "off"), \(session.options.queueCount) display queue(s)")
    let pool = DisplayQueuePool(queueCount: session.options.queueCount, name: "display")
    let views = (0..<6).map { index in
        let view = SlowView(frame: Rect(x: 5 + Double(index) * 52, y: 20, width: 48, height: 40),
                            color: Color(red: 0.3 + 0.1 * Double(index), green: 0.8 - 0.1 * Double(index), blue: 0.5))
        view.asyncLayer.displayQueuePool = pool
        view.displaysAsynchronously = session.options.asyncDisplay
        view.renderTime = session.options.slowRender
        return view
    }
    box.removeFromSuperview()
    for view in views { window.addSubview(view) }
    _ = window.snapshot()
    let secondFirst = recorder.frameCount
    let mainBusy = runOnTicks(of: window, count: 12) { step in
        for view in views { view.shade = step }
    }
    _ = window.snapshot()
    report(recorder.frames.filter { $0.id > UInt64(secondFirst) }, interval: interval)
    say("  the main thread was busy \(milliseconds(mainBusy)) in the 12 tick handlers and their commits")
    if session.options.asyncDisplay {
        say("""
              With async display the main thread stays free: touches and scrolling would keep their
              frames. The ticks without a new frame are the queues' backlog — each change cancels the
              renders it makes stale (the sentinel), and a round of six renders on \(session.options.queueCount) queue(s)
              takes longer than a frame.
            """)
    } else {
        say("  With async display off every commit draws six slow renders on the main thread: the ticks pass by.")
    }
    say("""

        Try it: `swift run PipelineTour 7 --async off` draws the same renders on the main thread:
        the handlers' commits take six renders each and most ticks are dropped. `--queues 6` gives
        every view its own queue; `--fps 120` halves the budget.
        """)
    window.renderServer.shutdown()
}

/// Runs `body(step)` on `count` consecutive ticks of the window's frame clock (2 ms after each,
/// as a display link would), committing after each, and returns the main thread's busy time.
@MainActor
@discardableResult
private func runOnTicks(of window: Window, count: Int, _ body: @escaping @MainActor (Int) -> Void) -> Duration {
    guard let clock = window.frameClock else { return .zero }
    let main = EventLoop.main
    var step = 0
    var busy = Duration.zero
    let first = clock.tick(after: main.now)
    let timer = EventLoop.Timer(after: .zero, interval: clock.interval, name: "chapter 7: on every tick") { timer in
        MainActor.assumeIsolated {
            let started = ContinuousClock.now
            step += 1
            body(step)
            Transaction.flush()
            busy += ContinuousClock.now - started
            if step >= count { timer.invalidate() }
        }
    }
    timer.nextFireDate = first.time.advanced(by: .milliseconds(2))
    main.add(timer, to: .common)
    while timer.isValid { _ = main.run(mode: .default, timeout: .milliseconds(100)) }
    return busy
}

/// Prints which ticks got a frame, and the gaps.
@MainActor
private func report(_ frames: [PresentedFrame], interval: Duration) {
    let ticks = frames.compactMap { $0.tick?.index }
    guard let first = ticks.first, let last = ticks.last else { return say("  no frames") }
    var line = "  frames on ticks:"
    var dropped = 0
    var previous = first - 1
    for tick in ticks {
        if tick > previous + 1 {
            line += " [\(tick - previous - 1) dropped]"
            dropped += Int(tick - previous - 1)
        }
        line += " \(tick - first + 1)"
        previous = tick
    }
    say(line)
    say("  \(frames.count) frames over \(last - first + 1) ticks: \(dropped) without a new frame")
}

/// "16.7 ms".
private func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return "\((value * 10).rounded() / 10) ms"
}

/// Keeps the main thread busy for `duration` (the hitch), without sleeping.
private func busyWait(_ duration: Duration) {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {}
}

/// A view whose async layer fills a colour after taking `renderTime`, like a slow drawing.
@MainActor
final class SlowView: View, AsyncLayerDelegate {
    override class var layerClass: Layer.Type { AsyncLayer.self }
    override var drawsContent: Bool { true }
    var asyncLayer: AsyncLayer {
        guard let layer = layer as? AsyncLayer else { preconditionFailure("layerClass is AsyncLayer") }
        return layer
    }
    let color: Color
    var renderTime: Duration = .zero
    var displaysAsynchronously: Bool {
        get { asyncLayer.displaysAsynchronously }
        set { asyncLayer.displaysAsynchronously = newValue }
    }
    /// Changing it redraws: each step a lighter or darker shade.
    var shade = 0 {
        didSet { setNeedsDisplay() }
    }

    init(frame: Rect, color: Color) {
        self.color = color
        super.init(frame: frame)
    }

    func newAsyncDisplayTask() -> AsyncDisplayTask {
        let color = color.withAlpha(shade.isMultiple(of: 2) ? 1 : 0.6), renderTime = renderTime
        return AsyncDisplayTask(display: { context, size, _ in
            if renderTime > .zero { usleep(UInt32(renderTime.components.seconds * 1_000_000 + renderTime.components.attoseconds / 1_000_000_000_000)) }
            context.fillColor = color
            context.fill(Rect(size: size))
        })
    }
}
