import LaminaGraphics
import LaminaLayers

/// `composite-frame-overlay-NAME`: the presented frame of `composite-frame` — the full composite
/// and the frame's image — with one debug overlay on (or none, or all), against the same raw
/// cairo blits as `composite-frame`. The difference between an overlay's ratio and `none`'s is
/// what that overlay costs per frame.
final class CompositeFrameOverlays: Benchmark {
    let name: String
    let summary: String
    private let overlays: DebugOverlays
    private var scene: CompositorScene?
    private var raw: RawCairoBlits?
    let notes: [String] = []

    /// One benchmark per overlay the compositor draws, plus none and all (slow animations draws
    /// nothing, so it has none).
    static func all() -> [Benchmark] {
        [CompositeFrameOverlays("none", [])]
            + DebugOverlays.named.filter { !$0.overlay.drawn.isEmpty }.map { CompositeFrameOverlays($0.name, $0.overlay) }
            + [CompositeFrameOverlays("all", .all)]
    }

    private init(_ label: String, _ overlays: DebugOverlays) {
        name = "composite-frame-overlay-\(label)"
        summary = "composite-frame and its presented image, overlays: \(overlays) (B: raw cairo blits)"
        self.overlays = overlays
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 2)
            : Plan(warmUpRounds: 2, measuredRounds: 15, samplesPerRound: 4)
    }

    func setUp() {
        let scene = CompositorScene()
        self.scene = scene
        raw = RawCairoBlits(images: scene.images)
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard let scene, let raw else { return [] }
        let damage = Damage(rects: [scene.compositor.pixelBounds])
        return (0..<samples).map { _ in
            let start = MonotonicClock.now()
            switch variant {
            case .lamina:
                scene.compositeFullFrame()
                _ = scene.compositor.makeImage(overlaying: overlays, tree: scene.tree, damage: damage)
            case .baseline:
                raw.drawFrame()
            }
            return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
        }
    }

    func tearDown() {
        scene = nil
        raw = nil
    }
}
