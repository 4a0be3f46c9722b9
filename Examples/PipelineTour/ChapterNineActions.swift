import Foundation
import Lamina

/// Chapter 9: who decides what animates. A standalone layer and a view's layer change the same
/// properties; the trace's `action search` events say which step of Core Animation's search
/// answered each change (the delegate, the layer's `actions`, the class default) and with what.
/// Then a nested transaction with its own duration, and a view animation interrupted half-way
/// by another, whose frames show that the square never jumps.
@MainActor
func runChapterNine(trace recorder: TraceRecorder) {
    print("""
        Setting a property of a layer asks the layer for an action before the change is made:
        first its delegate, then its `actions` dictionary, then the default of its class. The
        first answer that is not nil ends the search; NullAction ends it with nothing to run.
        A standalone layer has no delegate, so the class default answers: a BasicAnimation from
        what is on screen. A view is its layer's delegate and answers NullAction — unless the
        change happens inside View.animate.
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: ChapterNine.windowSize, scale: 1)
    } catch {
        print("Could not make a window: \(error)")
        return
    }
    guard let frames = window.presenter as? FrameRecorder else { return }
    let scene = ChapterNine.Scene(in: window)
    // On screen first: a layer that was never shown has nothing to animate from.
    _ = window.snapshot()

    say("\n1. The action search, change by change (from the trace's `action search` events):")
    ChapterNine.search(recorder, "standalone layer: opacity = 0.4", on: scene.standalone) { scene.standalone.opacity = 0.4 }
    scene.standalone.actions["cornerRadius"] = NullAction()
    ChapterNine.search(recorder, "standalone layer, actions[\"cornerRadius\"] = NullAction(): cornerRadius = 12",
                       on: scene.standalone) { scene.standalone.cornerRadius = 12 }
    ChapterNine.search(recorder, "view's layer, outside a block: center.x += 40", on: scene.view.layer) {
        scene.view.center.x += 40
    }
    ChapterNine.search(recorder, "view's layer, inside View.animate(withDuration: 0.4): center.x -= 40",
                       on: scene.view.layer) {
        View.animate(withDuration: 0.4) { scene.view.center.x -= 40 }
    }
    ChapterNine.search(recorder, "inside View.performWithoutAnimation: alpha = 0.8", on: scene.view.layer) {
        View.performWithoutAnimation { scene.view.alpha = 0.8 }
    }
    ChapterNine.settle(window)

    say("\n2. A nested transaction has its own settings, inheriting the outer ones:")
    Transaction.begin()
    Transaction.animationDuration = 1.2
    scene.standalone.position.x += 120
    Transaction.begin()
    let inherited = Transaction.animationDuration
    Transaction.animationDuration = 0.3
    scene.standalone.backgroundColor = ChapterNine.secondColor
    Transaction.commit()
    Transaction.commit()
    let slide = scene.standalone.animation(forKey: "position")?.duration ?? 0
    let recolour = scene.standalone.animation(forKey: "backgroundColor")?.duration ?? 0
    say("""
          outer transaction: animationDuration = 1.2, position changes → its animation lasts \(slide) s
          inner transaction: inherits \(inherited) s, sets 0.3, backgroundColor changes → \(recolour) s
        """)
    ChapterNine.settle(window)

    say("\n3. Interrupted: a slide right for 0.8 s, and after 0.3 s a slide back left for 0.8 s.")
    View.performWithoutAnimation { scene.view.alpha = 1 }
    ChapterNine.settle(window)
    let firstFrame = UInt64(frames.frameCount)
    let start = scene.view.frame.minX
    View.animate(withDuration: 0.8) { scene.view.center.x += ChapterNine.slideDistance }
    ChapterNine.run(window, for: .milliseconds(300))
    let interruption = EventLoop.main.now
    View.animate(withDuration: 0.8) { scene.view.center.x -= ChapterNine.slideDistance }
    say("  the view's layer now runs \(scene.view.layer.animationKeys): the second animation adds to the first (additive, as UIKit does since iOS 8)")
    ChapterNine.settle(window)
    let shown = frames.frames.filter { $0.id > firstFrame }
    let edges = shown.compactMap { ChapterNine.leftEdge(in: $0.image) }
    let steps = zip(edges, edges.dropFirst()).map { abs($1 - $0) }
    say("""
          \(shown.count) frames; the square's left edge went \(edges.map(String.init).joined(separator: " "))
          largest move between two frames: \(steps.max() ?? 0) px — no jump where the second animation began,
          and it ended where it started (\(Int(start)) → \(edges.last.map(String.init) ?? "?"))
        """)
    ChapterNine.writeContactSheet(of: shown)
    if let clock = window.frameClock {
        // The frame picture: the commit that adds the second animation, and the ticks after it.
        let interval = session.options.frameInterval
        session.framePicture = ChapterEight.picture(from: interruption, to: interruption.advanced(by: interval * 2),
                                                    interval: interval, clock: clock)
    }
    window.renderServer.shutdown()
    say("""

        Try it: the feed's rows grow the same way when their "… more" is tapped — `make x11-demo`,
        or headless in FeedDemo's measured run, where every fifth row expands as it comes into view.
        """)
}

/// Chapter 9's scene, drivers and pictures.
enum ChapterNine {
    static let windowSize = Size(width: 320, height: 120)
    static let firstColor = Color(red: 0.2, green: 0.6, blue: 0.35)
    static let secondColor = Color(red: 0.85, green: 0.55, blue: 0.1)
    static let viewColor = Color(red: 0.2, green: 0.45, blue: 0.9)
    /// The view's row (in pixels) and how far its slides go.
    static let viewRow = 90
    static let slideDistance = 160.0

    /// A standalone layer on the window's layer, and a view.
    @MainActor
    struct Scene {
        let standalone = Layer()
        let view = View(frame: Rect(x: 20, y: 74, width: 32, height: 32))

        init(in window: Window) {
            standalone.frame = Rect(x: 20, y: 16, width: 32, height: 32)
            standalone.backgroundColor = ChapterNine.firstColor
            window.layer.addSublayer(standalone)
            view.backgroundColor = ChapterNine.viewColor
            window.addSubview(view)
        }
    }

    /// Makes `change` and prints each action search it caused, from the trace: the key, the step
    /// that answered and its answer, then the animations `layer` runs.
    @MainActor
    static func search(_ recorder: TraceRecorder, _ title: String, on layer: Layer, _ change: () -> Void) {
        let before = recorder.events.count
        change()
        say("  \(title)")
        for event in recorder.events.dropFirst(before) where TraceEventName.actionSearch.matches(event) {
            let key = event.arguments["key"] ?? "?", step = event.arguments["step"] ?? "?"
            let action = event.arguments["action"] ?? "nil"
            let outcome = switch (step, action) {
            case ("none", _): "no step answered: nothing runs"
            case (_, "NullAction"): "answered by the \(step) step with NullAction: nothing runs"
            default: "answered by the \(step) step with \(action)"
            }
            say("    search for \"\(key)\": \(outcome)")
        }
        say("    animations running on the layer: \(layer.animationKeys.isEmpty ? "none" : layer.animationKeys.joined(separator: ", "))")
    }

    /// Runs the main loop for `duration`.
    @MainActor
    static func run(_ window: Window, for duration: Duration) {
        window.run(until: { false }, timeout: duration)
    }

    /// Runs the main loop until no layer of the window animates any more, and a frame after.
    @MainActor
    static func settle(_ window: Window) {
        window.run(until: { !animates(window.layer) }, timeout: .seconds(5))
        run(window, for: .milliseconds(50))
    }

    @MainActor
    private static func animates(_ layer: Layer) -> Bool {
        !layer.animationKeys.isEmpty || layer.sublayers.contains(where: animates)
    }

    /// The left edge of the view's square in a frame: the first pixel of its colour on its row.
    static func leftEdge(in image: Image) -> Int? {
        (0..<image.width).first { x in
            let pixel = image.pixel(x: x, y: viewRow)
            return abs(pixel.red - viewColor.red) < 0.05 && abs(pixel.blue - viewColor.blue) < 0.05
        }
    }

    /// Writes `chapter-9-contact-sheet.png` next to the Chrome trace: every other frame of the
    /// interrupted slide, five to a row.
    static func writeContactSheet(of frames: [PresentedFrame]) {
        let path = traceDirectory(of: session.options.traceOutputPath) + "/chapter-9-contact-sheet.png"
        let picked = frames.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        do {
            try ContactSheet(frames: picked, columns: 5, thumbnailWidth: windowSize.width).writePNG(toPath: path)
            say("  Contact sheet of every other frame of the interrupted slide written to \(path)")
        } catch {
            say("  Could not write the contact sheet: \(error)")
        }
    }
}
