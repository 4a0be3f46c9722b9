import LaminaGraphics
import LaminaLayers

/// `partial-frame`: a frame in which one 120×40 layer's contents changed — the delta applied to
/// the render tree and only its damage composited (A) — against a full frame of the same
/// 1,000-layer scene (B). The ratio shows that a frame's cost follows its damage.
/// `partial-frame-shadowed`: the same with every layer casting a shadow, which culling bounds
/// by the shadow's reach.
final class PartialFrame: Benchmark {
    let name: String
    let summary: String
    private let shadowed: Bool

    init(shadowed: Bool = false) {
        self.shadowed = shadowed
        name = shadowed ? "partial-frame-shadowed" : "partial-frame"
        summary = shadowed
            ? "partial-frame with every layer casting a shadow (B: full frame of shadows)"
            : "one 120×40 layer's contents changed: apply + composite damage (B: full frame)"
    }

    private var scene: CompositorScene?
    private var flips = 0
    private(set) var notes: [String] = []

    func plan(smoke: Bool) -> Plan {
        // A full frame of 1,000 shadows is some 50 times a plain one: fewer samples.
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: shadowed ? 1 : 2)
            : Plan(warmUpRounds: 2, measuredRounds: shadowed ? 10 : 30, samplesPerRound: shadowed ? 3 : 5)
    }

    func setUp() {
        scene = CompositorScene(shadowed: shadowed)
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard let scene else { return [] }
        return (0..<samples).map { _ in
            // Layer 517 sits mid-screen, overlapped by its neighbours on every side.
            let index = 517
            flips += 1
            let changed = scene.layerState(index, image: scene.images[flips % scene.images.count])
            let start = MonotonicClock.now()
            switch variant {
            case .lamina:
                let damage = scene.apply([CompositorScene.layerID(index): changed])
                scene.compositor.composite(scene.tree, damage: damage)
            case .baseline:
                scene.compositeFullFrame()
            }
            return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
        }
    }

    func tearDown() {
        if let scene {
            let index = 517
            let damage = scene.apply([CompositorScene.layerID(index): scene.layerState(index, image: scene.images[(flips + 1) % scene.images.count])])
            notes.append("damage of the change: \(damage)")
            // The part of a small frame that does not depend on its damage: walking the tree.
            let corner = Damage(rects: [Rect(x: 1279, y: 799, width: 1, height: 1)])
            let walks = (0..<50).map { _ in
                let start = MonotonicClock.now()
                scene.compositor.composite(scene.tree, damage: corner)
                return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
            }
            notes.append("a frame whose damage meets no layer (the tree walk alone): \(Report.format(Summary(walks).median / 1_000, decimals: 0)) µs")
        }
        scene = nil
    }
}
