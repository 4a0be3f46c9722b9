import FeedScene
import Foundation
import Lamina

/// `--soak N`: the feed (async on, 60 Hz) scrolled down to its end and up to its start again and
/// again for N frames, headless on a virtual clock (frames as fast as the main thread makes them),
/// every fifth row expanding as it first comes into view, traced throughout. Every 10,000 frames
/// it reports resident memory and what could leak — live layers, cells made and waiting for
/// reuse, cached images, and the trace events recorded since the last report (the recorder is
/// emptied every 1,000 frames, as a long-running app's tracing would be) — and at the end checks
/// that nothing grew after the first sample: resident memory within 5 % of it, every count no
/// higher than its highest in the first 10,000 frames (trace events: within 5 % of it).
/// Returns whether the check held.
@MainActor
func runSoak(posts: [FeedPost], images: FeedImages, options: FeedDemoCommand, frames: Int) -> Bool {
    let window: Window
    do {
        window = try Window(size: options.size, scale: options.scale, presenter: HeadlessPresenter(),
                            frameInterval: FrameClock.sixtyHertz)
    } catch {
        emit("Could not make a window: \(error)")
        return false
    }
    let scene = FeedScene(posts: posts, mode: .asyncOn, window: window, images: images)
    defer { scene.tearDown() }
    guard scene.waitForLayouts(), let frameClock = window.frameClock else {
        emit("The rows were not measured in time")
        return false
    }
    scene.settleFirstScreen()
    // Measured and settled in real time (a timeout on a virtual clock passes at once), then on
    // a virtual clock that starts where real time is, so the frame clock's ticks carry on.
    EventLoop.main.useVirtualClock(EventLoop.VirtualClock(startingAt: EventLoop.main.now))
    defer { EventLoop.main.useVirtualClock(nil) }
    let recorder = TraceRecorder()
    Trace.start(into: recorder)
    defer { _ = Trace.stop() }
    emit("Soak: \(posts.count) rows, async on, 60 Hz on a virtual clock, down and up for \(frames) frames.")
    emit(SoakSample.header)
    var samples: [SoakSample] = []
    var callbacks = 0, direction = 1.0, passes = 0, traceEvents = 0
    var firstWindowPeaks = SoakSample.Counts.zero
    var done = false
    let list = scene.list
    let step = 3_000 * frameClock.interval.seconds
    let link = DisplayLink(frameClock: frameClock) { link in
        callbacks += 1
        var target = list.contentOffset.y + direction * step
        if target >= list.maximumContentOffset.y || target <= 0 {
            target = min(max(target, 0), list.maximumContentOffset.y)
            direction = -direction
            passes += 1
        }
        list.contentOffset = list.scrollTarget(Point(x: 0, y: target))
        for row in list.rowsInView where row % 5 == 0 { _ = scene.expandRow(row) }
        // The recorder is emptied every 1,000 frames (tracing a long run, an app would save and
        // empty it so); the report counts what the last 10,000 frames recorded.
        if callbacks % 1_000 == 0 {
            traceEvents += recorder.count + recorder.droppedCount
            recorder.removeAll()
        }
        let report = callbacks % 10_000 == 0 || callbacks == frames
        let counts = SoakSample.Counts(scene: scene, traceEvents: report ? traceEvents : 0)
        if callbacks <= 10_000 { firstWindowPeaks = firstWindowPeaks.max(counts) }
        if report {
            traceEvents = 0
            let sample = SoakSample(frame: callbacks, passes: passes, counts: counts)
            samples.append(sample)
            emit(sample.line)
        }
        if callbacks >= frames {
            done = true
            link.invalidate()
        }
    }
    link.start()
    window.run(until: { done }, timeout: frameClock.interval * (frames * 3) + .seconds(60))
    link.invalidate()
    guard done, let first = samples.first, let last = samples.last else {
        emit("Soak: the run ended after \(callbacks) of \(frames) frames")
        return false
    }
    return SoakSample.verdict(first: first, last: last, firstWindowPeaks: firstWindowPeaks, samples: samples)
}

/// One row of the soak report.
struct SoakSample {
    /// What could leak, counted at one frame.
    struct Counts {
        var layers: Int
        var cells: Int
        var reusableCells: Int
        var cachedImages: Int
        var traceEvents: Int

        static let zero = Counts(layers: 0, cells: 0, reusableCells: 0, cachedImages: 0, traceEvents: 0)

        @MainActor
        init(scene: FeedScene, traceEvents: Int) {
            layers = Layer.liveCount
            cells = scene.cellsMade
            reusableCells = scene.list.reusableCellCount
            cachedImages = scene.loader.memoryCache.count
            self.traceEvents = traceEvents
        }

        init(layers: Int, cells: Int, reusableCells: Int, cachedImages: Int, traceEvents: Int) {
            (self.layers, self.cells, self.reusableCells) = (layers, cells, reusableCells)
            (self.cachedImages, self.traceEvents) = (cachedImages, traceEvents)
        }

        func max(_ other: Counts) -> Counts {
            Counts(layers: Swift.max(layers, other.layers), cells: Swift.max(cells, other.cells),
                   reusableCells: Swift.max(reusableCells, other.reusableCells),
                   cachedImages: Swift.max(cachedImages, other.cachedImages),
                   traceEvents: Swift.max(traceEvents, other.traceEvents))
        }

        /// The counts above `limit`'s, named.
        func exceeding(_ limit: Counts) -> [String] {
            var grown: [String] = []
            if layers > limit.layers { grown.append("layers \(limit.layers) → \(layers)") }
            if cells > limit.cells { grown.append("cells made \(limit.cells) → \(cells)") }
            if reusableCells > limit.reusableCells { grown.append("reusable cells \(limit.reusableCells) → \(reusableCells)") }
            if cachedImages > limit.cachedImages { grown.append("cached images \(limit.cachedImages) → \(cachedImages)") }
            if Double(traceEvents) > Double(limit.traceEvents) * 1.05 {
                grown.append("trace events per 10,000 frames \(limit.traceEvents) → \(traceEvents)")
            }
            return grown
        }
    }

    let frame: Int
    let passes: Int
    let residentBytes: Int
    let counts: Counts

    /// A sample taken now: the process's resident memory with `counts`.
    @MainActor
    init(frame: Int, passes: Int, counts: Counts) {
        self.init(frame: frame, passes: passes, residentBytes: Self.currentResidentBytes(), counts: counts)
    }

    init(frame: Int, passes: Int, residentBytes: Int, counts: Counts) {
        self.frame = frame
        self.passes = passes
        self.residentBytes = residentBytes
        self.counts = counts
    }

    static let header = "  frame   passes  resident MiB  live layers  cells made  reusable  cached images  trace events"

    var line: String {
        func column(_ value: String, _ width: Int) -> String { String(repeating: " ", count: max(width - value.count, 0)) + value }
        return column(String(frame), 7) + column(String(passes), 9)
            + column(FeedReport.fixed(Double(residentBytes) / 1_048_576, 1), 14) + column(String(counts.layers), 13)
            + column(String(counts.cells), 12) + column(String(counts.reusableCells), 10)
            + column(String(counts.cachedImages), 15) + column(String(counts.traceEvents), 14)
    }

    /// Resident memory now (not the peak), from /proc/self/statm; 0 when it cannot be read.
    static func currentResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Prints whether the run held: memory within 5 % of the first sample's at the end, and no
    /// count above its peak of the first 10,000 frames in any later sample.
    static func verdict(first: SoakSample, last: SoakSample, firstWindowPeaks: Counts, samples: [SoakSample]) -> Bool {
        var problems: [String] = []
        let growth = Double(last.residentBytes - first.residentBytes) / Double(max(first.residentBytes, 1))
        if growth > 0.05 {
            problems.append("resident memory grew \(FeedReport.fixed(growth * 100, 1)) % after frame \(first.frame)")
        }
        for sample in samples.dropFirst() {
            for grown in sample.counts.exceeding(firstWindowPeaks) { problems.append("at frame \(sample.frame): \(grown)") }
        }
        emit(problems.isEmpty
             ? "Soak held: resident memory \(FeedReport.fixed(growth * 100, 1)) % from frame \(first.frame) to \(last.frame), every count flat."
             : "Soak FAILED:\n  " + problems.joined(separator: "\n  "))
        return problems.isEmpty
    }
}
