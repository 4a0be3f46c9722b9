import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// `animation-frame`: what a frame of running animations costs the render thread. 500 squares
/// (`AnimatedSquares`: 24×24 points, 1280×800 points at scale 1) each move and fade over 3 s.
/// A: the render server animates them — two `BasicAnimation`s per square (position, opacity),
/// added and committed once per run, then every frame is a tick of the frame clock that evaluates
/// them on the render thread, with no commit. B: the same frames from the main thread — before
/// each tick it sets every square's position and opacity to exactly the value the animations
/// have at that tick (evaluated with `AnimationEvaluation`, the render server's own function)
/// and commits, so the render server applies a 500-layer delta and composites, evaluating
/// nothing. A sample is the render thread's CPU time for one frame (`renderThreadCPUTime`
/// before and after). Target A/B ≤ 1.1.
///
/// The main loop runs on a virtual clock: each frame moves it by one 60 Hz interval and runs the
/// main loop until the render thread has made that tick's frame and gone back to sleep, so both
/// variants make the same frames at the same animation times whatever the machine does. A batch
/// is one whole run of the animation (its first frame, the commit of the animations or of the
/// jump back to the start, untimed; then every tick to the end), so neither variant's render
/// server has a tick armed while the other's frames are measured. Every frame is checked: exactly
/// one frame presented, at the expected tick, with no commit (A) or one (B); the two variants'
/// frames must match in number and damaged area, or the run stops with a failure.
// The harness calls every method on the main thread, where the layer trees live.
final class AnimationFrame: Benchmark, @unchecked Sendable {
    let name = "animation-frame"
    let summary = "render-thread CPU per frame, 500 24×24 squares moving and fading, 1280×800 @1: render-server animations (A) vs the values committed every frame (B); target ≤ 1.1"

    private var squareCount = 500
    private var duration = 3.0
    private var warmUpBatches = 1
    private let interval = FrameClock.sixtyHertz

    private var clock: EventLoop.VirtualClock?
    private var scenes: [Variant: AnimatedSquares] = [:]
    /// What each variant's timed frames did, in order (warm-up batches included).
    private var records: [Variant: [FrameRecord]] = [:]
    private var batches: [Variant: Int] = [:]
    private var load: MachineLoad?

    private struct FrameRecord {
        /// Ticks since the run's animations were committed (1 is the commit's own frame).
        let phase: Int
        let damagedPixels: Double
        let damageBounds: Double
        let cpu: Double
        let isWarmUp: Bool
    }

    /// Ticks from the commit to the frame where the animations have ended: the frames of one run.
    private var ticksPerRun: Int {
        Int((duration * 1e9 / Double(interval.saturatedNanoseconds)).rounded(.up))
    }

    func plan(smoke: Bool) -> Plan {
        squareCount = smoke ? 100 : 500
        duration = smoke ? 0.5 : 3
        warmUpBatches = 1
        // One batch is one run: the ticks after the commit's frame.
        let samples = ticksPerRun - 1
        return smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: samples)
            : Plan(warmUpRounds: 1, measuredRounds: 6, samplesPerRound: samples)
    }

    func setUp() {
        MainActor.assumeIsolated {
            let clock = EventLoop.VirtualClock()
            EventLoop.main.useVirtualClock(clock)
            self.clock = clock
            for variant in Variant.allCases {
                let scene = AnimatedSquares(count: squareCount)
                scenes[variant] = scene
                // The first commit, at time 0, shows at tick 1.
                VirtualFrames.advance(clock, by: interval, "animation-frame: first frame")
                guard scene.presenter.frameCount == 1 else { Hang.report("animation-frame: the first commit was not presented") }
            }
            load = MachineLoad()
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let clock, let scene = scenes[variant] else { return [] }
            let batch = batches[variant, default: 0]
            batches[variant] = batch + 1
            let run = startRun(variant, scene: scene, clock: clock)
            var taken: [Double] = []
            for phase in 2..<(2 + samples) {
                let record = frame(variant, phase: phase, run: run, scene: scene, clock: clock, isWarmUp: batch < warmUpBatches)
                records[variant, default: []].append(record)
                taken.append(record.cpu)
            }
            if variant == .lamina && scene.hasAnimations {
                Hang.report("animation-frame: A's animations had not ended at the end of the batch (\(samples) frames)")
            }
            return taken
        }
    }

    /// One run's start, untimed: A adds the animations to every square and commits them; B
    /// commits the squares at the animations' first frame (the jump back to the start). Either way
    /// the commit is made at a tick and shows at the next one, which it then advances to.
    @MainActor
    private func startRun(_ variant: Variant, scene: AnimatedSquares, clock: EventLoop.VirtualClock) -> Run {
        let begin = currentMediaTime()
        let run = Run(scene: scene, duration: duration, begin: begin)
        switch variant {
        case .lamina: scene.addAnimations(duration: duration)
        case .baseline: run.setValues(at: EventLoop.main.now.advanced(by: interval).mediaTime)
        }
        Transaction.flush()
        VirtualFrames.advance(clock, by: interval, "animation-frame: \(variant == .lamina ? "A" : "B") commit frame")
        return run
    }

    /// One timed frame: B sets the values of the next tick and commits; both move the clock to
    /// that tick and wait for its frame.
    @MainActor
    private func frame(_ variant: Variant, phase: Int, run: Run, scene: AnimatedSquares, clock: EventLoop.VirtualClock,
                       isWarmUp: Bool) -> FrameRecord {
        let side = variant == .lamina ? "A" : "B"
        let framesBefore = scene.presenter.frameCount
        let commitBefore = scene.host.lastCommitID
        let target = scene.server.frameClock!.tick(after: EventLoop.main.now)
        let start = scene.server.renderThreadCPUTime
        if variant == .baseline {
            run.setValues(at: target.time.mediaTime)
            Transaction.flush()
        }
        VirtualFrames.advance(clock, by: interval, "animation-frame: \(side) frame \(phase)")
        let cpu = Self.nanoseconds(scene.server.renderThreadCPUTime - start)

        let presented = scene.presenter.frameCount - framesBefore
        guard presented == 1, let last = scene.presenter.lastFrame else {
            Hang.report("animation-frame: \(side) frame \(phase) presented \(presented) frames instead of 1")
        }
        guard last.tick == target.index else {
            Hang.report("animation-frame: \(side) frame \(phase) showed tick \(last.tick.map(String.init) ?? "none"), expected \(target.index)")
        }
        let commits = variant == .lamina ? 0 : 1
        guard last.commits == commits, variant == .baseline || scene.host.lastCommitID == commitBefore else {
            Hang.report("animation-frame: \(side) frame \(phase) had \(last.commits) commits, expected \(commits)")
        }
        return FrameRecord(phase: phase, damagedPixels: last.damagedPixels, damageBounds: last.damageBounds, cpu: cpu, isWarmUp: isWarmUp)
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    func tearDown() {
        MainActor.assumeIsolated {
            notes = makeNotes()
            for scene in scenes.values { scene.shutdown() }
            scenes = [:]
            EventLoop.main.useVirtualClock(nil)
            clock = nil
        }
    }

    private(set) var notes: [String] = []

    /// The sanity checks across variants (a mismatch stops the run), then the notes.
    private func makeNotes() -> [String] {
        let a = records[.lamina] ?? [], b = records[.baseline] ?? []
        guard a.count == b.count else {
            Hang.report("animation-frame: A presented \(a.count) timed frames, B \(b.count)")
        }
        // The damage's bounds must be equal. Its area may differ a little: `Damage` merges
        // overlapping rectangles in the order they come, which follows the order of a dictionary
        // of layers (each scene has its own layer ids), so two frames of the same change can be
        // made of different rectangles.
        var equal = 0
        var worst = 0.0
        for (x, y) in zip(a, b) {
            guard x.phase == y.phase else { Hang.report("animation-frame: A and B frames out of step (phase \(x.phase) vs \(y.phase))") }
            guard x.damageBounds == y.damageBounds else {
                Hang.report("animation-frame: frame \(x.phase): A's damage bounds \(x.damageBounds) px, B's \(y.damageBounds) px")
            }
            if x.damagedPixels == y.damagedPixels { equal += 1; continue }
            worst = max(worst, abs(x.damagedPixels - y.damagedPixels) / max(x.damagedPixels, y.damagedPixels))
        }
        if worst > 0.1 {
            Hang.report("animation-frame: A's and B's damaged areas differ by \(Report.format(worst * 100, decimals: 1)) % in a frame")
        }
        let measuredA = a.filter { !$0.isWarmUp }, measuredB = b.filter { !$0.isWarmUp }
        let pixels = AnimatedSquares.windowSize.width * AnimatedSquares.windowSize.height
        let damage = Summary(a.map(\.damagedPixels)).median
        func tail(_ records: [FrameRecord]) -> (mean: Double, p90: Double) {
            let cpu = records.map(\.cpu).sorted()
            guard !cpu.isEmpty else { return (0, 0) }
            return (cpu.reduce(0, +) / Double(cpu.count), Summary.percentile(0.9, ofSorted: cpu))
        }
        let (meanA, p90A) = tail(measuredA), (meanB, p90B) = tail(measuredB)
        func micro(_ value: Double) -> String { Report.format(value / 1_000, decimals: 1) }
        return [
            "behaviour ok: \(a.count) + \(b.count) frames (warm-up included), one per tick, A's with no commit and B's with one each; "
                + "damage bounds equal in every frame pair, damaged area equal in \(equal) of \(a.count) (largest difference \(Report.format(worst * 100, decimals: 1)) %, rectangles merged in another order); "
                + "median damage \(Report.format(damage, decimals: 0)) px (\(Report.format(damage / pixels * 100, decimals: 0)) % of the framebuffer)",
            "render-thread CPU per frame: mean A \(micro(meanA)) µs, B \(micro(meanB)) µs (A/B \(Report.format(meanA / max(meanB, 1), decimals: 2))); "
                + "p90 A \(micro(p90A)) µs, B \(micro(p90B)) µs (A/B \(Report.format(p90A / max(p90B, 1), decimals: 2)))",
            "\(squareCount) squares, \(Report.format(duration, decimals: 1)) s runs of \(ticksPerRun) ticks (the commit's frame untimed), "
                + "60 Hz on a virtual clock; target A/B ≤ 1.1",
            load?.note() ?? "",
        ].filter { !$0.isEmpty }
    }
}

/// One run of the animations as the main thread of B computes it: the same two animations per
/// square as A adds, begun at A's commit time, evaluated with `AnimationEvaluation` on each
/// square's model state — exactly the values the render server gives A's squares at that time.
@MainActor
private final class Run {
    let scene: AnimatedSquares
    private let models: [LayerRenderState]
    private let animations: [[any Animation]]

    init(scene: AnimatedSquares, duration: Double, begin: Double) {
        self.scene = scene
        var fade = scene.opacityAnimation(duration: duration)
        fade.beginTime = begin
        models = scene.end.map { end in
            var model = LayerRenderState()
            model.position = end
            model.opacity = AnimatedSquares.endOpacity
            return model
        }
        animations = scene.squares.indices.map { index in
            var move = scene.positionAnimation(index, duration: duration)
            move.beginTime = begin
            return [move, fade]
        }
    }

    /// Sets every square of the scene to its animations' values at media time `time`.
    /// Actions are off, as Core Animation code that sets values frame by frame turns them off:
    /// standalone layers would otherwise animate each change implicitly.
    func setValues(at time: Double) {
        Transaction.performWithoutActions {
            for index in scene.squares.indices {
                let shown = AnimationEvaluation.presentation(of: models[index], animations: animations[index], atLayerTime: time)
                scene.squares[index].position = shown.position
                scene.squares[index].opacity = shown.opacity
            }
        }
    }
}
