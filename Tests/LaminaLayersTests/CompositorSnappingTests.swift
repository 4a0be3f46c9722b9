import LaminaGraphics
@testable import LaminaLayers
import Testing

/// Snapping to device pixels, and partial compositing matching a full one.
@Suite struct CompositorSnappingTests {
    func render(_ layers: [LayerID: LayerRenderState], scale: Double) throws -> Image {
        var all = layers
        all[L(1)] = .layer(Rect(x: 0, y: 0, width: 100, height: 50), background: .white,
                           sublayers: layers.keys.sorted())
        return try LaminaLayersTests.render(root: L(1), all, height: 50, scale: scale)
    }

    @Test func aLayerAtAFractionalPositionLandsOnWholePixels() throws {
        let image = try render([L(2): .layer(Rect(x: 10.3, y: 10, width: 20, height: 20), background: .red)], scale: 2)
        // 10.3 × 2 = 20.6 → 21 and 30.3 × 2 = 60.6 → 61: columns 21…60 are red, with no blended edge.
        #expect(image.pixel(x: 20, y: 30) == .white && image.pixel(x: 61, y: 30) == .white)
        #expect(image.pixel(x: 21, y: 30) == .red && image.pixel(x: 60, y: 30) == .red)
    }

    @Test(arguments: [1.0, 2.0])
    func abuttingLayersAtFractionalPositionsNeitherGapNorOverlap(scale: Double) throws {
        let image = try render([
            L(2): .layer(Rect(x: 10.3, y: 10, width: 20.25, height: 20), background: .red),
            L(3): .layer(Rect(x: 30.55, y: 10, width: 20, height: 20), background: .blue),
        ], scale: scale)
        let s = scale
        let first = Int((10.3 * s).rounded()), seam = Int((30.55 * s).rounded()), last = Int((50.55 * s).rounded())
        for x in first..<last {
            #expect(image.pixel(x: x, y: Int(20 * s)) == (x < seam ? .red : .blue), "column \(x)")
        }
    }

    /// A layer 0.6 points wide snaps to one pixel, a stretch of 1/0.6; contents centred on it and
    /// overflowing it keep their size, one image pixel to one device pixel, at the whole pixels
    /// nearest their own edges — not stretched with the bounds. At scale 1 and 2, and with the
    /// layer moved by fractions of a point.
    @Test(arguments: [1.0, 2.0])
    func contentsOverflowingAThinSnappedLayerAreNotStretched(scale: Double) throws {
        // A 9 × 9 point image of distinct pixels, at the scale of the framebuffer.
        let side = Int(9 * scale)
        let contents = try GraphicsContext.makeImage(width: 9, height: 9, scale: scale) { context in
            for row in 0..<side {
                for column in 0..<side {
                    context.fillColor = Color(red: Double(column) / Double(side), green: Double(row) / Double(side), blue: 0.5)
                    context.fill(Rect(x: Double(column) / scale, y: Double(row) / scale, width: 1 / scale, height: 1 / scale))
                }
            }
        }
        for shift in [0.0, 0.2, 0.45] {
            var thin = LayerRenderState.layer(Rect(x: 40.2 + shift, y: 20.2 + shift, width: 0.6, height: 0.6))
            thin.contents = contents
            thin.contentsGravity = .center
            thin.contentsScale = scale
            let image = try render([L(2): thin], scale: scale)
            // The frame is centred on the bounds, 4.5 points each way: from 36 + shift.
            let left = Int(((36 + shift) * scale).rounded()), top = Int(((16 + shift) * scale).rounded())
            for row in 0..<side {
                for column in 0..<side {
                    #expect(image.pixel(x: left + column, y: top + row) == contents.pixel(x: column, y: row),
                            "shift \(shift): pixel \(column), \(row)")
                }
            }
            #expect(image.pixel(x: left - 1, y: top) == .white && image.pixel(x: left + side, y: top) == .white, "shift \(shift)")
        }
    }

    @Test func aFractionalScaleIsNotSnapped() throws {
        var scaled = LayerRenderState.layer(Rect(x: 10, y: 10, width: 20, height: 20), background: .red)
        scaled.transform = AffineTransform(scaleX: 1.05, y: 1.05)
        let image = try render([L(2): scaled], scale: 1)
        let edge = image.pixel(x: 9, y: 20)
        #expect(edge != .white && edge != .red)
    }

    @Test func compositingOnlyTheDamageGivesTheSamePixelsAsAFullFrame() throws {
        let scene = try Scene(width: 100, height: 50, scale: 2)
        var parent = LayerRenderState.layer(Rect(x: 10, y: 5, width: 50, height: 30), background: .red, sublayers: [L(3), L(4)])
        parent.cornerRadius = 6
        var child = LayerRenderState.layer(Rect(x: 5, y: 5, width: 10, height: 10), background: .blue)
        let contents = try solidImage(width: 20, height: 20, scale: 2, .green)
        child.contents = contents
        child.contentsGravity = .center
        scene.commit(root: L(1), [
            L(1): .layer(Rect(x: 0, y: 0, width: 100, height: 50), background: .white, sublayers: [L(2)]),
            L(2): parent, L(3): child, L(4): .layer(Rect(x: 30, y: 10, width: 8, height: 8), background: .yellow),
        ])
        parent.position.x += 7.3
        parent.opacity = 0.7
        scene.commit([L(2): parent])
        child.position.y += 3
        child.borderWidth = 1
        scene.commit([L(3): child])
        parent.sublayers = [L(3)]
        scene.commit([L(2): parent], removed: [L(4)])

        let fresh = try Scene(width: 100, height: 50, scale: 2)
        fresh.commit(root: L(1), scene.tree.states)
        #expect(scene.image == fresh.image)
    }
}
