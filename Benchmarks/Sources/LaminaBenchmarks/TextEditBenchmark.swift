import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaUI

/// `text-edit`: what one keystroke costs the main thread in a `TextView`, in the middle of a
/// 2,000-paragraph document (A) against a 1-paragraph one (B) — the same paragraph, the caret at
/// the same place in it. Target: A/B ≤ 1.5 (the cost follows the edit, not the document).
///
/// Each variant is a 390×400-point text view at scale 2 in its own window (60 Hz, a headless
/// presenter), asynchronous display on. A sample is the main thread's CPU time
/// (`CLOCK_THREAD_CPUTIME_ID`: the time it sleeps while a display queue draws is not in it) for
/// one key: sending it, the commit, running the main loop until the paragraph's new drawing has
/// landed and every commit that followed has been presented, and a last flush. Keys alternate
/// between typing "x" and Backspace, so the document stays the same.
///
/// Also measured, and reported in the notes: the latency from the key to the first presented frame
/// that shows it, in milliseconds and in frames (ticks of the 60 Hz clock after the key).
final class TextEditBenchmark: Benchmark, @unchecked Sendable {
    let name = "text-edit"
    let summary = "main-thread CPU per keystroke in a TextView, 390×400 @2: mid-document in 2,000 paragraphs (A) vs 1 paragraph (B); target ≤ 1.5"

    private var scenes: [Variant: TextEditScene] = [:]
    private var drain: MainLoopDrain?
    private var latencies: [Variant: [(milliseconds: Double, frames: Int64)]] = [:]
    private var failures: [String] = []

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 4)
            : Plan(warmUpRounds: 2, measuredRounds: 20, samplesPerRound: 10)
    }

    func setUp() {
        MainActor.assumeIsolated {
            let drain = MainLoopDrain()
            self.drain = drain
            for variant in [Variant.lamina, .baseline] {
                guard let scene = TextEditScene(paragraphs: variant == .lamina ? 2_000 : 1) else {
                    failures.append("FAILED: could not make the \(variant) window")
                    continue
                }
                scene.settle(drain)
                scenes[variant] = scene
            }
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let scene = scenes[variant], let drain else { return [] }
            return (0..<samples).map { _ in
                let (cpu, latency) = scene.keystroke(drain)
                if let latency { latencies[variant, default: []].append(latency) } else { failures.append("a key was never presented") }
                return cpu
            }
        }
    }

    func tearDown() {
        MainActor.assumeIsolated {
            for scene in scenes.values { scene.check(into: &failures) }
            scenes = [:]
            drain?.invalidate()
            drain = nil
        }
    }

    var notes: [String] {
        var notes = Array(Set(failures)).sorted()
        for (variant, label) in [(Variant.lamina, "2,000 paragraphs"), (.baseline, "1 paragraph")] {
            let samples = latencies[variant] ?? []
            guard !samples.isEmpty else { continue }
            let milliseconds = Summary(samples.map(\.milliseconds))
            let mean = samples.map(\.milliseconds).reduce(0, +) / Double(samples.count)
            let frames = samples.map(\.frames).sorted()
            let p99Frames = frames[min(frames.count - 1, Int((Double(frames.count) * 0.99).rounded(.up)) - 1)]
            let withinOne = Double(frames.filter { $0 <= 1 }.count) / Double(frames.count) * 100
            notes.append("key to presented frame, \(label): p50 \(Report.format(milliseconds.median, decimals: 1)) ms, "
                + "p99 \(Report.format(milliseconds.p99, decimals: 1)) ms, mean \(Report.format(mean, decimals: 1)) ms; "
                + "p99 \(p99Frames) frame(s), \(Report.format(withinOne, decimals: 1)) % within one frame (\(samples.count) keys)")
        }
        return notes
    }
}

/// A window with a text view whose caret sits in the middle paragraph, and a log of presented
/// frames with their commits.
@MainActor
private final class TextEditScene {
    let window: Window
    let textView: TextView
    let log = CommitLog()
    let original: String
    private var typesNext = true

    init?(paragraphs: Int) {
        guard let window = try? Window(size: Size(width: 390, height: 400), scale: 2, presenter: log) else { return nil }
        self.window = window
        let paragraph = "The quick brown fox jumps over the lazy dog, and the dog does not mind at all."
        original = Array(repeating: paragraph, count: paragraphs).joined(separator: "\n")
        textView = TextView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        textView.text = original
        window.addSubview(textView)
        textView.becomeFirstResponder()
        let middle = (paragraphs / 2) * (paragraph.utf16.count + 1) + 20
        textView.selectedRange = middle..<middle
    }

    func settle(_ drain: MainLoopDrain) {
        Transaction.flush()
        drain.run("text-edit: first frame")
    }

    /// One key, timed: its main-thread CPU time in nanoseconds, and its latency to the screen.
    func keystroke(_ drain: MainLoopDrain) -> (Double, (milliseconds: Double, frames: Int64)?) {
        let event = typesNext ? KeyEvent(key: .character("x"), text: "x") : KeyEvent(key: .backspace)
        typesNext.toggle()
        let sent = EventLoop.main.now
        let start = MonotonicClock.threadCPUNow()
        window.send(event)
        Transaction.flush()
        drain.run("text-edit: a key")
        Transaction.flush()
        let end = MonotonicClock.threadCPUNow()
        return (Double(end - start), latency(since: sent))
    }

    /// The first frame presented after `sent` that carries the last commit: how long after the
    /// key, and how many ticks of the frame clock after it.
    private func latency(since sent: EventLoop.Instant) -> (milliseconds: Double, frames: Int64)? {
        guard let commit = window.lastCommitID,
              let frame = log.frames.first(where: { $0.commits.contains { $0 >= commit } && $0.presented >= sent }),
              let tick = frame.tick else { return nil }
        let milliseconds = sent.duration(to: frame.presented).seconds * 1e3
        // The key falls between two ticks; the next tick is frame 1.
        let ticksAfter = Int64((sent.duration(to: tick.time).seconds / FrameClock.sixtyHertz.seconds).rounded(.up))
        return (milliseconds, max(ticksAfter, 1))
    }

    /// After the run: the text is back to where it started and the caret in step.
    func check(into failures: inout [String]) {
        if textView.text != original { failures.append("FAILED: the document changed over the run") }
    }
}

/// A headless presenter that keeps, for each frame, when it was presented and which commits it
/// was the first to show.
private final class CommitLog: FrameKeepingPresenter, @unchecked Sendable {
    struct Frame {
        let commits: [UInt64]
        let tick: FrameTick?
        let presented: EventLoop.Instant
    }

    private let wrapped = HeadlessPresenter()
    private let lock = NSLock()
    private var entries: [Frame] = []

    func present(_ frame: PresentedFrame) {
        let entry = Frame(commits: frame.commits, tick: frame.tick, presented: EventLoop.main.now)
        lock.withLock {
            entries.append(entry)
            if entries.count > 600 { entries.removeFirst(300) }
        }
        wrapped.present(frame)
    }

    var lastFrame: PresentedFrame? { wrapped.lastFrame }

    var frames: [Frame] { lock.withLock { entries } }
}
