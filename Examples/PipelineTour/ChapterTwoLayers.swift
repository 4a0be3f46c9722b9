import Lamina

/// Chapter 2: why `setNeedsDisplay` does not draw immediately. A view is changed many times in
/// one turn of the main loop; each change only marks it. When the loop is about to sleep, the
/// transaction commit observer lays out, displays the view once, and sends one delta to the
/// render server, which composites on its own thread. The completion block runs right after the
/// commit (the transaction added no animation); `onPresentation(ofCommit:)` runs once the frame is
/// presented.
@MainActor
func runChapterTwo() {
    print("""
        A view's draw(_:in:) logs each call. We set its colour five times and call
        setNeedsDisplay() each time — all in the same turn of the loop. Watch when it draws.
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: Size(width: 160, height: 90), scale: 2)
    } catch {
        print("Could not make a window: \(error)")
        return
    }
    let swatch = SwatchView(frame: Rect(x: 20, y: 20, width: 120, height: 50))
    window.addSubview(swatch)
    _ = window.snapshot()  // the first frame: draws and presents once before the demonstration
    swatch.drawCount = 0

    let colors: [Color] = [.red, .orange, .yellow, .green, .blue]
    let turn = EventLoop.Timer(after: .milliseconds(5), interval: .zero, name: "one turn of changes") { _ in
        MainActor.assumeIsolated {
            for color in colors {
                swatch.color = color
                say("  swatch.color = \(color); setNeedsDisplay() — drawn \(swatch.drawCount) times so far")
            }
            Transaction.setCompletionBlock {
                // No animation was added, so the block runs as soon as the commit is sent (Core
                // Animation's rule); the frame comes at the next tick of the frame clock.
                narrate("  completion block: the commit is sent (no animation to wait for); nothing presented yet")
                guard let commit = window.lastCommitID else { return EventLoop.main.stop() }
                window.renderServer.onPresentation(ofCommit: commit) {
                    narrate("  onPresentation(ofCommit: \(commit)): the frame with these changes was presented")
                    EventLoop.main.stop()
                }
            }
            say("  end of the timer callout: nothing drawn yet, the layer is only marked")
        }
    }
    EventLoop.main.add(turn, to: .common)
    say("Running the main loop…")
    let result = EventLoop.main.run(mode: .default, timeout: .seconds(5))
    say("run returned \(result); the view drew \(swatch.drawCount) time(s), at the commit observer")
    if let frame = window.snapshot() {
        say("last frame: \(frame.width)×\(frame.height) pixels; pixel at the swatch's centre: \(frame.pixel(x: 160, y: 90))")
    }
    window.renderServer.shutdown()
}

/// A view that fills itself with a colour and counts its draws.
@MainActor
private final class SwatchView: View {
    var drawCount = 0
    var color: Color = .gray {
        didSet { setNeedsDisplay() }
    }

    override var drawsContent: Bool { true }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        drawCount += 1
        narrate("  draw(_:in:) #\(drawCount) on the main thread, inside the transaction commit")
        context.fillColor = color
        context.fill(bounds, cornerRadius: 8)
    }
}
