import LaminaGraphics
@testable import LaminaLayers
import Testing

/// Full frames draw a layer's contents-only sublayers from its ``SublayerPlan``, kept while the
/// layer stays put and none of its sublayers changes. Every frame here is a full frame of one
/// long-lived tree, compared with the same layers rendered into a fresh tree and compositor.
@Suite("Compositor: full frames from the sublayer plan")
struct SublayerPlanTests {
    static let width = 96.0, height = 72.0

    /// A random history of changes to 40 image tiles and the root (contents, whole-pixel and
    /// fractional moves, hiding, opacity, zPosition, removal, addition, reordering, a tile
    /// moved into a clipping container, the root moved, scrolled, faded, clipped and replaced),
    /// each followed by two full frames: both equal a fresh render, and the second reads the
    /// plan the first made.
    @Test(arguments: [UInt64(21), 22, 23])
    func fullFramesMatchAFreshTreeThroughEveryKindOfChange(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let scale = seed % 2 == 0 ? 2.0 : 1.0
        let images = try (0..<4).map { index in
            try splitImage(width: Int(8 * scale), height: Int(6 * scale), split: Int(3 * scale),
                           Color(red: Double(index) / 4, green: 0.8, blue: 0.2),
                           Color(red: 0.1, green: Double(index) / 4, blue: 0.9, alpha: 0.6))
        }
        let scene = try Scene(width: Self.width, height: Self.height, scale: scale)
        var layers = Self.tiles(images, scale: scale)
        scene.commit(root: L(1), layers)
        var nextID: UInt64 = 500
        for step in 0..<90 {
            var updated: [LayerID: LayerRenderState] = [:]
            var removed: [LayerID] = []
            var root = layers[L(1)]!
            let tile = root.sublayers[random.next(below: root.sublayers.count)]
            var state = layers[tile]!
            switch random.next(below: 14) {
            case 0:
                state.contents = images[random.next(below: images.count)]
                updated[tile] = state
            case 1, 2:
                state.position = Point(x: random.next(in: 0...90, step: 1), y: random.next(in: 0...66, step: 1))
                updated[tile] = state
            case 3:
                state.position = Point(x: random.next(in: 0...90, step: 0.25), y: random.next(in: 0...66, step: 0.25))
                updated[tile] = state
            case 4:
                state.isHidden.toggle()
                updated[tile] = state
            case 5:
                state.opacity = random.next(in: 0...1, step: 0.25)
                updated[tile] = state
            case 6:
                state.zPosition = random.next(in: -1...1, step: 1)
                updated[tile] = state
            case 7 where root.sublayers.count > 2:
                removed = [tile]
                root.sublayers.removeAll { $0 == tile }
                updated[L(1)] = root
            case 8:
                let id = L(nextID)
                nextID += 1
                updated[id] = Self.tile(images[random.next(below: images.count)], at: Point(x: random.next(in: 0...90, step: 1),
                                                                                            y: random.next(in: 0...66, step: 1)), scale: scale)
                root.sublayers.insert(id, at: random.next(below: root.sublayers.count + 1))
                updated[L(1)] = root
            case 9:
                root.sublayers.shuffle(using: &random)
                updated[L(1)] = root
            case 10:
                // Into a clipping container that is itself one of the root's sublayers.
                let container = L(nextID)
                nextID += 1
                var box = LayerRenderState.layer(Rect(x: 10, y: 8, width: 30, height: 20), sublayers: [tile])
                box.masksToBounds = true
                updated[container] = box
                root.sublayers.removeAll { $0 == tile }
                root.sublayers.append(container)
                updated[L(1)] = root
            case 11:
                root.position = Point(x: Self.width / 2 + random.next(in: -4...4, step: 1), y: Self.height / 2 + random.next(in: -4...4, step: 0.5))
                updated[L(1)] = root
            case 12:
                root.bounds.origin = Point(x: random.next(in: -6...6, step: 1), y: random.next(in: -6...6, step: 1))
                root.masksToBounds = random.chance(0.5)
                updated[L(1)] = root
            default:
                root.opacity = random.next(in: 0.25...1, step: 0.25)
                updated[L(1)] = root
            }
            for (id, value) in updated { layers[id] = value }
            for id in removed { layers[id] = nil }
            scene.commit(updated, removed: removed)

            let reference = try render(root: L(1), Self.reachable(from: L(1), in: layers), width: Self.width, height: Self.height, scale: scale)
            let first = scene.compositeAll()
            let plan = try #require(scene.tree.nodes[L(1)]?.sublayerPlan, "step \(step): a full frame makes a plan")
            let second = scene.compositeAll()
            #expect(first == reference, "seed \(seed), step \(step): first full frame")
            #expect(second == reference, "seed \(seed), step \(step): second full frame")
            #expect(scene.tree.nodes[L(1)]?.sublayerPlan === plan, "step \(step): an unchanged layer keeps its plan")
            if first != reference || second != reference { return }
        }
    }

    /// A change to one sublayer drops the plan (the next full frame makes another); a frame that
    /// culls (damage over part of the framebuffer) neither uses nor makes one.
    @Test func aChangedSublayerDropsThePlanAndPartialFramesLeaveItAlone() throws {
        let image = try solidImage(width: 8, height: 6, Color(red: 1, green: 0.5, blue: 0))
        let scene = try Scene(width: Self.width, height: Self.height)
        var layers = Self.tiles([image], scale: 1)
        scene.commit(root: L(1), layers)
        _ = scene.compositeAll()
        let plan = try #require(scene.tree.nodes[L(1)]?.sublayerPlan)

        scene.compositor.composite(scene.tree, damage: Damage(rects: [Rect(x: 0, y: 0, width: 4, height: 4)]))
        #expect(scene.tree.nodes[L(1)]?.sublayerPlan === plan)

        var tile = layers[L(5)]!
        tile.position.x += 1
        layers[L(5)] = tile
        scene.commit([L(5): tile])
        #expect(scene.tree.nodes[L(1)]?.sublayerPlan == nil)
        let expected = try render(root: L(1), layers, width: Self.width, height: Self.height)
        #expect(scene.compositeAll() == expected)
        #expect(scene.tree.nodes[L(1)]?.sublayerPlan != nil)
    }

    /// 40 tiles of 8×6 points showing `images` in turn, at whole points in a grid, under a root
    /// that fills the framebuffer.
    static func tiles(_ images: [Image], scale: Double) -> [LayerID: LayerRenderState] {
        var layers: [LayerID: LayerRenderState] = [:]
        var sublayers: [LayerID] = []
        for index in 0..<40 {
            let id = L(UInt64(index + 2))
            layers[id] = tile(images[index % images.count], at: Point(x: Double(index % 8) * 11 + 4, y: Double(index / 8) * 13 + 3), scale: scale)
            sublayers.append(id)
        }
        layers[L(1)] = .layer(Rect(x: 0, y: 0, width: width, height: height), sublayers: sublayers)
        return layers
    }

    /// A layer of contents only: `image` over 8×6 points centred at `center`.
    static func tile(_ image: Image, at center: Point, scale: Double) -> LayerRenderState {
        var state = LayerRenderState.layer(Rect(x: center.x - 4, y: center.y - 3, width: 8, height: 6))
        state.contents = image
        state.contentsScale = scale
        return state
    }

    /// The layers hanging from `root` (the tree a fresh render needs).
    static func reachable(from root: LayerID, in layers: [LayerID: LayerRenderState]) -> [LayerID: LayerRenderState] {
        var result: [LayerID: LayerRenderState] = [:]
        var pending = [root]
        while let id = pending.popLast() {
            guard result[id] == nil, let state = layers[id] else { continue }
            result[id] = state
            pending.append(contentsOf: state.sublayers)
        }
        return result
    }
}
