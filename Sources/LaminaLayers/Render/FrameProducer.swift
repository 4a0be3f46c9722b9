import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// The render thread's half of a ``RenderServer``: the inbox of deltas (any thread), and the
/// render tree, compositor and frame pacing (render thread only).
///
/// One frame, ``produceFrame(tick:)``, on the render thread:
/// 1. Take the deltas the frame shows (those submitted by its tick's time).
/// 2. Apply them to the render tree in commit order, accumulating their damage; animated layers
///    take their presentation values at the tick's time (``RenderAnimations``).
/// 3. Evaluate the running animations at the tick's time; the layers whose presentation changed
///    add their damage, before and after.
/// 4. Composite the damage into the framebuffer (reallocated first after a resize).
/// 5. Hand the presenter a ``PresentedFrame`` (id, framebuffer — with the debug overlays over a
///    copy when any is on —, damage, commits, tick).
/// 6. Post the frame's record to `EventLoop.main` (perform + wakeUp) when it has commits or
///    animation events: there completion blocks run and animation delegates hear. A frame of
///    running animations alone costs the main thread nothing.
///
/// Frames are paced by the server's ``FrameClock``: the render thread's ``FrameTicker`` fires at
/// each tick while there is something to show, and the tick's frame takes the deltas submitted at
/// or before the tick's time — at most one frame per tick. A server without a frame clock
/// (interval zero) makes a frame as soon as deltas arrive.
final class FrameProducer: @unchecked Sendable {
    // `@unchecked`: everything below `inbox` is touched only on the render thread (the thread
    // start hands it over), which is what makes the compositor's non-Sendable state safe.

    /// Deltas submitted and not yet taken by a frame; any thread.
    private let inbox = Locked<Inbox>(Inbox())
    /// Signalled (with a wake-up) by `submit` on a server without a frame clock: the render loop's
    /// reason to make a frame.
    let source: EventLoop.Source
    let ledger: PresentationLedger
    /// False for a server without a frame clock: every request makes a frame at once.
    let isPaced: Bool

    let tree: RenderTree
    /// The animations, evaluated into the tree at every frame.
    let animations = RenderAnimations()
    private let compositor: Compositor
    private let presenter: any FramePresenter
    private var frameID: UInt64 = 0
    /// Whether animations are running: the ticker then fires on every tick.
    private(set) var isAnimating = false
    private var lastImage: Image?
    /// The overlays the last frame was drawn with, and the damage it flashed.
    private var shownOverlays: DebugOverlays = []
    private var lastFlash = Damage()
    /// The overlays to draw from the next frame on; any thread sets them.
    let debugOverlays = Locked<DebugOverlays>([])

    struct Inbox {
        /// Each delta with when it was submitted, on the main loop's clock.
        var deltas: [(delta: RenderTreeDelta, submitted: EventLoop.Instant)] = []
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

    /// Refuses further deltas and returns how many were queued and will never be presented.
    func close() -> Int {
        sourceOwner.withLock { $0 = nil }
        return inbox.withLock { inbox in
            inbox.isClosed = true
            defer { inbox.deltas = [] }
            return inbox.deltas.count
        }
    }

    /// Render thread, when `source` fires on a server without a frame clock: one frame of
    /// everything queued.
    func frameRequested() {
        guard !isPaced else { return }
        produceFrame(tick: nil)
    }

    /// Render thread: the frame of `tick` (nil: of every delta queued, at the main loop's time
    /// now), as the type's documentation describes. A tick with no delta and no animation change
    /// makes no frame. With `endingMainWork`, a report to the main thread also ends a unit of
    /// outstanding work there (the ticker's, on a virtual clock). Returns whether it reported.
    @discardableResult
    func produceFrame(tick: FrameTick?, endingMainWork: Bool = false) -> Bool {
        let deltas = inbox.withLock { inbox -> [RenderTreeDelta] in
            guard let tick else {
                defer { inbox.deltas = [] }
                return inbox.deltas.map(\.delta)
            }
            let shown = inbox.deltas.prefix { $0.submitted <= tick.time }
            inbox.deltas.removeFirst(shown.count)
            return shown.map(\.delta)
        }
        let time = (tick?.time ?? EventLoop.main.now).mediaTime
        var update = FrameUpdate()
        var events: [AnimationEvent] = []
        for delta in deltas { events += apply(delta, at: time, to: &update) }
        events += animate(at: time, to: &update)
        isAnimating = animations.isAnimating
        guard !deltas.isEmpty || !update.isEmpty else {
            guard !events.isEmpty else { return false }
            report(frame: nil, commits: [], events: events, endingMainWork: endingMainWork)
            return true
        }
        frameID += 1
        let commits = deltas.map(\.commitID)
        let damage = update.damage
        if Trace.isEnabled {
            var arguments = ["frame": "\(frameID)", "damage": damage.description]
            if !update.scrolls.isEmpty { arguments["scroll"] = update.scrolls.map(\.description).joined(separator: ", ") }
            Trace.begin(.composite, arguments: arguments)
        }
        compositor.matchSize(of: tree)
        compositor.composite(tree, update: update)
        let overlays = debugOverlays.withLock { $0 }.drawn
        let plain = overlays.isEmpty && shownOverlays.isEmpty
        let (image, shownDamage) = plain
            ? (plainImage(update: update), update.changedPixels)
            : overlaidImage(overlays, update: update)
        lastImage = image
        if Trace.isEnabled {
            let rasters = tree.rasterCache
            Trace.end(.composite, arguments: ["rasters": "\(rasters.count)", "raster bytes": "\(rasters.bytes)",
                                              "raster limit": "\(rasters.capacity)", "rasters evicted": "\(rasters.evictions)"])
        }
        let moves = plain ? update.scrolls : []
        present(PresentedFrame(id: frameID, image: image, damage: shownDamage.rects, commits: commits, tick: tick,
                               moves: moves, redrawn: moves.isEmpty ? nil : update.damage.rects),
                endingFlows: deltas.flatMap(\.flows))
        guard !commits.isEmpty || !events.isEmpty else { return false }
        report(frame: frameID, commits: commits, events: events, endingMainWork: endingMainWork)
        return true
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

    /// Applies one delta to the frame's `update`, its animated layers at their presentation
    /// values at global time `time`, traced; returns the events of animations it removed.
    private func apply(_ delta: RenderTreeDelta, at time: Double, to update: inout FrameUpdate) -> [AnimationEvent] {
        if Trace.isEnabled {
            Trace.begin(.apply, arguments: ["commit": "\(delta.commitID)", "layers": "\(delta.updated.count)",
                                                     "removed": "\(delta.removed.count)"])
        }
        let (presented, events) = animations.prepare(delta, at: time, in: tree)
        let own = tree.apply(presented, to: &update)
        if Trace.isEnabled { Trace.end(.apply, arguments: ["damage": own.description]) }
        return events
    }

    /// Evaluates the running animations at global time `time` and adds what changed on screen to
    /// `update`, traced; returns the animations' events.
    private func animate(at time: Double, to update: inout FrameUpdate) -> [AnimationEvent] {
        guard animations.animatedLayerCount > 0 else { return [] }
        if Trace.isEnabled { Trace.begin(.animationsEvaluated, arguments: ["layers": "\(animations.animatedLayerCount)"]) }
        let (changed, events) = animations.advance(to: time, in: tree)
        let own = changed.updated.isEmpty ? FrameUpdate() : tree.apply(changed, to: &update)
        animations.recycle(changed)
        if Trace.isEnabled {
            Trace.end(.animationsEvaluated, arguments: ["changed": "\(changed.updated.count)", "damage": own.description])
            for event in events {
                switch event.kind {
                case .started: Trace.instant(.animationStarted, arguments: ["animation": "\(event.animation)", "layer": "\(event.layer)"])
                case .stopped(let finished):
                    Trace.instant(.animationStopped, arguments: ["animation": "\(event.animation)", "layer": "\(event.layer)",
                                                                 "finished": "\(finished)"])
                }
            }
        }
        return events
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
    }

    /// Tells the main thread of a presented frame with commits (`frame` nil: none was needed)
    /// and of the animations' events. A frame of animations alone with no event is not
    /// reported: the main thread does nothing for it.
    private func report(frame: UInt64?, commits: [UInt64], events: [AnimationEvent], endingMainWork: Bool) {
        let ledger = self.ledger
        EventLoop.main.perform {
            MainActor.assumeIsolated { ledger.didPresent(frame: frame, commits: commits, events: events) }
            if endingMainWork { EventLoop.main.endOutstandingWork() }
        }
        EventLoop.main.wakeUp()
    }
}
