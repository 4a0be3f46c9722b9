import Foundation
import Glibc
import Lamina

/// Chapter 8: an animation the main thread cannot stop. Two squares make the same slide side by
/// side: the top one by a `BasicAnimation` on the render server — added once, committed once,
/// evaluated by the render thread at every tick of the frame clock — and the bottom one by a
/// `DisplayLink` on the main thread, which sets its `position` at every callback and commits.
/// In the middle of the slide a timer puts the main thread to sleep for 250 ms. The render
/// server's frame clock ticks on its own thread, so the top square keeps moving in every frame
/// while the main thread sleeps; the bottom one stands still, then jumps. Everything the chapter
/// reports is counted from the frames it recorded.
@MainActor
func runChapterEight(trace recorder: TraceRecorder) {
    let interval = session.options.frameInterval
    print("""
        Two squares slide the same way at the same time. The top one is moved by a BasicAnimation:
        added to its layer once, sent to the render server once in a commit, then evaluated by the
        render thread at every tick of the frame clock, every \(ChapterEight.milliseconds(interval)).
        The bottom one is moved by a DisplayLink on the main thread, which sets its position at
        each callback. Halfway through, the main thread sleeps for \(ChapterEight.milliseconds(ChapterEight.block)).
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: ChapterEight.windowSize, scale: 1)
    } catch {
        print("Could not make a window: \(error)")
        return
    }
    guard let frames = window.presenter as? FrameRecorder, let clock = window.frameClock else { return }
    let scene = ChapterEight.Scene(in: window)
    _ = window.snapshot()
    let firstFrame = UInt64(frames.frameCount)
    let run = ChapterEight.Run()

    // The animation: a copy is added now; the commit resolves its begin time and sends it.
    var slide = BasicAnimation(keyPath: .position, from: ChapterEight.point(0, lane: 0), to: ChapterEight.point(1, lane: 0))
    slide.duration = ChapterEight.duration
    slide.delegate = ChapterEight.Narrator()
    do {
        try scene.animated.layer.add(slide, forKey: "slide")
    } catch {
        print("Could not add the animation: \(error)")
        return
    }
    // The model value is where the layer rests once the animation is over (Core Animation's idiom).
    scene.animated.layer.position = ChapterEight.point(1, lane: 0)
    Transaction.setCompletionBlock {
        narrate("  completion block: every animation the transaction added has stopped")
        run.isFinished = true
    }
    Transaction.flush()
    let begin = scene.animated.layer.animation(forKey: "slide")?.beginTime ?? currentMediaTime()
    say("  added the animation; the commit resolved its begin time to \(String(format: "%.3f", begin)) s (the commit's media time)")

    // The same slide from the main thread: each callback places the square where the slide is at
    // the frame the change will show in (`targetTimestamp`).
    let link = DisplayLink(frameClock: clock) { link in
        let time = link.targetTimestamp?.mediaTime ?? currentMediaTime()
        let progress = ChapterEight.progress(at: time, begin: begin)
        scene.driven.layer.position = ChapterEight.point(progress, lane: 1)
        if progress >= 1 { link.invalidate() }
    }
    link.start()

    // The hitch: a timer in the middle of the slide puts the main thread to sleep.
    let hitch = EventLoop.Timer(after: .zero, interval: .zero, name: "chapter 8: the main thread sleeps") { _ in
        MainActor.assumeIsolated {
            run.blockStart = EventLoop.main.now
            usleep(UInt32(ChapterEight.blockMilliseconds * 1000))   // a plain sleep, on the real clock
            run.blockEnd = EventLoop.main.now
        }
    }
    hitch.nextFireDate = EventLoop.main.now.advanced(by: ChapterEight.hitchOffset)
    EventLoop.main.add(hitch, to: .common)

    let deadline = ContinuousClock.now + .seconds(5)
    while !(run.isFinished && !link.isRunning), ContinuousClock.now < deadline {
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(100))
    }
    link.invalidate()
    _ = window.snapshot()
    window.renderServer.shutdown()

    let shown = frames.frames.filter { $0.id > firstFrame }
    guard let blockStart = run.blockStart, let blockEnd = run.blockEnd else { return say("  the hitch never ran") }
    let account = ChapterEight.Account(frames: shown, blockStart: blockStart, blockEnd: blockEnd)
    account.report(skippedFrames: link.skippedFrames, trace: recorder.events)
    ChapterEight.writeContactSheet(of: account.sheetFrames)
    session.framePicture = ChapterEight.picture(from: blockStart, to: blockEnd, interval: interval, clock: clock)
    say("""

        Try it: `swift run PipelineTour 8 --fps 120` ticks twice as often, and the render server
        presents twice as many frames during the same sleep. `--only animation,render` keeps the
        render thread's side of the timeline.
        """)
}

/// Chapter 8's scene, timing, measurements and pictures.
enum ChapterEight {
    static let windowSize = Size(width: 320, height: 96)
    /// How long the slide takes, and how long the main thread sleeps in its middle.
    static let duration = 1.0
    static let blockMilliseconds = 250
    static var block: Duration { .milliseconds(blockMilliseconds) }
    /// When the hitch starts after the commit that added the animation: its middle is the slide's.
    static var hitchOffset: Duration { .milliseconds(Int(duration * 500) - blockMilliseconds / 2) }
    /// The squares' centres slide from x 24 to x 296; lane 0 is at y 30, lane 1 at y 78.
    static let start = 24.0, end = 296.0
    static let laneY = [30.0, 78.0]
    static let animatedColor = Color(red: 0.9, green: 0.3, blue: 0.2)
    static let drivenColor = Color(red: 0.2, green: 0.45, blue: 0.9)

    /// The window's views: a label and a square per lane.
    @MainActor
    struct Scene {
        let animated: View
        let driven: View

        init(in window: Window) {
            animated = Self.square(lane: 0, color: ChapterEight.animatedColor)
            driven = Self.square(lane: 1, color: ChapterEight.drivenColor)
            for (lane, text) in ["render server · BasicAnimation", "main thread · DisplayLink sets position"].enumerated() {
                let label = Label(frame: Rect(x: 8, y: ChapterEight.laneY[lane] - 29, width: 300, height: 14))
                label.text = text
                label.font = .system(size: 10)
                label.textColor = Color(white: 0.45)
                window.addSubview(label)
            }
            window.addSubview(animated)
            window.addSubview(driven)
        }

        private static func square(lane: Int, color: Color) -> View {
            let view = View(frame: Rect(x: ChapterEight.start - 12, y: ChapterEight.laneY[lane] - 12, width: 24, height: 24))
            view.backgroundColor = color
            return view
        }
    }

    /// What the run recorded on the main thread.
    @MainActor
    final class Run {
        var blockStart: EventLoop.Instant?
        var blockEnd: EventLoop.Instant?
        var isFinished = false
    }

    /// Says when the animation starts and stops: the render server reports both with a frame,
    /// and the main thread hears them when it is free.
    @MainActor
    final class Narrator: AnimationDelegate {
        func animationDidStart(_ animation: any Animation) {
            narrate("  animationDidStart (heard on the main thread)")
        }

        func animationDidStop(_ animation: any Animation, finished: Bool) {
            narrate("  animationDidStop finished=\(finished) (heard on the main thread)")
        }
    }

    /// The slide's progress, 0…1, at media time `time`.
    static func progress(at time: Double, begin: Double) -> Double {
        min(max((time - begin) / duration, 0), 1)
    }

    /// The centre of a square `progress` of the way along lane `lane`.
    static func point(_ progress: Double, lane: Int) -> Point {
        Point(x: start + (end - start) * progress, y: laneY[lane])
    }

    /// How many transaction commits began on the main thread between `start` and `end`, from the
    /// chapter's trace.
    static func commits(in events: [TraceEvent], from start: EventLoop.Instant, to end: EventLoop.Instant) -> Int {
        events.filter { event in
            event.phase == .begin && TraceEventName.commit.matches(event)
                && event.timestamp > UInt64(start.nanoseconds) && event.timestamp < UInt64(end.nanoseconds)
        }.count
    }

    /// When each commit was submitted to the render server (its `submit` instant), by commit id.
    static func submissions(in events: [TraceEvent]) -> [UInt64: UInt64] {
        var times: [UInt64: UInt64] = [:]
        for event in events where TraceEventName.submit.matches(event) {
            if let commit = event.arguments["commit"].flatMap(UInt64.init) { times[commit] = event.timestamp }
        }
        return times
    }

    /// Writes `chapter-8-contact-sheet.png` next to the Chrome trace (as the frame pictures are):
    /// the frames around the sleep, one size, five to a row.
    static func writeContactSheet(of frames: [PresentedFrame]) {
        let path = traceDirectory(of: session.options.traceOutputPath) + "/chapter-8-contact-sheet.png"
        do {
            try ContactSheet(frames: frames, columns: 5, thumbnailWidth: windowSize.width).writePNG(toPath: path)
            say("  Contact sheet of the \(frames.count) frames around the sleep written to \(path)")
        } catch {
            say("  Could not write the contact sheet: \(error)")
        }
    }

    /// The stretch of the trace the frame picture draws: the sleep, with two frame intervals
    /// before it and three after, on a grid of the window's ticks.
    static func picture(from start: EventLoop.Instant, to end: EventLoop.Instant, interval: Duration,
                        clock: FrameClock) -> TourSession.FramePictureStretch {
        let before = start.advanced(by: interval * -2), after = end.advanced(by: interval * 3)
        return .init(window: .between(start: UInt64(before.nanoseconds), end: UInt64(after.nanoseconds)),
                     gridOrigin: UInt64(clock.origin.nanoseconds))
    }

    /// "16.7 ms".
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return "\((value * 10).rounded() / 10) ms"
    }
}
