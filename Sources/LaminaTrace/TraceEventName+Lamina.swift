// Every event Lamina itself records, by category. Code that records one of these uses the
// member, and so do tests that look for it: renaming an event is one edit here, and a misspelt
// member does not compile.
extension TraceEventName {
    // MARK: loop (EventLoop)

    /// The interval of a run of `mode` (its name, such as `"default"`).
    public static func run(mode: String) -> TraceEventName { TraceEventName(.loop, "run \(mode)") }
    /// A run of `mode` that returned at once because the mode had no sources or timers.
    public static func runFinishedModeEmpty(mode: String) -> TraceEventName {
        TraceEventName(.loop, "run \(mode): finished, mode empty")
    }
    /// The loop asleep, waiting for a timer, a source, the main queue or a wake-up.
    public static let sleep = TraceEventName(.loop, "sleep")
    /// What ended a sleep: `"timeout"`, `"wakeUp"`, `"timer"`, `"main queue"`, or a file
    /// descriptor source's name and events.
    public static func wokenBy(_ reason: String) -> TraceEventName { TraceEventName(.loop, "woken by \(reason)") }
    /// A sleep ended by `EventLoop.wakeUp()`-style wake-ups (a perform, a result posted back).
    public static let wokenByWakeUp = wokenBy("wakeUp")
    /// A sleep ended by a timer coming due.
    public static let wokenByTimer = wokenBy("timer")
    /// A sleep that ran to its timeout.
    public static let wokenByTimeout = wokenBy("timeout")
    /// A sleep ended by work on the main dispatch queue.
    public static let wokenByMainQueue = wokenBy("main queue")
    /// The loop entering a run: the `entry` observers are called.
    public static let entry = TraceEventName(.loop, "entry")
    /// The `beforeTimers` observers are called.
    public static let beforeTimers = TraceEventName(.loop, "beforeTimers")
    /// The `beforeSources` observers are called.
    public static let beforeSources = TraceEventName(.loop, "beforeSources")
    /// The `beforeWaiting` observers are called: where transactions commit.
    public static let beforeWaiting = TraceEventName(.loop, "beforeWaiting")
    /// The `afterWaiting` observers are called.
    public static let afterWaiting = TraceEventName(.loop, "afterWaiting")
    /// The loop leaving a run: the `exit` observers are called.
    public static let exit = TraceEventName(.loop, "exit")

    // MARK: observer, timer, source, block, dispatch

    /// An observer's callout: `name (order)` for a named observer, `order N` for another.
    public static func observer(named name: String?, order: Int) -> TraceEventName {
        TraceEventName(.observer, name.map { "\($0) (\(order))" } ?? "order \(order)")
    }
    /// The transaction's commit observer (order 2 000 000), where every implicit transaction
    /// commits.
    public static let transactionCommitObserver = observer(named: "transactionCommit", order: 2_000_000)
    /// `UpdateTransaction`'s observer (order 0xFF_FFFF, after the commit), which flushes the
    /// coalesced updates.
    public static let updateTransactionObserver = observer(named: "updateTransaction", order: 0xFF_FFFF)
    /// A timer firing: its name, or `"timer"` for an unnamed one.
    public static func timer(named name: String?) -> TraceEventName { TraceEventName(.timer, name ?? "timer") }
    /// A source being performed: its name (file descriptor sources: `"fd N"` when unnamed).
    public static func source(named name: String) -> TraceEventName { TraceEventName(.source, name) }
    /// The render server's source that a submitted commit signals.
    public static let frameRequested = source(named: "render server: frame requested")
    /// The render server's source for a frame held back until the next frame interval.
    public static let nextFrame = source(named: "render server: next frame")
    /// The frame clock's timer on the render server's loop, firing at each tick (t0 + n·interval)
    /// while there are deltas to show or animations running.
    public static let frameClockTimer = timer(named: "frame clock: tick")
    /// A block given to `perform` running.
    public static let block = TraceEventName(.block, "block")
    /// The main dispatch queue drained by the main loop.
    public static let mainQueue = TraceEventName(.dispatch, "main queue")
    /// libdispatch gave no main-queue handle, so the loop cannot drain the main queue.
    public static let mainQueueDrainingOff = TraceEventName(.dispatch, "main-queue draining off: libdispatch gave no handle")

    // MARK: transaction

    /// The first change of a turn opened the implicit transaction.
    public static let implicitTransactionOpened = TraceEventName(.transaction, "implicit transaction opened")
    /// A transaction's commit, around its four phases.
    public static let commit = TraceEventName(.transaction, "commit")
    /// Phase 1 of a commit: layout.
    public static let layoutPhase = TraceEventName(.transaction, "1 layout")
    /// Phase 2 of a commit: display.
    public static let displayPhase = TraceEventName(.transaction, "2 display")
    /// Phase 3 of a commit: the render-tree deltas built and sent.
    public static let commitPhase = TraceEventName(.transaction, "3 commit")
    /// Phase 4 of a commit: completion blocks handed on.
    public static let completionPhase = TraceEventName(.transaction, "4 completion")
    /// A render-tree delta sent to a render server.
    public static let deltaSent = TraceEventName(.transaction, "delta sent")
    /// A layer's `layoutSublayers` during the layout phase.
    public static let layoutSublayers = TraceEventName(.transaction, "layoutSublayers")
    /// `UpdateTransaction`'s idle-time flush.
    public static let updateTransactionFlush = TraceEventName(.transaction, "update transaction flush")

    // MARK: display

    /// A layer marked for display, whole.
    public static let setNeedsDisplay = TraceEventName(.display, "setNeedsDisplay")
    /// A layer marked for display in a rectangle.
    public static let setNeedsDisplayInRect = TraceEventName(.display, "setNeedsDisplay(in:)")
    /// A layer's display at the commit (synchronous drawing, or the start of an async one).
    public static let display = TraceEventName(.display, "display")
    /// An async display handed to a display queue.
    public static let asyncDisplayScheduled = TraceEventName(.display, "async display scheduled")
    /// An async render on a display queue.
    public static let asyncRender = TraceEventName(.display, "async render")
    /// The drawing inside an async render.
    public static let asyncDraw = TraceEventName(.display, "draw")
    /// An async render that could not make its bitmap.
    public static let asyncRenderRefused = TraceEventName(.display, "async render refused")
    /// An async render's image, made.
    public static let imageMade = TraceEventName(.display, "image made")
    /// An async display cancelled at one of its checks.
    public static let asyncDisplayCancelled = TraceEventName(.display, "async display cancelled")
    /// An async render's result set as contents, back on the main thread.
    public static let asyncContentsCommitted = TraceEventName(.display, "async contents committed")
    /// A container's async results set together.
    public static let asyncGroupCommitted = TraceEventName(.display, "async group committed")
    /// A backing store that could not be made (a size or scale cairo refuses).
    public static let backingStoreRefused = TraceEventName(.display, "backing store refused")
    /// A bitmap released on the calling thread because the release queue was full.
    public static let bitmapReleasedOnCallersThread = TraceEventName(.display, "bitmap released on the caller's thread")
    /// A display flow's step: its contents went out in a commit.
    public static let contentsCommitted = TraceEventName(.display, "contents committed")
    /// A display flow's end: its contents reached the screen.
    public static let presented = TraceEventName(.display, "presented")

    // MARK: render

    /// A commit's delta submitted to the render server (on the committing thread).
    public static let submit = TraceEventName(.render, "submit")
    /// A frame-clock tick on the render thread: the frame shows the deltas committed since the
    /// last one and the animations at the tick's time.
    public static let tick = TraceEventName(.render, "tick")
    /// The render server applying deltas to its render tree.
    public static let apply = TraceEventName(.render, "apply")
    /// The render server compositing the damaged area.
    public static let composite = TraceEventName(.render, "composite")
    /// The render server handing a frame to its presenter.
    public static let present = TraceEventName(.render, "present")
    /// The render server keeping its framebuffer because a resize asked for a size none can have.
    public static let resizeRefused = TraceEventName(.render, "resize refused")

    // MARK: animation

    /// An animation added to a layer (main thread): its key, key paths and duration.
    public static let animationAdded = TraceEventName(.animation, "added")
    /// An animation removed from a layer before it finished (main thread).
    public static let animationRemoved = TraceEventName(.animation, "removed")
    /// An animation's active time began, at a render-server frame.
    public static let animationStarted = TraceEventName(.animation, "started")
    /// The render server evaluating the running animations for a frame: the count of animated
    /// layers and of layers whose presentation changed.
    public static let animationsEvaluated = TraceEventName(.animation, "evaluate")
    /// An animation ended (finished) or left early, at a render-server frame.
    public static let animationStopped = TraceEventName(.animation, "stopped")
    /// A layer's action search (main thread): the event key, the step that answered (`delegate`,
    /// `actions`, `default` or `none`) and what it answered (an action's type, `NullAction`).
    public static let actionSearch = TraceEventName(.animation, "action search")

    // MARK: text

    /// A text layout: shaping and line breaking.
    public static let textLayout = TraceEventName(.text, "layout")
    /// A text layout drawn.
    public static let textDraw = TraceEventName(.text, "draw")
    /// A font family fontconfig did not know, and the fallback used.
    public static let unknownFontFamily = TraceEventName(.text, "unknown font family")
    /// A batch of list rows measured off the main thread (`RowLayoutCache`).
    public static let rowLayouts = TraceEventName(.text, "row layouts")
    /// A text view's edit: how many paragraphs it replaced, how many it laid out, and how many
    /// the text has.
    public static let textViewEdit = TraceEventName(.text, "text view edit")

    // MARK: image

    /// An `AsyncImageView` given its image.
    public static let imageAssigned = TraceEventName(.image, "image assigned")
    /// An image found in the memory cache.
    public static let memoryHit = TraceEventName(.image, "memory hit")
    /// An image not in the memory cache.
    public static let memoryMiss = TraceEventName(.image, "memory miss")
    /// A request for a URL already loading, joined to that load.
    public static let joinedLoadInFlight = TraceEventName(.image, "joined load in flight")
    /// Bytes found in the disk cache.
    public static let diskHit = TraceEventName(.image, "disk hit")
    /// Bytes not in the disk cache.
    public static let diskMiss = TraceEventName(.image, "disk miss")
    /// A fetch started.
    public static let fetchStart = TraceEventName(.image, "fetch start")
    /// A fetch finished, with its bytes or its error.
    public static let fetchEnd = TraceEventName(.image, "fetch end")
    /// Bytes decoded into an image.
    public static let decode = TraceEventName(.image, "decode")
    /// Cached bytes that did not decode, fetched again.
    public static let cachedBytesCorrupt = TraceEventName(.image, "cached bytes corrupt, fetching again")
}
