import LaminaGraphics
@testable import LaminaLayers
import Testing

/// The compositor's pixels for each layer property, on a white 100×100 root over black.
@Suite struct CompositorTests {
    /// A white root (#1) holding `sublayers`, with `layers` added to the delta.
    func scene(_ layers: [LayerID: LayerRenderState], sublayers: [LayerID], scale: Double = 1) throws -> Image {
        var all = layers
        all[L(1)] = .layer(Rect(x: 0, y: 0, width: 100, height: 100), background: .white, sublayers: sublayers)
        return try render(root: L(1), all, scale: scale)
    }

    @Test(arguments: [1.0, 2.0])
    func theBackgroundColourFillsTheBounds(scale: Double) throws {
        let image = try scene([L(2): .layer(Rect(x: 10, y: 10, width: 20, height: 20), background: .red)], sublayers: [L(2)], scale: scale)
        let s = Int(scale)
        #expect(image.width == 100 * s)
        #expect(image.has(.red, atX: 10 * s, y: 10 * s) && image.has(.red, atX: 30 * s - 1, y: 30 * s - 1))
        #expect(image.has(.white, atX: 10 * s - 1, y: 20 * s) && image.has(.white, atX: 30 * s, y: 20 * s))
    }

    @Test func withoutARootTheFramebufferIsTheBackgroundColour() throws {
        let scene = try Scene(background: .blue)
        #expect(scene.compositeAll().has(.blue, atX: 50, y: 50))
    }

    func roundedLayer(masksToBounds: Bool) -> [LayerID: LayerRenderState] {
        var rounded = LayerRenderState.layer(Rect(x: 10, y: 10, width: 40, height: 40), background: .red, sublayers: [L(3)])
        rounded.cornerRadius = 10
        rounded.masksToBounds = masksToBounds
        return [L(2): rounded, L(3): .layer(Rect(x: 0, y: 0, width: 20, height: 20), background: .blue)]
    }

    @Test func theCornerRadiusRoundsTheBackgroundButNotUnmaskedSublayers() throws {
        var layers = roundedLayer(masksToBounds: false)
        layers[L(3)]?.backgroundColor = nil
        let bare = try scene(layers, sublayers: [L(2)])
        #expect(bare.has(.white, atX: 10, y: 10) && bare.has(.white, atX: 49, y: 49))
        #expect(bare.has(.red, atX: 30, y: 30) && bare.has(.red, atX: 10, y: 30))
        let withSublayer = try scene(roundedLayer(masksToBounds: false), sublayers: [L(2)])
        #expect(withSublayer.has(.blue, atX: 10, y: 10))
    }

    @Test(arguments: [1.0, 2.0])
    func masksToBoundsClipsSublayersToTheRoundedBounds(scale: Double) throws {
        let image = try scene(roundedLayer(masksToBounds: true), sublayers: [L(2)], scale: scale)
        let s = Int(scale)
        #expect(image.has(.white, atX: 10 * s, y: 10 * s))
        #expect(image.has(.blue, atX: 20 * s, y: 20 * s))
        #expect(image.has(.red, atX: 40 * s, y: 40 * s))
    }

    @Test(arguments: [1.0, 2.0])
    func theBorderIsDrawnInsideTheBoundsAboveSublayers(scale: Double) throws {
        var bordered = LayerRenderState.layer(Rect(x: 10, y: 10, width: 40, height: 40), background: .red, sublayers: [L(3)])
        bordered.borderWidth = 4
        bordered.borderColor = .green
        let image = try scene([L(2): bordered, L(3): .layer(Rect(x: 0, y: 0, width: 40, height: 40), background: .blue)],
                              sublayers: [L(2)], scale: scale)
        let s = Int(scale)
        #expect(image.has(.green, atX: 10 * s, y: 30 * s) && image.has(.green, atX: 14 * s - 1, y: 30 * s))
        #expect(image.has(.blue, atX: 14 * s, y: 30 * s))
        #expect(image.has(.white, atX: 10 * s - 1, y: 30 * s))
    }

    func translucentPair(groupOpacity: Bool) -> [LayerID: LayerRenderState] {
        var parent = LayerRenderState.layer(Rect(x: 10, y: 10, width: 40, height: 40), background: .red, sublayers: [L(3)])
        parent.opacity = 0.5
        parent.allowsGroupOpacity = groupOpacity
        return [L(2): parent, L(3): .layer(Rect(x: 0, y: 0, width: 20, height: 40), background: .blue)]
    }

    @Test func groupOpacityCompositesTheLayerAndItsSublayersAsOnePicture() throws {
        let image = try scene(translucentPair(groupOpacity: true), sublayers: [L(2)])
        #expect(image.has(Color(red: 0.5, green: 0.5, blue: 1), atX: 20, y: 30))
        #expect(image.has(Color(red: 1, green: 0.5, blue: 0.5), atX: 40, y: 30))
    }

    @Test func withoutGroupOpacityEachPartIsTranslucentOnItsOwn() throws {
        let image = try scene(translucentPair(groupOpacity: false), sublayers: [L(2)])
        #expect(image.has(Color(red: 0.5, green: 0.25, blue: 0.75), atX: 20, y: 30))
        #expect(image.has(Color(red: 1, green: 0.5, blue: 0.5), atX: 40, y: 30))
    }

    @Test func hiddenLayersAndTheirSublayersAreNotDrawn() throws {
        var layers = translucentPair(groupOpacity: true)
        layers[L(2)]?.isHidden = true
        let image = try scene(layers, sublayers: [L(2)])
        #expect(image.has(.white, atX: 20, y: 30) && image.has(.white, atX: 40, y: 30))
    }

    @Test func layersOfOpacityZeroAreNotDrawn() throws {
        var layers = translucentPair(groupOpacity: true)
        layers[L(2)]?.opacity = 0
        let image = try scene(layers, sublayers: [L(2)])
        #expect(image.has(.white, atX: 20, y: 30) && image.has(.white, atX: 40, y: 30))
    }

    @Test func sublayersDrawInZPositionOrderThenListOrder() throws {
        var front = LayerRenderState.layer(Rect(x: 10, y: 10, width: 40, height: 40), background: .red)
        front.zPosition = 1
        let image = try scene([
            L(2): front,
            L(3): .layer(Rect(x: 30, y: 30, width: 40, height: 40), background: .blue),
            L(4): .layer(Rect(x: 60, y: 60, width: 20, height: 20), background: .green),
        ], sublayers: [L(2), L(3), L(4)])
        #expect(image.has(.red, atX: 40, y: 40))
        #expect(image.has(.green, atX: 65, y: 65))
    }

    @Test func theSublayerTransformMovesTheSublayers() throws {
        var parent = LayerRenderState.layer(Rect(x: 10, y: 10, width: 50, height: 50), sublayers: [L(3)])
        parent.sublayerTransform = AffineTransform(translationX: 20, y: 0)
        let image = try scene([L(2): parent, L(3): .layer(Rect(x: 0, y: 0, width: 10, height: 10), background: .red)],
                              sublayers: [L(2)])
        #expect(image.has(.red, atX: 30, y: 10) && image.has(.white, atX: 10, y: 10))
    }

    @Test(arguments: [1.0, 2.0])
    func theBoundsOriginScrollsTheSublayers(scale: Double) throws {
        var scroller = LayerRenderState.layer(Rect(x: 10, y: 10, width: 50, height: 50), sublayers: [L(3)])
        scroller.bounds.origin = Point(x: 0, y: 20)
        let image = try scene([L(2): scroller, L(3): .layer(Rect(x: 0, y: 20, width: 10, height: 10), background: .red)],
                              sublayers: [L(2)], scale: scale)
        let s = Int(scale)
        #expect(image.has(.red, atX: 10 * s, y: 10 * s) && image.has(.white, atX: 10 * s, y: 20 * s))
    }

    @Test(arguments: [1.0, 2.0])
    func aMaskLayerShowsTheLayerOnlyWhereTheMaskIsOpaque(scale: Double) throws {
        var masked = LayerRenderState.layer(Rect(x: 10, y: 10, width: 40, height: 40), background: .red, sublayers: [L(4)])
        masked.mask = L(3)
        let image = try scene([
            L(2): masked,
            L(3): .layer(Rect(x: 0, y: 0, width: 20, height: 40), background: .black),
            L(4): .layer(Rect(x: 0, y: 30, width: 40, height: 10), background: .blue),
        ], sublayers: [L(2)], scale: scale)
        let s = Int(scale)
        #expect(image.has(.red, atX: 15 * s, y: 20 * s) && image.has(.blue, atX: 15 * s, y: 45 * s))
        #expect(image.has(.white, atX: 35 * s, y: 20 * s) && image.has(.white, atX: 35 * s, y: 45 * s))
    }

    func shadowed(path: Bool) -> LayerRenderState {
        var layer = LayerRenderState.layer(Rect(x: 20, y: 20, width: 20, height: 20), background: .red)
        layer.shadowOpacity = 1
        layer.shadowColor = .blue
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 0, height: 10)
        if path { layer.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)) }
        return layer
    }

    @Test(arguments: [false, true])
    func aShadowFallsBeneathTheLayerAtItsOffset(shadowPath: Bool) throws {
        let image = try scene([L(2): shadowed(path: shadowPath)], sublayers: [L(2)])
        #expect(image.has(.red, atX: 30, y: 30))
        #expect(image.has(.blue, atX: 30, y: 45))
        #expect(image.has(.white, atX: 30, y: 51) && image.has(.white, atX: 41, y: 45))
    }

    @Test func aBlurredShadowFadesOut() throws {
        var layer = shadowed(path: false)
        layer.shadowRadius = 6
        let image = try scene([L(2): layer], sublayers: [L(2)])
        let fading = image.pixel(x: 30, y: 50)
        #expect(fading.blue > 0.3 && fading.red > 0.1)
    }

    @Test func aRotatedLayerIsDrawnWhereItsTransformPutsIt() throws {
        var rotated = LayerRenderState.layer(Rect(x: 40, y: 45, width: 20, height: 10), background: .red)
        rotated.transform = AffineTransform(rotationAngle: .pi / 2)
        let image = try scene([L(2): rotated], sublayers: [L(2)])
        #expect(image.has(.red, atX: 50, y: 42) && image.has(.white, atX: 43, y: 50))
    }
}
