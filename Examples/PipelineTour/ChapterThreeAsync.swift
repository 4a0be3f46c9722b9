import Lamina

/// Chapter 3: drawing off the main thread. Three views backed by `AsyncLayer` draw patterns on a
/// pool of two display queues. The first frame shows the whole round trip — mark, commit,
/// render on a display queue, `perform` + `wakeUp` back to the main thread, contents, the next
/// commit, the presented frame. The second part marks a layer while its render is in flight and
/// shows the sentinel cancelling it. Then the trace is read back: which thread did what, and the
/// flows Perfetto draws as arrows.
@MainActor
func runChapterThree(trace recorder: TraceRecorder) {
    print("""
        An AsyncLayer asks its delegate for a display task at the commit, draws it on a display
        queue and sets the image as its contents back on the main thread. Three views whose
        layerClass is AsyncLayer draw a checkerboard, rings and stripes on a pool of two serial
        queues, "display 1" and "display 2" — two even on a one-core machine, so the timeline
        shows the main thread and both queues side by side.
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: Size(width: 360, height: 120), scale: 2)
    } catch {
        print("Could not make a window: \(error)")
        return
    }
    let pool = DisplayQueuePool(queueCount: 2, name: "display")
    let tour = AsyncTour(recorder: recorder)
    for (index, pattern) in Pattern.allCases.enumerated() {
        let frame = Rect(x: 15 + Double(index) * 115, y: 10, width: 100, height: 100)
        let view = PatternView(pattern, frame: frame, ink: pattern.firstInk, pool: pool)
        view.tour = tour
        window.addSubview(view)
        tour.views.append(view)
    }
    tour.showFirstFrame()
    tour.cancelRenderInFlight()
    if let frame = window.snapshot() {
        say("\nThe frame on screen (window.snapshot()): \(frame.width)×\(frame.height) pixels")
        for view in tour.views {
            let point = view.pattern.inkedPoint
            let x = Int((view.frame.minX + point.x) * window.scale)
            let y = Int((view.frame.minY + point.y) * window.scale)
            say("  \(view.name): pixel (\(x), \(y)) is \(frame.pixel(x: x, y: y)), its ink \(view.ink)")
        }
    }
    tour.readTheTrace()
    tour.finish()
    window.renderServer.shutdown()
}

/// The chapter's narration and its stopping rules, main thread.
@MainActor
final class AsyncTour {
    let recorder: TraceRecorder
    var views: [PatternView] = []
    /// Views displayed by the commit under way, reported by the `afterCommit` observer.
    private var displayedThisCommit: [String] = []
    /// What the part under way waits for before it stops the loop.
    private var expected = (finished: 0, cancelled: 0)
    private var finishedRenders = 0
    private var cancelledRenders = 0
    private var lastFramePresented = false
    private var reporter: EventLoop.Observer?

    init(recorder: TraceRecorder) {
        self.recorder = recorder
        // Right after the commit observer (2 000 000): what the commit did, and did not do.
        let reporter = EventLoop.Observer(activities: .beforeWaiting, order: EventLoop.Order.afterCommit,
                                          name: "chapter 3 reporter") { [weak self] _, _ in
            MainActor.assumeIsolated { self?.reportCommit() }
        }
        EventLoop.main.add(reporter, to: .common)
        self.reporter = reporter
    }

    // MARK: - Part 1

    func showFirstFrame() {
        say("\nPart 1 — the first frame")
        say("  View.init marked each layer: setNeedsDisplay() sets needsDisplay and moves the sentinel")
        for view in views {
            say("    \(view.name): needsDisplay=\(view.layer.needsDisplay), sentinel=\(view.asyncLayer.sentinel.value)")
        }
        expect(finished: views.count, cancelled: 0)
        say("Running the main loop (stopped when the frame is presented; 5 s timeout)…")
        let result = EventLoop.main.run(mode: .default, timeout: .seconds(5))
        say("run returned \(result)")
    }

    // MARK: - Part 2

    func cancelRenderInFlight() {
        say("\nPart 2 — a mark while a render is in flight")
        guard let rings = views.first(where: { $0.pattern == .rings }) else { return }
        expect(finished: 1, cancelled: 1)
        EventLoop.main.perform {
            MainActor.assumeIsolated {
                // An event handler changes the rings twice in one turn; the next render will be
                // held at its first step so that it is certainly in flight when we mark again.
                rings.holdNextRender = RenderHold()
                rings.ink = .orange
                rings.ink = Color(red: 0.6, green: 0.2, blue: 0.8)
                let pending = UpdateTransaction.pendingCount
                narrate("  a block sets rings.ink twice: UpdateTransaction keeps \(pending) update; nothing is marked yet")
            }
        }
        say("Running the main loop (stopped when the new rings are presented; 5 s timeout)…")
        let result = EventLoop.main.run(mode: .default, timeout: .seconds(5))
        say("run returned \(result)")
    }

    /// Main thread: the held render announced itself from its display queue (perform + wakeUp).
    func renderIsHeld(_ view: PatternView, on thread: String, hold: RenderHold) {
        narrate("  the \(view.name) render is drawing on \"\(thread)\", held there; we change its ink again")
        view.didMark = { view in
            view.didMark = nil
            narrate("  the render in flight may go on now: its next isCancelled check sees the sentinel has moved")
            hold.release()
        }
        view.ink = .red
    }

    // MARK: - Narrated hooks

    func patternDidChange(_ view: PatternView) {
        let sentinel = view.asyncLayer.sentinel.value
        narrate("  update transaction flush (0xFFFFFF, after the commit): \(view.name).setNeedsDisplay(), sentinel → \(sentinel)")
        say("    the flush wakes the loop: the next pass commits the mark")
    }

    func willDisplay(_ view: PatternView) {
        displayedThisCommit.append(view.name)
        let generation = view.asyncLayer.sentinel.value, scale = view.layer.contentsScale
        say("  commit, 2 display: willDisplay(\(view.name)) on main; sentinel → \(generation), the render's generation; scale \(scale)")
    }

    private func reportCommit() {
        guard !displayedThisCommit.isEmpty else { return }
        let names = displayedThisCommit.joined(separator: ", ")
        displayedThisCommit = []
        let inFlight = views.map(\.asyncLayer.rendersInFlight).reduce(0, +)
        let drawnOnMain = PatternView.mainThreadDraws.load(ordering: .relaxed)
        say("  after the commit: \(names) scheduled; \(inFlight) render(s) in flight, \(drawnOnMain) drawn on the main thread")
    }

    func didDisplay(_ view: PatternView, note: RenderNote, finished: Bool) {
        if finished {
            finishedRenders += 1
            let image = view.layer.contents.map { "\($0.width)×\($0.height) px at scale \($0.scale)" } ?? "nil"
            narrate("  didDisplay(\(view.name), finished: true), in a perform block on the main thread")
            say("    drawn on \"\(note.thread)\" (\(note.steps) of \(Pattern.steps) steps); contents = \(image), for the next commit")
            if finishedRenders == expected.finished { waitForThisFrame() }
        } else {
            cancelledRenders += 1
            let check = cancellationPoint(of: view) ?? "?"
            narrate("  didDisplay(\(view.name), finished: false), in a perform block on the main thread")
            say("    the render on \"\(note.thread)\" stopped after \(note.steps) of \(Pattern.steps) steps")
            say("    caught by the layer's check \"\(check)\" (trace: async display cancelled at=\"\(check)\")")
            say("    the old contents stay meanwhile (inFlightContents: .keepOldContents)")
            stopIfDone()
        }
    }

    /// The contents just set go out with the next commit. Its completion block runs right after
    /// that commit (it added no animation, so there is nothing to wait for: Core Animation's
    /// rule); from there, `onPresentation(ofCommit:)` waits for the frame that shows it.
    private func waitForThisFrame() {
        Transaction.setCompletionBlock { [self] in
            guard let window = views.first?.window, let commit = window.lastCommitID else {
                lastFramePresented = true
                return stopIfDone()
            }
            window.renderServer.onPresentation(ofCommit: commit) { [self] in
                narrate("  onPresentation(ofCommit: \(commit)): the next commit sent the contents to the render server; the frame is presented")
                lastFramePresented = true
                stopIfDone()
            }
        }
    }

    private func expect(finished: Int, cancelled: Int) {
        expected = (finished, cancelled)
        (finishedRenders, cancelledRenders, lastFramePresented) = (0, 0, false)
    }

    private func stopIfDone() {
        guard lastFramePresented, cancelledRenders == expected.cancelled else { return }
        EventLoop.main.stop()
    }

    /// Which of the four checks caught `view`'s last cancelled render, as the trace recorded it.
    private func cancellationPoint(of view: PatternView) -> String? {
        let layer = view.layer.id.description
        let cancellation = recorder.events.last { $0.name == "async display cancelled" && $0.arguments["layer"] == layer }
        return cancellation?.arguments["at"]
    }

    // MARK: - The trace

    func readTheTrace() {
        let events = recorder.events.filter { $0.phase != .end }
        say("\nWhat the trace shows — each step of async display and the threads it ran on:")
        let steps: [(TraceCategory, String)] = [
            (.display, "setNeedsDisplay"), (.transaction, "update transaction flush"), (.display, "display"),
            (.display, "async display scheduled"), (.display, "async render"), (.display, "image made"),
            (.display, "async display cancelled"), (.display, "async contents committed"),
            (.display, "contents committed"), (.display, "presented"),
        ]
        for (category, name) in steps {
            var perThread: [String: Int] = [:]
            for event in events where event.category == category && event.name == name {
                perThread[event.threadName, default: 0] += 1
            }
            let threads = perThread.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            say("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(threads.joined(separator: ", "))")
        }
        say("\nThe rings' last two flows — \"(flow #n)\" in the timeline, arrows from thread to thread in Perfetto:")
        for name in ["async display cancelled", "async contents committed"] {
            guard let flow = events.last(where: { $0.name == name && $0.flow != nil })?.flow else { continue }
            let chain = events.filter { $0.flow == flow }.map { "\($0.name) [\($0.threadName)]" }
            say("  \(flow): \(chain.joined(separator: " → "))")
        }
    }

    func finish() {
        reporter?.invalidate()
        for view in views { view.tour = nil }
    }
}
