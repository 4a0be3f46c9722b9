import Lamina

/// What a measured scroll of the feed found.
public struct FeedRunResult: Sendable {
    /// How the feed drew.
    public let mode: FeedMode
    /// The window's frame interval.
    public let frameInterval: Duration
    /// The main thread's CPU time between consecutive display-link callbacks, in milliseconds:
    /// everything it did for one frame (scroll, layout, cells, commit, async results arriving).
    public let mainThreadCPU: [Double]
    /// The ticks the run spanned, and how many of them had no new frame by the next tick (the
    /// frame missed its deadline or never came).
    public let ticks: Int, lateFrames: Int
    /// Ticks the display link skipped because the main thread was busy when they came.
    public let skippedLinkFrames: Int
    /// For each row that came into view: milliseconds from then until the commit that gave it
    /// its final content (labels drawn, pictures shown).
    public let contentLatencies: [Double]
    /// Rows still without their final content when the run ended.
    public let rowsUnfinished: Int
    /// Peak resident memory of the process during the run, in bytes (nil when /proc does not say).
    public let peakMemory: Int?
    /// The distance scrolled, in points.
    public let distance: Double
    /// Cells the list made (the rest were reused).
    public let cellsMade: Int
    /// Rows expanded during the run (their "more" tapped as they came into view).
    public let rowsExpanded: Int

    /// Late frames as a percentage of the ticks.
    public var latePercentage: Double {
        ticks > 0 ? Double(lateFrames) / Double(ticks) * 100 : 0
    }
}

/// Scrolls a ``FeedScene`` at a constant speed on its window's display link for a number of frames,
/// measuring each frame. The main loop runs through `Window.run(until:timeout:)`.
@MainActor
public final class FeedScrollRun {
    /// How fast, in points per second.
    public let speed: Double
    /// How many display-link frames.
    public let frames: Int
    /// Every how many rows one is expanded as it comes into view (0: none).
    public let expandEvery: Int

    private let scene: FeedScene
    private let log: PresentationLog
    private var cpu: [Double] = []
    private var lastCPU: Double?
    /// Rows that came into view, and when those not yet final did.
    private var seenRows: Set<Int> = []
    private var waiting: [Int: EventLoop.Instant] = [:]
    private var latencies: [Double] = []
    private var start: FrameTick?
    private var lastTick: FrameTick?
    private var callbacks = 0
    private var distance = 0.0
    private var expanded = 0

    /// A run of `scene` at `speed` points per second for `frames` frames; `log` must be the
    /// presenter (or in front of it) of the scene's window. With `expandEvery` N > 0, each row
    /// whose index is a multiple of N expands when it comes into view, as a tap on its "more"
    /// would (``FeedScene/expandRow(_:)``): the run measures the feed with its animated height
    /// changes going on.
    public init(scene: FeedScene, log: PresentationLog, speed: Double = 3_000, frames: Int = 600, expandEvery: Int = 0) {
        self.scene = scene
        self.log = log
        self.speed = speed.isFinite && speed > 0 ? speed : 3_000
        self.frames = max(frames, 1)
        self.expandEvery = max(expandEvery, 0)
    }

    /// Runs the scroll; `progress` is called on the main thread every half second of scrolling
    /// with the fraction done. Nil when the window has no frame clock (an unpaced window has no
    /// display link).
    public func run(progress: (@MainActor (Double) -> Void)? = nil) -> FeedRunResult? {
        guard let clock = scene.window.frameClock else { return nil }
        let list = scene.list
        let startOffset = list.contentOffset.y
        var done = false
        var lastReport = 0
        let link = DisplayLink(frameClock: clock) { [unowned self] link in
            guard let tick = link.tick else { return }
            let now = FeedMeasurements.threadCPUMilliseconds()
            if let lastCPU { cpu.append(now - lastCPU) }
            lastCPU = now
            if start == nil { start = tick }
            lastTick = tick
            callbacks += 1
            let elapsed = Double((tick.index - start!.index)) * clock.interval.seconds
            let target = min(startOffset + speed * elapsed, list.maximumContentOffset.y)
            // On whole device pixels, as a finger's scroll lands (ScrollView.pixelAligned).
            list.contentOffset = list.scrollTarget(Point(x: 0, y: target))
            distance = list.contentOffset.y - startOffset
            if callbacks >= frames {
                done = true
                link.invalidate()
            }
            let reports = Int(elapsed * 2)
            if reports > lastReport {
                lastReport = reports
                progress?(Double(callbacks) / Double(frames))
            }
        }
        let observer = Transaction.addPhaseObserver(after: .commit) { [unowned self] _ in noteCommit() }
        FeedMeasurements.resetPeakResident()
        log.removeAll()
        link.start()
        let seconds = Double(frames) * clock.interval.seconds
        scene.window.run(until: { done }, timeout: .seconds(seconds * 20 + 10))
        link.invalidate()
        // Let the last frame reach the screen before reading the log.
        scene.window.run(until: { false }, timeout: clock.interval * 3)
        observer.invalidate()
        return result(clock: clock, skipped: link.skippedFrames)
    }

    /// After each commit: rows that came into view, and rows whose content is now final.
    private func noteCommit() {
        guard start != nil else { return }
        let now = EventLoop.main.now
        for row in scene.list.rowsInView where seenRows.insert(row).inserted {
            waiting[row] = now
            if expandEvery > 0, row % expandEvery == 0, scene.expandRow(row) { expanded += 1 }
        }
        for (row, seen) in waiting {
            guard let cell = scene.cell(forRow: row), cell.showsFinalContent else { continue }
            latencies.append(seen.duration(to: now).seconds * 1_000)
            waiting[row] = nil
        }
    }

    private func result(clock: FrameClock, skipped: Int) -> FeedRunResult {
        let presented = Dictionary(log.presentations.map { ($0.tick.index, $0.presented) }, uniquingKeysWith: min)
        var late = 0, ticks = 0
        if let start, let lastTick {
            // A change made at tick t shows at tick t + 1 and must be on screen by tick t + 2.
            for index in start.index...lastTick.index {
                ticks += 1
                let due = clock.tick(index + 2).time
                guard let time = presented[index + 1], time <= due else {
                    late += 1
                    continue
                }
            }
        }
        return FeedRunResult(mode: scene.mode, frameInterval: clock.interval, mainThreadCPU: cpu, ticks: ticks,
                             lateFrames: late, skippedLinkFrames: skipped, contentLatencies: latencies,
                             rowsUnfinished: waiting.count,
                             peakMemory: FeedMeasurements.peakResidentBytes(), distance: distance,
                             cellsMade: scene.cellsMade, rowsExpanded: expanded)
    }
}
