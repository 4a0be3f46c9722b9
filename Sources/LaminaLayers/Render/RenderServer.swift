import Glibc
import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The render server: a thread of its own that applies the layer tree's committed changes to a
/// render tree, composites the damaged region and presents each frame — iOS's render server,
/// Chromium's compositor thread. The main thread never composites.
///
/// The transaction commit calls ``submit(_:)`` with an immutable ``RenderTreeDelta``; the render
/// thread (named "render server", running its own `EventLoop` on the main loop's clock) makes
/// frames from the deltas as `FrameProducer` describes — at most one per tick of the server's
/// ``frameClock``, each listing the commits it contains, and one on every tick while animations
/// run — and hands them to the ``FramePresenter``. The ticks fire on the render thread, so a busy
/// main thread delays commits, never frames already committed or running animations. Every
/// presented frame is then recorded on the main thread (a block performed on `EventLoop.main`),
/// where ``onPresentation(ofCommit:_:)`` blocks run and ``waitForPresentation(ofCommit:timeout:)``
/// returns.
///
/// Each submitted delta counts as outstanding work on `EventLoop.main` until its frame is
/// recorded there, so a test that runs the main loop until idle also waits for the frame.
///
/// ```swift
/// let presenter = HeadlessPresenter()
/// let server = try RenderServer(size: Size(width: 320, height: 480), scale: 2, presenter: presenter)
/// server.submit(delta)
/// server.waitForPresentation(ofCommit: delta.commitID)   // runs EventLoop.main meanwhile
/// let pixels = presenter.lastFrame?.image
/// ```
public final class RenderServer: Sendable {
    /// The framebuffer's size at the last submitted delta, in points (RenderServer+Resizing).
    let submittedSize: Locked<Size>
    /// Device pixels per point.
    public let scale: Double
    /// The time between two ticks of the ``frameClock``; zero for a server that presents as soon
    /// as deltas arrive.
    public let frameInterval: Duration
    /// The vsync stand-in the frames are paced by: a frame per tick at most, each showing the
    /// commits submitted at or before its tick. Nil when ``frameInterval`` is zero.
    public let frameClock: FrameClock?
    /// What the framebuffer is cleared to before layers are painted.
    public let backgroundColor: Color

    private let producer: FrameProducer
    private let ticker: FrameTicker?
    let ledger: PresentationLedger
    private let thread: DedicatedThread
    /// The render thread's loop and kernel thread id, set before `init` returns.
    let renderLoop: Locked<(loop: EventLoop, threadID: Int32)?>
    let isShutDown = Locked(false)
    /// Whether ``shutdown()`` was called. Any thread.
    var hasShutDown: Bool { isShutDown.withLock { $0 } }

    /// Starts a render server with a framebuffer of `size` points at `scale`, cleared to
    /// `backgroundColor` (opaque black by default), presenting to `presenter` at most once per
    /// tick of a frame clock ticking every `frameInterval` (60 Hz by default) from the main loop's
    /// current time. A `frameInterval` of zero (or less) presents each delta as soon as the
    /// render thread has it, with no frame clock. Any thread; returns once the render thread
    /// runs.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` for a size or scale no framebuffer can have.
    public convenience init(size: Size, scale: Double, backgroundColor: Color = .black, presenter: any FramePresenter,
                            frameInterval: Duration = FrameClock.sixtyHertz) throws(GraphicsError) {
        try self.init(size: size, scale: scale, backgroundColor: backgroundColor, presenter: presenter,
                      frameInterval: frameInterval, sublayerGridMinimum: SublayerGrid.minimumSublayers)
    }

    /// ``init(size:scale:backgroundColor:presenter:frameInterval:)`` whose render tree gives a
    /// layer a ``SublayerGrid`` from `sublayerGridMinimum` sublayers on: tests lower it, so that
    /// their small random trees exercise the grids.
    init(size: Size, scale: Double, backgroundColor: Color = .black, presenter: any FramePresenter,
         frameInterval: Duration = FrameClock.sixtyHertz, sublayerGridMinimum: Int) throws(GraphicsError) {
        let compositor = try Compositor(size: size, scale: scale, backgroundColor: backgroundColor)
        submittedSize = Locked(size)
        self.scale = scale
        let isPaced = frameInterval > .zero
        self.frameInterval = isPaced ? frameInterval : .zero
        frameClock = isPaced ? FrameClock(interval: frameInterval, origin: EventLoop.main.now) : nil
        self.backgroundColor = backgroundColor
        let ledger = PresentationLedger()
        let producer = FrameProducer(compositor: compositor, presenter: presenter, isPaced: isPaced, ledger: ledger)
        producer.tree.sublayerGridMinimum = sublayerGridMinimum
        let renderLoop = Locked<(loop: EventLoop, threadID: Int32)?>(nil)
        let ready = ThreadSignal()
        thread = DedicatedThread(named: "render server") {
            let loop = EventLoop.current
            // Ticks and animations read the main loop's clock: virtual in tests.
            loop.followClock(of: EventLoop.main)
            loop.add(producer.source, to: .default)
            renderLoop.withLock { $0 = (loop, TraceThread.current.id) }
            ready.signal()
            loop.run()
            loop.remove(producer.source, from: .default)
        }
        ready.wait()
        let loop = renderLoop.withLock { $0!.loop }
        ticker = frameClock.map { clock in
            FrameTicker(clock: clock, loop: loop) { tick, holdsMainWork in
                let reported = producer.produceFrame(tick: tick, endingMainWork: holdsMainWork)
                return (producer.isAnimating, reported)
            }
        }
        producer.debugOverlays.withLock { $0 = .fromEnvironment }
        self.producer = producer
        self.ledger = ledger
        self.renderLoop = renderLoop
    }

    deinit {
        // No tree is hosted on a server being freed: there are no animations to stop.
        stop(reportingAnimations: false)
    }

    /// Queues `delta` for the frame of the next tick of the ``frameClock`` (without one, wakes the
    /// render thread to present it at once). Any thread (the transaction commit calls it on the
    /// main thread). After ``shutdown()`` the delta is dropped.
    public func submit(_ delta: RenderTreeDelta) {
        EventLoop.main.beginOutstandingWork()
        recordSize(of: delta)
        guard let loop = renderLoop.withLock({ $0?.loop }),
              let submitted = producer.enqueue(delta, submittedAt: EventLoop.main.now)
        else {
            EventLoop.main.endOutstandingWork()
            return
        }
        if Trace.isEnabled { Trace.instant(.submit, arguments: ["commit": "\(delta.commitID)"]) }
        if let ticker {
            ticker.deltaSubmitted(at: submitted)
        } else {
            producer.source.signal()
            loop.wakeUp()
        }
    }

    /// Stops the render thread and waits for it to end; deltas not yet composited are dropped
    /// (their presentation blocks never run). The animations it was running, or was sent and
    /// would have run, stop unfinished: their delegates and completion blocks hear on the main
    /// loop's next turn (a window closed mid-animation, as a view removed from its window in
    /// UIKit). Further calls do nothing. Any thread; also run by `deinit`.
    public func shutdown() {
        stop(reportingAnimations: true)
    }

    private func stop(reportingAnimations: Bool) {
        let wasShutDown = isShutDown.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasShutDown else { return }
        if reportingAnimations {
            EventLoop.main.perform { [self] in
                MainActor.assumeIsolated { AnimationCenter.stopAnimations(shownBy: self) }
            }
        }
        guard let (loop, threadID) = renderLoop.withLock({ $0 }) else { return }
        ticker?.stop()
        for _ in 0..<producer.close() { EventLoop.main.endOutstandingWork() }
        loop.perform(in: .default) { loop.stop() }
        loop.wakeUp()
        // From the render thread itself (a presenter shutting the server down) there is nothing
        // to wait for: the loop stops when the current frame returns.
        if TraceThread.current.id != threadID { thread.join() }
    }

    /// The debug overlays drawn over each presented frame (never into the framebuffer or any
    /// contents), from the next frame on; `LAMINA_DEBUG`'s by default. Any thread.
    public var debugOverlays: DebugOverlays {
        get { producer.debugOverlays.withLock { $0 } }
        set { producer.debugOverlays.withLock { $0 = newValue } }
    }

    /// Calls `body` with the render tree on the render thread and returns its result, waiting for
    /// it; nil after ``shutdown()``. Any thread. The tree holds the deltas applied so far: wait for
    /// a commit's presentation first to see it.
    func withRenderTree<T: Sendable>(_ body: @escaping @Sendable (RenderTree) -> T) -> T? {
        guard let (loop, threadID) = renderLoop.withLock({ $0 }), !isShutDown.withLock({ $0 }) else { return nil }
        let producer = self.producer
        if TraceThread.current.id == threadID { return body(producer.tree) }
        let result = Locked<T?>(nil)
        let done = ThreadSignal()
        loop.perform(in: .default) {
            let value = body(producer.tree)
            result.withLock { $0 = value }
            done.signal()
        }
        loop.wakeUp()
        done.wait()
        return result.withLock { $0 }
    }

    /// A copy of every layer state in the render tree, read on the render thread (a clear-box
    /// check for tests: it should equal what the layer tree sent). Any thread; waits for the
    /// render thread.
    public func renderTreeStates() -> [LayerID: LayerRenderState] {
        withRenderTree { $0.states } ?? [:]
    }

    /// The render tree's root layer, read on the render thread. Any thread.
    public func renderTreeRoot() -> LayerID? {
        withRenderTree { $0.root } ?? nil
    }
}
