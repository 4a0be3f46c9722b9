import LaminaGraphics
@testable import LaminaLayers
import LaminaTesting
import Testing

/// Each debug overlay over a hand-built tree: which layers it tints (pixel checks), the picture
/// (a snapshot per overlay), and that overlays never reach the framebuffer.
@Suite("Debug overlays")
struct DebugOverlayTests {
    /// A white root holding: #2 an opaque red square; #3 a half-transparent blue one; #4 a green
    /// square half a point off the pixel grid; #5 a rounded, clipping grey square; #6 a layer
    /// whose contents a display queue drew; #7 a layer with contents stretched to twice their size.
    static func scene() throws -> (Scene, Damage) {
        let scene = try Scene(width: 120, height: 100, scale: 1, background: .white)
        var translucent = LayerRenderState.layer(Rect(x: 50, y: 10, width: 30, height: 30),
                                                  background: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        translucent.sublayers = []
        var rounded = LayerRenderState.layer(Rect(x: 50, y: 50, width: 30, height: 30), background: Color(white: 0.5))
        rounded.cornerRadius = 8
        rounded.masksToBounds = true
        var async = LayerRenderState.layer(Rect(x: 90, y: 10, width: 20, height: 20))
        async.contents = try solidImage(width: 20, height: 20, .yellow)
        async.contentsCameFromDisplayQueue = true
        var stretched = LayerRenderState.layer(Rect(x: 90, y: 50, width: 20, height: 20))
        stretched.contents = try solidImage(width: 10, height: 10, .black)
        let damage = scene.commit(root: L(1), [
            L(1): .layer(Rect(x: 0, y: 0, width: 120, height: 100), background: .white, sublayers: (2...7).map(L)),
            L(2): .layer(Rect(x: 10, y: 10, width: 30, height: 30), background: .red),
            L(3): translucent,
            L(4): .layer(Rect(x: 10.5, y: 50, width: 30, height: 30), background: .green),
            L(5): rounded,
            L(6): async,
            L(7): stretched,
        ])
        return (scene, damage)
    }

    static func overlaid(_ overlays: DebugOverlays) throws -> (plain: Image, overlaid: Image) {
        let (scene, damage) = try scene()
        return (scene.image, scene.compositor.makeImage(overlaying: overlays, tree: scene.tree, damage: damage))
    }

    /// The tint each layer gets, read at a pixel inside it: which colour channel rose most.
    static func tint(at point: (Int, Int), _ images: (plain: Image, overlaid: Image)) -> String {
        let before = images.plain.pixel(x: point.0, y: point.1), after = images.overlaid.pixel(x: point.0, y: point.1)
        if before == after { return "none" }
        let rise = [("red", after.red - before.red), ("green", after.green - before.green), ("blue", after.blue - before.blue)]
        return rise.max { $0.1 < $1.1 }!.0
    }

    @Test func blendedTintsTranslucentLayersRedAndOpaqueOnesGreen() throws {
        let images = try Self.overlaid(.blended)
        #expect(Self.tint(at: (60, 20), images) == "red")      // #3, alpha 0.5
        #expect(Self.tint(at: (60, 60), images) == "red")      // #5, rounded
        #expect(Self.tint(at: (20, 20), images) == "green")    // #2 over the opaque root
        #expect(Self.tint(at: (5, 95), images) == "green")     // the root alone
        assertSnapshot(of: images.overlaid, as: .image(tolerance: .antialiasing), named: "blended")
    }

    @Test func misalignedTintsLayersOffThePixelGridAndStretchedContents() throws {
        let images = try Self.overlaid(.misaligned)
        #expect(images.overlaid.pixel(x: 25, y: 65).blue > images.plain.pixel(x: 25, y: 65).blue + 0.2)  // #4, magenta
        #expect(Self.tint(at: (20, 20), images) == "none")
        #expect(Self.tint(at: (100, 60), images) != "none")    // #7, contents 10 px drawn over 20
        #expect(Self.tint(at: (100, 20), images) == "none")    // #6, 20 px over 20
        assertSnapshot(of: images.overlaid, as: .image(tolerance: .antialiasing), named: "misaligned")
    }

    @Test func offscreenTintsRoundedClippingOnly() throws {
        let images = try Self.overlaid(.offscreen)
        #expect(Self.tint(at: (65, 65), images) != "none")
        #expect(Self.tint(at: (20, 20), images) == "none")
        #expect(Self.tint(at: (60, 20), images) == "none")
        assertSnapshot(of: images.overlaid, as: .image(tolerance: .antialiasing), named: "offscreen")
    }

    @Test func asyncTintsContentsDrawnOnADisplayQueue() throws {
        let images = try Self.overlaid(.async)
        #expect(Self.tint(at: (100, 20), images) == "blue")
        #expect(Self.tint(at: (100, 60), images) == "none")
        #expect(Self.tint(at: (20, 20), images) == "none")
        assertSnapshot(of: images.overlaid, as: .image(tolerance: .antialiasing), named: "async")
    }

    @Test func damageFlashesOnlyTheDamagedPixels() throws {
        let (scene, _) = try Self.scene()
        var moved = LayerRenderState.layer(Rect(x: 12, y: 10, width: 30, height: 30), background: .red)
        moved.sublayers = []
        let damage = scene.commit([L(2): moved])
        let images = (scene.image, scene.compositor.makeImage(overlaying: .damage, tree: scene.tree, damage: damage))
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 32, height: 30)])
        #expect(Self.tint(at: (25, 25), images) != "none")
        #expect(Self.tint(at: (60, 60), images) == "none")
        assertSnapshot(of: images.1, as: .image(tolerance: .antialiasing), named: "damage")
    }

    @Test func overlaysNeverReachTheFramebuffer() throws {
        let (scene, damage) = try Self.scene()
        let plain = scene.image
        _ = scene.compositor.makeImage(overlaying: .all, tree: scene.tree, damage: damage)
        #expect(scene.image == plain)
        #expect(scene.compositor.makeImage(overlaying: [], tree: scene.tree, damage: damage) == plain)
    }

    @Test func namesParseAndBadNamesAreErrors() throws {
        #expect(try DebugOverlays(parsing: "damage, Blended") == [.damage, .blended])
        #expect(try DebugOverlays(parsing: "all") == .all)
        #expect(try DebugOverlays(parsing: "") == [])
        #expect(try DebugOverlays(parsing: "none,,") == [])
        #expect(throws: DebugOverlays.ParseError(unknownName: "blend")) { try DebugOverlays(parsing: "damage,blend") }
        #expect(DebugOverlays.all.description == "damage,blended,misaligned,offscreen,async")
        #expect(DebugOverlays().description == "none")
    }
}
