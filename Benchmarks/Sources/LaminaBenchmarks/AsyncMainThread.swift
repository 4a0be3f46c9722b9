import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// `async-main-thread`: what drawing off the main thread saves the main thread. 200 async layers
/// of 120×40 points at 2× in a hosted tree (`AsyncTileScene`), each a card of gradients, rounded
/// rectangles and paths, all marked with `setNeedsDisplay()` and redrawn every frame. A renders
/// on a 2-queue display pool (`displaysAsynchronously = true`); B is the same layers with
/// `displaysAsynchronously = false`, which run the same task on the main thread inside the
/// display. Target: A/B ≤ 0.10.
///
/// A sample is the main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, so the time it sleeps
/// while the display queues draw is not in it) for one whole frame: marking the 200 layers, the
/// commit (`Transaction.flush()`: A schedules the renders, B draws them), running the main loop
/// until every result is back with its contents set and every commit that followed has been
/// presented (`EventLoop.main.outstandingWork` is 0; the transaction observer commits the new
/// contents as results land), and a last `Transaction.flush()`.
// The harness calls every method on the main thread, where the layer tree lives.
final class AsyncMainThread: Benchmark, @unchecked Sendable {
    let name = "async-main-thread"
    let summary = "main-thread CPU per frame, 200 redrawn 120×40@2x async layers: async (A) vs synchronous (B); target ≤ 0.10"

    private var scene: AsyncTileScene?
    private var drain: MainLoopDrain?
    private var frames: [Variant: FrameRecord] = [:]

    /// What the frames of one variant did, beyond the main thread's CPU time.
    private struct FrameRecord {
        var count = 0
        var wallTimes: [Double] = []
        var cpuTimes: [Double] = []
        var commits = 0
        var presented = 0
        var tilesShowingState = 0
        var tilesCommitted = 0
        var framesShort = 0
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 3)
            : Plan(warmUpRounds: 2, measuredRounds: 20, samplesPerRound: 5)
    }

    func setUp() {
        MainActor.assumeIsolated {
            // The layers keep the pool (and its threads) alive until the scene goes.
            let pool = DisplayQueuePool(queueCount: 2, name: "bench display")
            let scene = AsyncTileScene(scale: 2, art: .card, pool: pool, hosted: true)
            let drain = MainLoopDrain()
            // The first frame: every tile gets contents, the whole tree reaches the server.
            scene.markAll()
            Transaction.flush()
            drain.run("async-main-thread: first frame")
            self.scene = scene
            self.drain = drain
            load = MachineLoad()
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let scene, let drain else { return [] }
            scene.setDisplaysAsynchronously(variant == .lamina)
            return (0..<samples).map { _ in frame(variant, scene: scene, drain: drain) }
        }
    }

    /// One frame, timed; then (untimed) its checks.
    @MainActor
    private func frame(_ variant: Variant, scene: AsyncTileScene, drain: MainLoopDrain) -> Double {
        let commitsBefore = scene.host?.lastCommitID ?? 0
        let framesBefore = scene.presenter?.frameCount ?? 0
        let wallStart = MonotonicClock.now()
        let start = MonotonicClock.threadCPUNow()
        scene.markAll()
        Transaction.flush()
        drain.run("async-main-thread: \(variant == .lamina ? "A" : "B") frame \(scene.state)")
        Transaction.flush()
        let end = MonotonicClock.threadCPUNow()
        let wallEnd = MonotonicClock.now()
        let cpu = MonotonicClock.elapsed(from: start, to: end)

        var record = frames[variant, default: FrameRecord()]
        record.count += 1
        record.wallTimes.append(MonotonicClock.elapsed(from: wallStart, to: wallEnd))
        record.cpuTimes.append(cpu)
        record.commits += Int((scene.host?.lastCommitID ?? 0) - commitsBefore)
        record.presented += (scene.presenter?.frameCount ?? 0) - framesBefore
        let showing = scene.tilesShowingState, committed = scene.tilesCommitted()
        record.tilesShowingState += showing
        record.tilesCommitted += committed
        if showing != AsyncTileScene.tileCount || committed != AsyncTileScene.tileCount { record.framesShort += 1 }
        frames[variant] = record
        return cpu
    }

    func tearDown() {
        MainActor.assumeIsolated {
            notes = makeNotes(unfinished: scene?.unfinishedRenders ?? 0) + [load?.note()].compactMap { $0 }
            drain?.invalidate()
            scene?.shutdown()
            scene = nil
            drain = nil
        }
    }

    private(set) var notes: [String] = []
    private var load: MachineLoad?

    private func makeNotes(unfinished: Int) -> [String] {
        let a = frames[.lamina] ?? FrameRecord(), b = frames[.baseline] ?? FrameRecord()
        func perFrame(_ total: Int, _ record: FrameRecord) -> String {
            Report.format(Double(total) / Double(max(record.count, 1)), decimals: 1)
        }
        func wall(_ record: FrameRecord) -> String {
            Report.format(Summary(record.wallTimes).median / 1e6, decimals: 2)
        }
        func perLayer(_ record: FrameRecord) -> String {
            Report.format(Summary(record.cpuTimes).median / Double(AsyncTileScene.tileCount) / 1_000, decimals: 1)
        }
        let wallRatio = Summary(a.wallTimes).median / max(Summary(b.wallTimes).median, 1)
        let verdict = a.framesShort == 0 && b.framesShort == 0 && unfinished == 0 ? "ok" : "FAILED"
        return [
            "behaviour \(verdict): per frame (all frames, warm-up included) tiles showing the frame's state "
                + "A \(perFrame(a.tilesShowingState, a)), B \(perFrame(b.tilesShowingState, b)) of 200; "
                + "images of that state in the render tree A \(perFrame(a.tilesCommitted, a)), B \(perFrame(b.tilesCommitted, b)) of 200; "
                + "frames short A \(a.framesShort)/\(a.count), B \(b.framesShort)/\(b.count); renders not used \(unfinished)",
            "commits per frame: A \(perFrame(a.commits, a)) (the transaction observer commits results as they land), B \(perFrame(b.commits, b)); "
                + "frames presented per frame: A \(perFrame(a.presented, a)), B \(perFrame(b.presented, b))",
            "wall time per frame (to presented, 60 Hz pacing): A \(wall(a)) ms, B \(wall(b)) ms median, A/B \(Report.format(wallRatio, decimals: 2))",
            "main-thread CPU per layer (median frame / 200, warm-up included): A \(perLayer(a)) µs, B \(perLayer(b)) µs (B is mostly drawing); "
                + "target A/B ≤ 0.10; display pool: 2 queues",
        ]
    }
}
