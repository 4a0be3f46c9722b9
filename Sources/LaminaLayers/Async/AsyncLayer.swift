import LaminaGraphics

/// A layer that draws its contents on a display queue and sets them on the main thread —
/// YYAsyncLayer's idea, with cancellation that never lets a stale bitmap win.
///
/// Marking works as for any layer: ``Layer/setNeedsDisplay()`` marks, the transaction's display
/// phase calls ``display()``. Marking also increases the layer's ``sentinel``, cancelling any
/// render in flight. A display then:
///
/// 1. asks the delegate (an ``AsyncLayerDelegate``) for a new ``AsyncDisplayTask`` and runs its
///    `willDisplay` on the main thread;
/// 2. reads the size, ``Layer/contentsScale``, opacity and background colour now, with the
///    sentinel's value; a layer under 1×1 point gets `contents = nil` and `didDisplay(true)`,
///    one over ``BackingStoreLimits`` is refused (logged; `contents = nil`, `didDisplay(false)`);
/// 3. on the least-loaded queue of its ``displayQueuePool``: checks for cancellation, makes the
///    context, fills an opaque layer white and then with its background colour, calls the
///    task's `display`, checks again, makes the image, checks again;
/// 4. posts the result to `EventLoop.main` (`perform`, then `wakeUp`, so even a loop asleep or
///    run by a test receives it) where, if the sentinel has not moved, `contents` is set and
///    `didDisplay(true)` runs. Every cancelled path reports `didDisplay(false)` on the main thread.
///
/// With ``displaysAsynchronously`` false the same task runs the same steps on the main thread,
/// inside the display. Until a render lands, ``inFlightContents`` says what shows; when it lands
/// depends on the ``Layer/asyncCommitPolicy`` of the nearest container. Replaced bitmaps are
/// dropped on the pool's release queue.
///
/// A layer removed from its superlayer cancels its render in flight (the result would show
/// nowhere) and redraws when it joins a tree again; a deallocated layer's late result is dropped.
/// Only the removed layer itself cancels: async layers deeper in a removed subtree finish their
/// renders, as in YYAsyncLayer, and show them when the subtree returns. Contents set directly
/// do not cancel a render in flight either, which replaces them when it lands (YYAsyncLayer's
/// behaviour too); mark the layer to supersede it.
/// Without an ``AsyncLayerDelegate`` the layer displays as a plain ``Layer``. Main thread.
open class AsyncLayer: Layer {
    /// Whether renders run on a display queue (the default) or on the main thread, inside the
    /// display. Either way the same task runs the same steps.
    public var displaysAsynchronously = true
    /// What shows while a render is in flight: the old contents by default.
    public var inFlightContents: InFlightContentsPolicy = .keepOldContents
    /// The queues this layer renders on, and whose release queue drops its replaced bitmaps.
    public var displayQueuePool: DisplayQueuePool = .shared
    /// The generation counter that cancels this layer's renders; any thread may read it.
    public nonisolated let sentinel = Sentinel()

    /// Renders scheduled on a display queue whose result has not come back yet.
    public internal(set) var rendersInFlight = 0
    /// Whether a render was cancelled by removal from the tree, so the layer redraws when it
    /// joins one again.
    var redrawsWhenAttached = false

    /// Creates an async layer with Core Animation's defaults.
    public required init() {
        super.init()
    }

    deinit {
        // Renders still in flight stop at their next check instead of drawing for nobody.
        sentinel.increase()
    }

    /// Displays through the delegate's ``AsyncDisplayTask`` (see the type's documentation); a
    /// hook to override, never to call directly.
    open override func display() {
        guard let delegate = delegate as? any AsyncLayerDelegate else { return super.display() }
        run(delegate.newAsyncDisplayTask())
    }

    /// Rendered contents are the layer's own drawing, and so is a render in flight: drawn at the
    /// old scale, it must be drawn again.
    override var redrawsOnScaleChange: Bool {
        contentsAreBackingStore || rendersInFlight > 0
    }

    override func didMarkNeedsDisplay() {
        sentinel.increase()
    }

    override func didLeaveSuperlayer() {
        guard rendersInFlight > 0 else { return }
        sentinel.increase()
        redrawsWhenAttached = true
    }

    override func didJoinSuperlayer() {
        guard redrawsWhenAttached else { return }
        redrawsWhenAttached = false
        setNeedsDisplay()
    }
}
