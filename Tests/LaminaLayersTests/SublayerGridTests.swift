import LaminaGraphics
@testable import LaminaLayers
import LaminaTesting
import Testing

/// A layer's ``SublayerGrid`` finds every sublayer that can reach the damage, stays right as
/// sublayers move, grow shadows or go, and makes a frame look at the sublayers near its damage
/// rather than at every sibling — with the same pixels as a full recomposite.
@Suite struct SublayerGridTests {
    /// Random rectangles filed in a grid, then queried, moved (far outside where the grid was
    /// built), made unbounded, bounded only upright, and removed: each query returns, ascending
    /// and once each, every position whose rectangle meets a queried area, and every one bounded
    /// only upright when the space is not.
    @Test(arguments: [UInt64(1), 2, 3])
    func everySublayerMeetingAnAreaIsFound(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let count = 300
        let ids = (0..<count).map { LayerID(rawValue: UInt64($0 + 10)) }
        var reaches: [LayerID: SublayerGrid.Reach] = [:]
        func randomRect(span: Double) -> Rect {
            Rect(x: random.next(in: -span...span, step: 0.5), y: random.next(in: -span...span, step: 0.5),
                 width: random.next(in: 0...40, step: 0.25), height: random.next(in: 0...40, step: 0.25))
        }
        for id in ids {
            reaches[id] = random.chance(0.05) ? .everywhere : random.chance(0.05) ? .nowhere
                : random.chance(0.1) ? .insideWhenUpright(randomRect(span: 200)) : .inside(randomRect(span: 200))
        }
        let grid = try #require(SublayerGrid(sublayers: ids, reach: { reaches[$0]! }))

        for round in 0..<40 {
            if round > 0 {
                for _ in 0..<10 {
                    let id = ids[random.next(below: count)]
                    let roll = random.next(below: 10)
                    reaches[id] = roll == 0 ? .everywhere : roll == 1 ? .nowhere
                        : roll == 3 ? .insideWhenUpright(randomRect(span: 200)) : .inside(randomRect(span: roll == 2 ? 5_000 : 200))
                    grid.markStale(id)
                }
            }
            let areas = (0..<1 + random.next(below: 3)).map { _ in randomRect(span: round % 5 == 0 ? 6_000 : 220) }
            let upright = round % 3 != 0
            let found = grid.positions(meeting: areas, upright: upright, sublayers: ids, reach: { reaches[$0]! })
            #expect(found == found.sorted() && Set(found).count == found.count, "ascending, once each")
            for (position, id) in ids.enumerated() {
                let meets: Bool
                switch reaches[id]! {
                case .nowhere: meets = false
                case .everywhere: meets = true
                case .inside(let rect): meets = areas.contains { $0.intersects(rect) }
                case .insideWhenUpright(let rect): meets = !upright || areas.contains { $0.intersects(rect) }
                }
                if meets { #expect(found.contains(position), "round \(round): position \(position) meets an area") }
            }
            #expect(found.count < count / 2 || round % 5 == 0 || !upright, "a small area finds few")
        }
    }

    @Test func aListNamingALayerTwiceGetsNoGrid() {
        let ids = [LayerID(rawValue: 2), LayerID(rawValue: 3), LayerID(rawValue: 2)]
        #expect(SublayerGrid(sublayers: ids, reach: { _ in .inside(Rect(x: 0, y: 0, width: 1, height: 1)) }) == nil)
    }

    /// 10,000 sublayers, one changed: the frame looks at a handful, not at 10,000, and its pixels
    /// are a full recomposite's.
    @Test func aChangeAmongTenThousandSublayersLooksAtTheFewNearIt() throws {
        let scene = try Scene(width: 200, height: 200, scale: 1)
        var layers = Self.tiles(columns: 100, rows: 100, size: 2)
        scene.commit(root: L(1), layers)
        #expect(scene.tree.sublayersExamined == 10_000, "the first frame is full: every sublayer")

        var changed = layers[L(5_052)]!
        changed.backgroundColor = .white
        layers[L(5_052)] = changed
        let damage = scene.commit([L(5_052): changed])
        #expect(damage.rects.count == 1)
        #expect(scene.tree.sublayersExamined <= 36, "examined \(scene.tree.sublayersExamined) of 10,000")
        let partial = scene.image
        #expect(scene.compositeAll() == partial, "the partial frame equals a full recomposite")
    }

    /// 256 tiles each casting a shadow, one changed: shadows fall in device space, but with
    /// the tiles upright at the tree's scale their reach is bounded, so the frame looks at the
    /// tiles near the change; under a rotated parent every tile is looked at. Pixels as a full
    /// recomposite's either way.
    @Test(arguments: [1.0, 2.0])
    func shadowCastingTilesAreCulledWhileUpright(scale: Double) throws {
        let scene = try Scene(width: 128, height: 128, scale: scale)
        var layers = Self.tiles(columns: 16, rows: 16, size: 8)
        for id in layers.keys where id != L(1) {
            layers[id]?.shadowOpacity = 0.7
            layers[id]?.shadowRadius = 1
            layers[id]?.shadowOffset = Size(width: 1, height: 2)
        }
        scene.commit(root: L(1), layers)
        var changed = layers[L(137)]!
        changed.backgroundColor = .white
        scene.commit([L(137): changed])
        #expect(scene.tree.sublayersExamined <= 36, "examined \(scene.tree.sublayersExamined) of 256")
        var partial = scene.image
        #expect(scene.compositeAll() == partial, "the partial frame equals a full recomposite")

        var root = layers[L(1)]!
        root.transform = AffineTransform(rotationAngle: 0.05)
        scene.commit([L(1): root])
        changed.backgroundColor = .blue
        scene.commit([L(137): changed])
        #expect(scene.tree.sublayersExamined == 256, "rotated, a shadow's reach is not bounded: every tile")
        partial = scene.image
        #expect(scene.compositeAll() == partial)
    }

    /// A parent of 100 tiles through a random history — tiles moved near and far (beyond where
    /// the grid was built), given shadows (which reach everywhere), hidden, removed and added
    /// (a new parent state, so a new grid), a list naming a tile twice, the parent scrolled by
    /// its bounds origin and scaled by a sublayer transform: every frame equals a full
    /// recomposite, and a frame damaging one small spot looks at few tiles.
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func framesStayExactThroughMovesShadowsAndNewLists(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let scene = try Scene(width: 120, height: 90, scale: seed % 2 == 0 ? 2 : 1)
        var layers = Self.tiles(columns: 10, rows: 10, size: 9)
        scene.commit(root: L(1), layers)
        var nextID: UInt64 = 1_000
        for step in 0..<80 {
            var root = layers[L(1)]!
            let tiles = root.sublayers
            let tile = tiles[random.next(below: tiles.count)]
            var state = layers[tile]!
            var updated: [LayerID: LayerRenderState] = [:]
            var removed: [LayerID] = []
            switch random.next(below: 12) {
            case 0, 1, 2:
                state.position = Point(x: random.next(in: -20...140, step: 0.5), y: random.next(in: -20...110, step: 0.5))
                updated[tile] = state
            case 3:
                state.position = Point(x: random.next(in: -3_000...3_000, step: 1), y: random.next(in: -3_000...3_000, step: 1))
                updated[tile] = state
            case 4:
                state.shadowOpacity = state.shadowOpacity > 0 ? 0 : 0.8
                state.shadowRadius = 3
                state.shadowOffset = Size(width: 4, height: 5)
                updated[tile] = state
            case 5:
                state.isHidden.toggle()
                updated[tile] = state
            case 6:
                removed = [tile]
                root.sublayers.removeAll { $0 == tile }
                updated[L(1)] = root
            case 7:
                let id = L(nextID)
                nextID += 1
                updated[id] = .layer(Rect(x: random.next(in: 0...110, step: 1), y: random.next(in: 0...80, step: 1), width: 9, height: 9),
                                     background: Color(red: 0.2, green: 0.9, blue: 0.4))
                root.sublayers.insert(id, at: random.next(below: root.sublayers.count + 1))
                updated[L(1)] = root
            case 8:
                root.sublayers.append(tiles[0])
                updated[L(1)] = root
            case 9:
                root.bounds.origin = Point(x: random.next(in: -10...10, step: 1), y: random.next(in: -10...10, step: 1))
                updated[L(1)] = root
            case 10:
                root.sublayerTransform = random.chance(0.5) ? .identity : AffineTransform(scaleX: 2, y: 2)
                updated[L(1)] = root
            default:
                state.backgroundColor = Color(red: random.next(in: 0...1, step: 0.125), green: 0.3, blue: 0.7)
                updated[tile] = state
            }
            for (id, value) in updated { layers[id] = value }
            for id in removed { layers[id] = nil }
            scene.commit(updated, removed: removed)
            let presented = scene.image
            let reference = try render(root: L(1), layers.filter { $0.key == L(1) || layers[L(1)]!.sublayers.contains($0.key) },
                                       width: 120, height: 90, scale: scene.tree.scale)
            #expect(presented == reference, "seed \(seed), step \(step)")
            if presented != reference { return }
        }
        // One spot damaged: only the tiles the grid puts near it (and those casting shadows) are
        // looked at, once the list names each tile once.
        var root = layers[L(1)]!
        var seen = Set<LayerID>()
        root.sublayers = root.sublayers.filter { seen.insert($0).inserted }
        scene.commit([L(1): root])
        scene.compositor.composite(scene.tree, damage: Damage(rects: [Rect(x: 40, y: 40, width: 2, height: 2)]))
        #expect(scene.tree.sublayersExamined < 40, "examined \(scene.tree.sublayersExamined)")
    }

    /// A root of `columns` × `rows` tiles of `size` points, ids 2…, each with a colour of its own.
    static func tiles(columns: Int, rows: Int, size: Double) -> [LayerID: LayerRenderState] {
        var layers: [LayerID: LayerRenderState] = [:]
        var sublayers: [LayerID] = []
        for index in 0..<columns * rows {
            let id = L(UInt64(index + 2))
            let shade = Double(index % 11) / 11
            layers[id] = .layer(Rect(x: Double(index % columns) * size, y: Double(index / columns) * size, width: size, height: size),
                                background: Color(red: shade, green: 1 - shade, blue: 0.5))
            sublayers.append(id)
        }
        layers[L(1)] = .layer(Rect(x: 0, y: 0, width: Double(columns) * size, height: Double(rows) * size),
                              background: .black, sublayers: sublayers)
        return layers
    }
}
