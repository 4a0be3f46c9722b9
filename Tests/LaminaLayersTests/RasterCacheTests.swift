import LaminaGraphics
@testable import LaminaLayers
import Testing

/// The part rasters of a render tree stay under the tree's limit in bytes, least recently drawn
/// first out, and a tree under a small limit draws every frame exactly as one with room for all.
@Suite struct RasterCacheTests {
    static let side = 100

    /// A root of `side` × `side` points holding `side`² rotated 6-point squares (a 1-point grid,
    /// overlapping): each square's background is a part rasterised whole.
    static func rotatedSquares() -> [LayerID: LayerRenderState] {
        var layers: [LayerID: LayerRenderState] = [:]
        var sublayers: [LayerID] = []
        for index in 0..<side * side {
            let id = L(UInt64(index + 2))
            let hue = Double(index % 7) / 7
            var square = LayerRenderState.layer(Rect(x: Double(index % side), y: Double(index / side), width: 6, height: 6),
                                                background: Color(red: hue, green: 1 - hue, blue: 0.5))
            square.transform = AffineTransform(rotationAngle: .pi / 5 + Double(index % 3) * 0.1)
            layers[id] = square
            sublayers.append(id)
        }
        layers[L(1)] = .layer(Rect(x: 0, y: 0, width: Double(side), height: Double(side)), background: .white, sublayers: sublayers)
        return layers
    }

    @Test func tenThousandRotatedLayersStayUnderTheLimitAndDrawAsWithRoomForAll() throws {
        let limit = 256 << 10
        let capped = try Scene(width: Double(Self.side), height: Double(Self.side), scale: 2)
        capped.tree.rasterCache.capacity = limit
        let roomy = try Scene(width: Double(Self.side), height: Double(Self.side), scale: 2)
        let layers = Self.rotatedSquares()
        capped.commit(root: L(1), layers)
        roomy.commit(root: L(1), layers)

        let cache = capped.tree.rasterCache
        #expect(cache.bytes <= limit)
        #expect(cache.evictions > 9_000, "most of the 10,000 rasters were dropped")
        #expect(cache.count > 100 && cache.count < 1_000)
        #expect(roomy.tree.rasterCache.count == Self.side * Self.side && roomy.tree.rasterCache.evictions == 0)
        #expect(capped.image == roomy.image, "dropping rasters changes no pixel")

        // A change to one square: the squares around it are drawn again, from rasters made again
        // where they were dropped, and the frame equals a full recomposite.
        var changed = layers[L(5_051)]!
        changed.backgroundColor = .blue
        capped.commit([L(5_051): changed])
        roomy.commit([L(5_051): changed])
        #expect(capped.image == roomy.image)
        #expect(cache.bytes <= limit)
        let partial = capped.image
        #expect(capped.compositeAll() == partial, "the partial frame equals a full recomposite")
    }

    @Test func theLeastRecentlyDrawnGoFirstAndANodeThatGoesTakesItsBytes() throws {
        let scene = try Scene(width: 100, height: 100, scale: 1)
        var layers: [LayerID: LayerRenderState] = [:]
        for index in 0..<3 {
            var square = LayerRenderState.layer(Rect(x: Double(index) * 30 + 5, y: 40, width: 20, height: 20), background: .red)
            square.transform = AffineTransform(rotationAngle: .pi / 4)
            layers[L(UInt64(index + 2))] = square
        }
        layers[L(1)] = .layer(Rect(x: 0, y: 0, width: 100, height: 100), background: .white, sublayers: [L(2), L(3), L(4)])
        scene.commit(root: L(1), layers)
        let cache = scene.tree.rasterCache
        #expect(cache.count == 3 && cache.evictions == 0)
        let each = cache.bytes / 3

        // Room for two: the one drawn first (#2) goes.
        cache.capacity = each * 2
        #expect(cache.count == 2 && cache.evictions == 1)
        #expect(scene.tree.nodes[L(2)]?.rasters.isEmpty == true)
        #expect(scene.tree.nodes[L(3)]?.rasters.isEmpty == false && scene.tree.nodes[L(4)]?.rasters.isEmpty == false)

        // Drawing #2 again (damage over it only) makes its raster again and drops the least
        // recently drawn of the others, #3.
        scene.compositor.composite(scene.tree, damage: Damage(rects: [Rect(x: 0, y: 30, width: 26, height: 40)]))
        #expect(scene.tree.nodes[L(2)]?.rasters.isEmpty == false)
        #expect(scene.tree.nodes[L(3)]?.rasters.isEmpty == true)
        #expect(cache.count == 2 && cache.evictions == 2)

        // A removed layer's raster stops counting; a raster larger than the limit is not kept.
        scene.commit([L(1): .layer(Rect(x: 0, y: 0, width: 100, height: 100), background: .white, sublayers: [L(4)])],
                     removed: [L(2), L(3)])
        #expect(cache.count == 1 && cache.bytes == each)
        cache.capacity = each - 1
        #expect(cache.count == 0 && cache.bytes == 0)
        let full = scene.compositeAll()
        #expect(cache.count == 0, "too large to keep: drawn, not kept")
        #expect(full.has(.red, atX: 75, y: 50))
    }
}
