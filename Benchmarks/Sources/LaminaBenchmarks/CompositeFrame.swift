/// `composite-frame`: Lamina's compositor drawing a full frame of 1,000 120×40 layers with
/// contents onto 1280×800 (A), against the same blits made with cairo directly (B). The ratio is
/// the compositor's overhead per frame: tree walk, per-layer state, clips and filters.
final class CompositeFrame: Benchmark {
    let name = "composite-frame"
    let summary = "full frame, 1,000 120×40 layers with contents on 1280×800 (B: raw cairo blits)"

    private var scene: CompositorScene?
    private var raw: RawCairoBlits?
    private(set) var notes: [String] = []

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: 2)
            : Plan(warmUpRounds: 2, measuredRounds: 30, samplesPerRound: 5)
    }

    func setUp() {
        let scene = CompositorScene()
        self.scene = scene
        raw = RawCairoBlits(images: scene.images)
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard let scene, let raw else { return [] }
        return (0..<samples).map { _ in
            let start = MonotonicClock.now()
            switch variant {
            case .lamina: scene.compositeFullFrame()
            case .baseline: raw.drawFrame()
            }
            return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
        }
    }

    func tearDown() {
        if let scene {
            // What presenting adds on the render thread: the frame's immutable copy of the framebuffer.
            let copies = (0..<20).map { _ in
                let start = MonotonicClock.now()
                _ = scene.compositor.makeImage()
                return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
            }
            notes.append("copying the 1280×800 framebuffer for the presented frame: \(Report.format(Summary(copies).median / 1_000, decimals: 0)) µs (median of 20), not in A")
        }
        scene = nil
        raw = nil
    }
}
