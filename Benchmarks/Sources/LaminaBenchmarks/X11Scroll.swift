import CBenchX11
import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaUI
import LaminaX11

/// `x11-scroll`: a list scrolled 12 points a frame in a 600×800 window of an Xvfb the benchmark
/// starts, each frame committed, composited and presented, then waited for (one round trip). A:
/// the presenter moves the scrolled pixels on the server with `CopyArea` and sends only the strip
/// that scrolled in; B: the same presenter with moves off, sending the whole scrolled region with
/// `PutImage` (both without MIT-SHM, so every pixel byte crosses the socket). The figure that
/// matters is in the notes: the pixel bytes each sends per scrolled frame; the times add the
/// commit and the composite, the same on both sides. Unchecked `Sendable`: the harness calls it
/// on the main thread only, as `MainActor.assumeIsolated` asserts.
final class X11Scroll: Benchmark, @unchecked Sendable {
    let name = "x11-scroll"
    let summary = "one 12-point scroll of a 600×800 list presented to an Xvfb window (A: CopyArea + the strip; B: PutImage of the region)"

    private struct Side {
        let presenter: X11Presenter
        let window: Window
        let scroll: ScrollView
        let events: X11EventSource
        var frames = 0
        var bytes = 0
        var movedFrames = 0
    }

    private var server: BenchXvfb?
    private var sides: [Variant: Side] = [:]
    private(set) var notes: [String] = []

    static let size = Size(width: 600, height: 800)
    static let step = 12.0

    /// The benchmark, or none (with a line saying why) when Xvfb is not installed.
    static func all() -> [Benchmark] {
        guard BenchXvfb.isInstalled(for: "x11-scroll") else { return [] }
        return [X11Scroll()]
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: 5)
            : Plan(warmUpRounds: 2, measuredRounds: 20, samplesPerRound: 10)
    }

    func setUp() {
        guard let server = BenchXvfb.start(noting: &notes) else { return }
        self.server = server
        let display = server.display
        MainActor.assumeIsolated {
            for (variant, x) in [(Variant.lamina, 0), (.baseline, 620)] {
                do {
                    let presenter = try X11Presenter(displayName: display, size: X11Scroll.size, title: "\(name) \(variant)",
                                                     options: .init(usesSharedMemory: false, movesScrolledPixels: variant == .lamina))
                    // Side by side: a window covered by the other would not move its pixels.
                    if x > 0 { _ = bench_x11_move_window(display, presenter.windowID, Int32(x), 0) }
                    // No frame clock: a commit is composited and presented at once, so a sample is not a tick long.
                    let window = try Window(size: X11Scroll.size, presenter: presenter, frameInterval: .zero)
                    let scroll = X11Scroll.list(in: window)
                    let events = presenter.connectEvents(to: window)
                    sides[variant] = Side(presenter: presenter, window: window, scroll: scroll, events: events)
                } catch {
                    notes.append("the \(variant == .lamina ? "A" : "B") window did not open: \(error)")
                }
            }
            // Let the server's Expose and VisibilityNotify arrive before the first measured frame,
            // then scroll once: a window's first frame that could move after it became visible is
            // sent whole (Docs chapter 09), and is not what a scrolled frame costs.
            _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(200))
            for side in sides.values {
                side.scroll.contentOffset.y += X11Scroll.step
                _ = side.window.snapshot()
            }
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard var side = sides[variant] else { return [] }
        defer { sides[variant] = side }
        return MainActor.assumeIsolated {
            (0..<samples).map { _ in
                let before = side.presenter.statistics
                let start = MonotonicClock.now()
                let offset = side.scroll.contentOffset.y + X11Scroll.step
                side.scroll.contentOffset.y = offset > side.scroll.contentSize.height - X11Scroll.size.height ? 0 : offset
                _ = side.window.snapshot()
                side.presenter.synchronize()
                let elapsed = MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
                let after = side.presenter.statistics
                side.frames += 1
                side.bytes += after.pixelBytesSent - before.pixelBytesSent
                if after.pixelMoves > before.pixelMoves { side.movedFrames += 1 }
                // The loop is not otherwise run between samples: the event source hears the server here.
                _ = EventLoop.main.run(mode: .default, timeout: .zero)
                return elapsed
            }
        }
    }

    func tearDown() {
        let perFrame = sides.mapValues { $0.frames > 0 ? $0.bytes / $0.frames : 0 }
        if let moved = perFrame[.lamina], let put = perFrame[.baseline], let a = sides[.lamina], let b = sides[.baseline] {
            let ratio = put > 0 ? Double(moved) / Double(put) : 0
            notes.append("pixel bytes sent per scrolled frame: A (CopyArea) \(moved), B (PutImage of the region) \(put): "
                + String(format: "%.3f", ratio) + "× — \(a.movedFrames) of A's \(a.frames) frames moved, \(b.movedFrames) of B's")
            if a.movedFrames < a.frames { notes.append("A sent some frames whole: \(a.frames - a.movedFrames) were not moves") }
        }
        MainActor.assumeIsolated {
            for side in sides.values { side.events.close() }
        }
        sides = [:]
        server?.kill()
        server = nil
    }

    /// A scroll view filling `window`, opaque (so that its scrolls are pixel moves), over 300
    /// rows of coloured cards with a darker band each.
    @MainActor
    private static func list(in window: Window) -> ScrollView {
        let scroll = ScrollView(frame: window.bounds)
        scroll.backgroundColor = .white
        scroll.contentSize = Size(width: size.width, height: 300 * 64)
        for index in 0..<300 {
            let card = View(frame: Rect(x: 8, y: Double(index) * 64 + 4, width: size.width - 16, height: 56))
            card.backgroundColor = Color(red: Double(index % 5) / 4, green: Double(index % 3) / 2, blue: Double(index % 7) / 6)
            let band = View(frame: Rect(x: 12, y: 12, width: size.width / 2, height: 14))
            band.backgroundColor = Color(white: 0.2)
            card.addSubview(band)
            scroll.addSubview(card)
        }
        window.addSubview(scroll)
        return scroll
    }
}
