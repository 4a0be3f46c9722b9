import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The render thread's half of a ``RenderServer``: the inbox of deltas (any thread), and the
/// render tree, compositor and frame pacing (render thread only).
///
/// One frame, ``produceFrame()``, on the render thread:
/// 1. Take every delta queued since the last frame.
/// 2. Apply them to the render tree in commit order, accumulating their damage.
/// 3. Composite the damage into the framebuffer.
/// 4. Hand the presenter a ``PresentedFrame`` (id, framebuffer, damage, commits).
/// 5. Post the frame's record to `EventLoop.main` (perform + wakeUp), where completion blocks run.
///
/// Frames are paced: at most one per frame interval. A delta arriving when the last frame is
/// older than that is composited at once; deltas arriving sooner wait on a one-shot loop timer
/// for the rest of the interval, and all of them share that frame.
final class FrameProducer: @unchecked Sendable {
    // `@unchecked`: everything below `inbox` is touched only on the render thread (the thread
    // start hands it over), which is what makes the compositor's non-Sendable state safe.

    /// Deltas submitted and not yet taken by a frame; any thread.
    private let inbox = Locked<Inbox>(Inbox())
    /// Signalled (with a wake-up) by `submit`: the render loop's reason to make a frame.
    let source: EventLoop.Source
    let ledger: PresentationLedger
    let frameInterval: Duration

    let tree: RenderTree
    private let compositor: Compositor
    private let presenter: any FramePresenter
    private var lastFrameDate: EventLoop.Instant?
    private var pacingTimer: EventLoop.Timer?
    private var frameID: UInt64 = 0
    private var lastImage: Image?

    struct Inbox {
        var deltas: [RenderTreeDelta] = []
        var isClosed = false
    }

    init(compositor: Compositor, presenter: any FramePresenter, frameInterval: Duration, ledger: PresentationLedger) {
        self.compositor = compositor
        self.presenter = presenter
        self.frameInterval = frameInterval
        self.ledger = ledger
        tree = RenderTree(size: compositor.size, scale: compositor.scale)
        let requests = Locked<FrameProducer?>(nil)
        sourceOwner = requests
        source = EventLoop.Source(name: "render server: frame requested") { _ in
            requests.withLock { $0 }?.frameRequested()
        }
        requests.withLock { $0 = self }
    }

    /// Cut at ``close()``, so the source's closure and the producer do not keep each other.
    private let sourceOwner: Locked<FrameProducer?>

    /// Queues `delta`; false when the server has shut down. Any thread.
    func enqueue(_ delta: RenderTreeDelta) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.isClosed else { return false }
            inbox.deltas.append(delta)
            return true
        }
    }

    /// Refuses further deltas and returns how many were queued and will never be presented.
    func close() -> Int {
        sourceOwner.withLock { $0 = nil }
        return inbox.withLock { inbox in
            inbox.isClosed = true
            defer { inbox.deltas = [] }
            return inbox.deltas.count
        }
    }

    /// Render thread, when `source` fires: a frame now, or at the end of the frame interval.
    func frameRequested() {
        guard pacingTimer == nil else { return }
        let loop = EventLoop.current
        let now = loop.now
        guard let last = lastFrameDate, now < last.advanced(by: frameInterval) else {
            return produceFrame()
        }
        let timer = EventLoop.Timer(after: now.duration(to: last.advanced(by: frameInterval)),
                                    name: "render server: next frame") { [weak self] _ in
            self?.pacingTimer = nil
            self?.produceFrame()
        }
        pacingTimer = timer
        loop.add(timer, to: .default)
    }

    /// Render thread: stops the pacing timer before the loop ends.
    func stopPacing() {
        pacingTimer?.invalidate()
        pacingTimer = nil
    }

    /// Render thread: one frame (see the type's documentation for the steps).
    func produceFrame() {
        let deltas = inbox.withLock { inbox in
            defer { inbox.deltas = [] }
            return inbox.deltas
        }
        guard !deltas.isEmpty else { return }
        lastFrameDate = EventLoop.current.now
        frameID += 1
        let commits = deltas.map(\.commitID)
        var damage = Damage()
        for delta in deltas { damage.formUnion(apply(delta)) }
        if Trace.isEnabled { Trace.begin(.render, "composite", arguments: ["frame": "\(frameID)", "damage": damage.description]) }
        compositor.matchSize(of: tree)
        compositor.composite(tree, damage: damage)
        // An undamaged frame shows the same pixels: no copy of the framebuffer.
        let image = damage.isEmpty ? (lastImage ?? compositor.makeImage()) : compositor.makeImage()
        lastImage = image
        if Trace.isEnabled { Trace.end(.render, "composite") }
        present(PresentedFrame(id: frameID, image: image, damage: damage.rects, commits: commits),
                endingFlows: deltas.flatMap(\.flows))
    }

    /// Applies one delta, traced.
    private func apply(_ delta: RenderTreeDelta) -> Damage {
        if Trace.isEnabled {
            Trace.begin(.render, "apply", arguments: ["commit": "\(delta.commitID)", "layers": "\(delta.updated.count)",
                                                     "removed": "\(delta.removed.count)"])
        }
        let damage = tree.apply(delta)
        if Trace.isEnabled { Trace.end(.render, "apply", arguments: ["damage": damage.description]) }
        return damage
    }

    /// Hands `frame` to the presenter, then tells the main thread. The trace flows of the
    /// displays whose contents the frame shows end in its "present" slice.
    private func present(_ frame: PresentedFrame, endingFlows flows: [TraceFlowID]) {
        if Trace.isEnabled {
            Trace.begin(.render, "present", arguments: [
                "frame": "\(frame.id)", "commits": frame.commits.map(String.init).joined(separator: ","),
                "damage": Damage(rects: frame.damage).description,
            ])
            for flow in flows { Trace.flow(.flowEnd, flow, .display, "presented") }
        }
        presenter.present(frame)
        if Trace.isEnabled { Trace.end(.render, "present") }
        let ledger = self.ledger
        let (id, commits) = (frame.id, frame.commits)
        EventLoop.main.perform {
            MainActor.assumeIsolated { ledger.didPresent(frame: id, commits: commits) }
        }
        EventLoop.main.wakeUp()
    }
}
