import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// `animation-main-thread`: what running animations on the render server saves the main thread.
/// The 500 squares of `animation-frame` (`AnimatedSquares`) move and fade for 2 s, in real time on
/// the render server's 60 Hz frame clock. A: the two `BasicAnimation`s per square are added and
/// committed once; then the main loop runs until it hears that they stopped (the render server
/// reports the start and the end of the animations, and nothing in between). B: a `DisplayLink`
/// on the main thread sets every square's position and opacity to the motion's value at the
/// link's `targetTimestamp` (linear interpolation, the least a hand-driven animation computes)
/// every frame, and the transaction observer commits them; the run ends when the last frame is
/// presented. A sample is the main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) for one whole
/// run, from adding the animations (starting the link) to the end. Target A/B ≤ 0.02.
///
/// Real time rather than a virtual clock: the point is what the main thread does while the
/// motion plays — being woken for frames, timers, reports — and on a virtual clock the main
/// thread itself drives every tick. A run's wall time is the animation's, 2 s, for both.
// The harness calls every method on the main thread, where the layer tree lives.
final class AnimationMainThread: Benchmark, @unchecked Sendable {
    let name = "animation-main-thread"
    let summary = "main-thread CPU for a 2 s animation of 500 squares, 60 Hz real time: render-server animations (A) vs a DisplayLink setting the values (B); target ≤ 0.02"

    private var squareCount = 500
    private var duration = 2.0
    private var scene: AnimatedSquares?
    private var runs: [Variant: [RunRecord]] = [:]
    private var load: MachineLoad?

    private struct RunRecord {
        let cpu: Double
        let wall: Double
        let frames: Int
        let commits: Int
        /// A: the main thread's CPU time for adding and committing the animations alone.
        let setUpCPU: Double
        /// B: the link's callbacks.
        let callbacks: Int
    }

    func plan(smoke: Bool) -> Plan {
        squareCount = smoke ? 100 : 500
        duration = smoke ? 0.5 : 2
        return smoke
            ? Plan(warmUpRounds: 0, measuredRounds: 2, samplesPerRound: 1)
            : Plan(warmUpRounds: 1, measuredRounds: 5, samplesPerRound: 1)
    }

    func setUp() {
        MainActor.assumeIsolated {
            let scene = AnimatedSquares(count: squareCount)
            if let commit = scene.host.lastCommitID, !scene.server.waitForPresentation(ofCommit: commit, timeout: .seconds(30)) {
                Hang.report("animation-main-thread: the first commit was not presented")
            }
            self.scene = scene
            load = MachineLoad()
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let scene else { return [] }
            return (0..<samples).map { _ in
                let record = variant == .lamina ? animatedRun(scene) : displayLinkRun(scene)
                runs[variant, default: []].append(record)
                return record.cpu
            }
        }
    }

    /// A: the animations added and committed once; the main loop runs until they stop.
    @MainActor
    private func animatedRun(_ scene: AnimatedSquares) -> RunRecord {
        let stops = StopListener()
        let framesBefore = scene.presenter.frameCount
        let commitBefore = scene.host.lastCommitID ?? 0
        let wallStart = MonotonicClock.now()
        let start = MonotonicClock.threadCPUNow()
        scene.addAnimations(duration: duration, delegate: stops)
        Transaction.flush()
        let setUp = MonotonicClock.threadCPUNow()
        // The delegate stops the run when the render server reports that the animations ended:
        // all of them end at the same frame, whose report the main thread handles in one go.
        EventLoop.main.run(mode: .default, timeout: .seconds(duration + 30))
        let end = MonotonicClock.threadCPUNow()
        let wall = MonotonicClock.elapsed(from: wallStart, to: MonotonicClock.now())
        guard stops.stopped, !scene.hasAnimations else { Hang.report("animation-main-thread: A's animations did not stop") }
        return RunRecord(cpu: MonotonicClock.elapsed(from: start, to: end), wall: wall,
                         frames: scene.presenter.frameCount - framesBefore,
                         commits: Int((scene.host.lastCommitID ?? 0) - commitBefore),
                         setUpCPU: MonotonicClock.elapsed(from: start, to: setUp), callbacks: 0)
    }

    /// B: a display link sets the values at every frame until the motion's end is committed;
    /// then the run waits for its frame.
    @MainActor
    private func displayLinkRun(_ scene: AnimatedSquares) -> RunRecord {
        guard let frameClock = scene.server.frameClock else { Hang.report("animation-main-thread: no frame clock") }
        let framesBefore = scene.presenter.frameCount
        let commitBefore = scene.host.lastCommitID ?? 0
        let duration = self.duration
        let wallStart = MonotonicClock.now()
        let start = MonotonicClock.threadCPUNow()
        let begin = EventLoop.main.now
        let link = DisplayLink(frameClock: frameClock) { link in
            guard let target = link.targetTimestamp else { return }
            let fraction = Double(begin.duration(to: target).saturatedNanoseconds) / (duration * 1e9)
            scene.setValues(atFraction: fraction)
            if fraction >= 1 {
                link.invalidate()
                // The transaction observer commits the last values as the run exits.
                EventLoop.main.stop()
            }
        }
        link.start()
        EventLoop.main.run(mode: .default, timeout: .seconds(duration + 30))
        guard !link.isRunning, let commit = scene.host.lastCommitID,
              scene.server.waitForPresentation(ofCommit: commit, timeout: .seconds(30)) else {
            Hang.report("animation-main-thread: B's display link did not finish")
        }
        let end = MonotonicClock.threadCPUNow()
        let wall = MonotonicClock.elapsed(from: wallStart, to: MonotonicClock.now())
        return RunRecord(cpu: MonotonicClock.elapsed(from: start, to: end), wall: wall,
                         frames: scene.presenter.frameCount - framesBefore,
                         commits: Int(commit - commitBefore), setUpCPU: 0, callbacks: link.callbackCount)
    }

    func tearDown() {
        MainActor.assumeIsolated {
            notes = makeNotes()
            scene?.shutdown()
            scene = nil
        }
    }

    private(set) var notes: [String] = []

    private func makeNotes() -> [String] {
        let a = runs[.lamina] ?? [], b = runs[.baseline] ?? []
        func median(_ records: [RunRecord], _ value: (RunRecord) -> Double) -> Double {
            Summary(records.map(value)).median
        }
        func mean(_ records: [RunRecord], _ value: (RunRecord) -> Double) -> Double {
            records.isEmpty ? 0 : records.map(value).reduce(0, +) / Double(records.count)
        }
        let perFrameA = median(a) { $0.cpu / Double(max($0.frames, 1)) }
        let perFrameB = median(b) { $0.cpu / Double(max($0.frames, 1)) }
        func count(_ records: [RunRecord], _ value: (RunRecord) -> Int) -> String {
            Report.format(median(records) { Double(value($0)) }, decimals: 0)
        }
        func micro(_ nanoseconds: Double, decimals: Int = 0) -> String { Report.format(nanoseconds / 1e3, decimals: decimals) }
        let wallA = Report.format(median(a) { $0.wall } / 1e9, decimals: 2)
        let wallB = Report.format(median(b) { $0.wall } / 1e9, decimals: 2)
        let perRun: String = "per run (median, warm-up included): frames presented A \(count(a) { $0.frames }), B \(count(b) { $0.frames }); "
            + "commits A \(count(a) { $0.commits }), B \(count(b) { $0.commits }); link callbacks B \(count(b) { $0.callbacks }); "
            + "wall time A \(wallA) s, B \(wallB) s"
        let cpu: String = "main-thread CPU: mean per run A \(micro(mean(a) { $0.cpu })) µs, B \(micro(mean(b) { $0.cpu })) µs; "
            + "per presented frame A \(micro(perFrameA, decimals: 1)) µs, B \(micro(perFrameB, decimals: 1)) µs; "
            + "of A, adding and committing the \(2 * squareCount) animations \(micro(median(a) { $0.setUpCPU })) µs (median)"
        return [
            perRun,
            cpu,
            "\(squareCount) squares, \(Report.format(duration, decimals: 1)) s at 60 Hz, real time; target A/B ≤ 0.02",
            load?.note() ?? "",
        ].filter { !$0.isEmpty }
    }
}

/// Stops the main loop's run when the animation it is the delegate of stops.
@MainActor
private final class StopListener: AnimationDelegate {
    private(set) var stopped = false

    func animationDidStop(_ animation: any Animation, finished: Bool) {
        stopped = true
        EventLoop.main.stop()
    }
}
