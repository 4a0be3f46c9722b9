import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The render thread's half of a ``RenderServer``: the inbox of deltas (any thread), and the
/// render tree, compositor and frame pacing (render thread only).
///
/// One frame, ``produceFrame(tick:)``, on the render thread:
/// 1. Take the deltas the frame shows (those submitted by its tick's time).
/// 2. Apply them to the render tree in commit order, accumulating their damage.
/// 3. Composite the damage into the framebuffer (reallocated first after a resize).
/// 4. Hand the presenter a ``PresentedFrame`` (id, framebuffer — with the debug overlays over a
///    copy when any is on —, damage, commits, tick).
/// 5. Post the frame's record to `EventLoop.main` (perform + wakeUp), where completion blocks run.
///
/// Frames are paced by the server's ``FrameClock``: the main loop's ``FrameTicker`` hands each
/// tick over (``deliver(_:)``), and the tick's frame takes the deltas submitted at or before the
/// tick's time — at most one frame per tick. A server without a frame clock (interval zero) makes
/// a frame as soon as deltas arrive.
final class FrameProducer: @unchecked Sendable {
    // `@unchecked`: everything below `inbox` is touched only on the render thread (the thread
    // start hands it over), which is what makes the compositor's non-Sendable state safe.

    /// Deltas submitted and not yet taken by a frame; any thread.
    private let inbox = Locked<Inbox>(Inbox())
    /// Signalled (with a wake-up) by `submit`: the render loop's reason to make a frame.
    let source: EventLoop.Source
    let ledger: PresentationLedger
    /// False for a server without a frame clock: every request makes a frame at once.
    let isPaced: Bool

    let tree: RenderTree
    private let compositor: Compositor
    private let presenter: any FramePresenter
    private var frameID: UInt64 = 0
    private var lastImage: Image?
    /// The overlays the last frame was drawn with, and the damage it flashed.
    private var shownOverlays: DebugOverlays = []
    private var lastFlash = Damage()
    /// The overlays to draw from the next frame on; any thread sets them.
    let debugOverlays = Locked<DebugOverlays>([])

    struct Inbox {
        /// Each delta with when it was submitted, on the main loop's clock.
        var deltas: [(delta: RenderTreeDelta, submitted: EventLoop.Instant)] = []
        /// Ticks handed over and not yet made into frames, in order.
        var ticks: [FrameTick] = []
        var isClosed = false
    }

    init(compositor: Compositor, presenter: any FramePresenter, isPaced: Bool, ledger: PresentationLedger) {
        self.compositor = compositor
        self.presenter = presenter
        self.isPaced = isPaced
        self.ledger = ledger
        tree = RenderTree(size: compositor.size, scale: compositor.scale)
        let requests = Locked<FrameProducer?>(nil)
        sourceOwner = requests
        source = EventLoop.Source(name: TraceEventName.frameRequested.name) { _ in
            requests.withLock { $0 }?.frameRequested()
        }
        requests.withLock { $0 = self }
    }

    /// Cut at ``close()``, so the source's closure and the producer do not keep each other.
    private let sourceOwner: Locked<FrameProducer?>

    /// Queues `delta`, submitted at `instant` on the main loop's clock, and returns the instant
    /// it is stamped with — never earlier than the delta before it, so that frames take deltas in
    /// commit order. Nil when the server has shut down. Any thread.
    func enqueue(_ delta: RenderTreeDelta, submittedAt instant: EventLoop.Instant) -> EventLoop.Instant? {
        inbox.withLock { inbox in
            guard !inbox.isClosed else { return nil }
            let stamp = max(instant, inbox.deltas.last?.submitted ?? instant)
            inbox.deltas.append((delta, stamp))
            return stamp
        }
    }

    /// Queues `tick` for a frame; the caller signals ``source`` and wakes the render loop. Any
    /// thread (the ticker calls it on the main thread).
    func deliver(_ tick: FrameTick) {
        inbox.withLock { inbox in
            guard !inbox.isClosed else { return }
            inbox.ticks.append(tick)
        }
    }

    /// Refuses further deltas and returns how many were queued and will never be presented.
    func close() -> Int {
        sourceOwner.withLock { $0 = nil }
        return inbox.withLock { inbox in
            inbox.isClosed = true
            defer { inbox.deltas = []; inbox.ticks = [] }
            return inbox.deltas.count
        }
    }

    /// Render thread, when `source` fires: one frame per tick handed over (a tick whose deltas an
    /// earlier frame already took makes none), or, unpaced, one frame of everything queued.
    func frameRequested() {
        guard isPaced else { return produceFrame(tick: nil) }
        while let tick = inbox.withLock({ $0.ticks.isEmpty ? nil : $0.ticks.removeFirst() }) {
            produceFrame(tick: tick)
        }
    }

    /// Render thread: the frame of `tick` (nil: of every delta queued), as the type's
    /// documentation describes.
    func produceFrame(tick: FrameTick?) {
        let deltas = inbox.withLock { inbox -> [RenderTreeDelta] in
            guard let tick else {
                defer { inbox.deltas = [] }
                return inbox.deltas.map(\.delta)
            }
            let shown = inbox.deltas.prefix { $0.submitted <= tick.time }
            inbox.deltas.removeFirst(shown.count)
            return shown.map(\.delta)
        }
        guard !deltas.isEmpty else { return }
        frameID += 1
        let commits = deltas.map(\.commitID)
        var update = FrameUpdate()
        for delta in deltas { apply(delta, to: &update) }
        let damage = update.damage
        if Trace.isEnabled {
            var arguments = ["frame": "\(frameID)", "damage": damage.description]
            if !update.scrolls.isEmpty { arguments["scroll"] = update.scrolls.map(\.description).joined(separator: ", ") }
            Trace.begin(.composite, arguments: arguments)
        }
        compositor.matchSize(of: tree)
        compositor.composite(tree, update: update)
        let overlays = debugOverlays.withLock { $0 }
        let (image, shownDamage) = overlays.isEmpty && shownOverlays.isEmpty
            ? (plainImage(update: update), update.changedPixels)
            : overlaidImage(overlays, update: update)
        lastImage = image
        if Trace.isEnabled { Trace.end(.composite) }
        present(PresentedFrame(id: frameID, image: image, damage: shownDamage.rects, commits: commits, tick: tick),
                endingFlows: deltas.flatMap(\.flows))
    }

    /// The frame without overlays, sharing the framebuffer's pixels (``Compositor/presentedImage()``);
    /// an undamaged frame shows the last frame's image again.
    private func plainImage(update: FrameUpdate) -> Image {
        update.isEmpty ? (lastImage ?? compositor.presentedImage()) : compositor.presentedImage()
    }

    /// The frame with `overlays` drawn over it, and the damage a presenter must copy: all of it
    /// when the overlays changed; with the damage flash, also the last frame's flash, to wipe it.
    /// The flash shows what was redrawn, not what was moved.
    private func overlaidImage(_ overlays: DebugOverlays, update: FrameUpdate) -> (Image, Damage) {
        let damage = update.damage
        var shown = update.changedPixels
        if overlays != shownOverlays {
            shown = Damage(rects: [compositor.pixelBounds])
        } else if overlays.contains(.damage) {
            shown.formUnion(lastFlash)
        }
        lastFlash = overlays.contains(.damage) ? damage : Damage()
        shownOverlays = overlays
        return (compositor.makeImage(overlaying: overlays, tree: tree, damage: damage), shown)
    }

    /// Applies one delta to the frame's `update`, traced.
    private func apply(_ delta: RenderTreeDelta, to update: inout FrameUpdate) {
        if Trace.isEnabled {
            Trace.begin(.apply, arguments: ["commit": "\(delta.commitID)", "layers": "\(delta.updated.count)",
                                                     "removed": "\(delta.removed.count)"])
        }
        let own = tree.apply(delta, to: &update)
        if Trace.isEnabled { Trace.end(.apply, arguments: ["damage": own.description]) }
    }

    /// Hands `frame` to the presenter, then tells the main thread. The trace flows of the
    /// displays whose contents the frame shows end in its "present" slice.
    private func present(_ frame: PresentedFrame, endingFlows flows: [TraceFlowID]) {
        if Trace.isEnabled {
            Trace.begin(.present, arguments: [
                "frame": "\(frame.id)", "tick": frame.tick.map { "\($0.index)" } ?? "none", "commits": frame.commits.map(String.init).joined(separator: ","),
                "damage": Damage(rects: frame.damage).description,
            ])
            for flow in flows { Trace.flow(.flowEnd, flow, .presented) }
        }
        presenter.present(frame)
        if Trace.isEnabled { Trace.end(.present) }
        let ledger = self.ledger
        let (id, commits) = (frame.id, frame.commits)
        EventLoop.main.perform {
            MainActor.assumeIsolated { ledger.didPresent(frame: id, commits: commits) }
        }
        EventLoop.main.wakeUp()
    }
}
