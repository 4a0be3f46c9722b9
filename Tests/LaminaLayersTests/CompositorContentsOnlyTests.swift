import LaminaGraphics
@testable import LaminaLayers
import Testing

/// Layers that draw only their contents take the painter's short path; it must paint exactly
/// what the general path paints. A clear border (which draws nothing) sends the same layers down
/// the general path for comparison.
@Suite("Compositor: the contents-only path paints what the general path paints")
struct CompositorContentsOnlyTests {
    static func scene(generalPath: Bool, scale: Double) throws -> Image {
        let picture = try GraphicsContext.makeImage(width: 12, height: 8, scale: 1) { context in
            context.drawLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 12, y: 8))
        }
        var states: [LayerID: LayerRenderState] = [
            L(1): .layer(Rect(x: 0, y: 0, width: 80, height: 60), background: .white, sublayers: [L(2), L(3), L(4)]),
        ]
        // Upright at a fractional position, half transparent.
        states[L(2)] = .layer(Rect(x: 3.3, y: 4.6, width: 24, height: 16))
        states[L(2)]!.opacity = 0.5
        // Rotated: the short path declines it.
        states[L(3)] = .layer(Rect(x: 40, y: 6, width: 24, height: 16))
        states[L(3)]!.transform = AffineTransform(rotationAngle: 0.4)
        // Inside a parent that masks to its bounds, poking out.
        states[L(4)] = .layer(Rect(x: 10, y: 30, width: 30, height: 20), background: .gray, sublayers: [L(40)])
        states[L(4)]!.masksToBounds = true
        states[L(40)] = .layer(Rect(x: 15, y: 8, width: 24, height: 16))
        for id in [L(2), L(3), L(40)] {
            states[id]!.contents = picture
            if generalPath {
                states[id]!.borderWidth = 1
                states[id]!.borderColor = .clear
            }
        }
        return try render(root: L(1), states, width: 80, height: 60, scale: scale)
    }

    @Test("same pixels at scale 1 and 2", arguments: [1.0, 2.0])
    func samePixels(scale: Double) throws {
        let short = try Self.scene(generalPath: false, scale: scale)
        let general = try Self.scene(generalPath: true, scale: scale)
        #expect(short == general)
        #expect(short.pixel(x: Int(60 * scale), y: Int(45 * scale)) == .white, "clipped by the masking parent")
    }

    @Test("the short path applies to contents-only layers and nothing else")
    func eligibility() throws {
        var state = LayerRenderState.layer(Rect(x: 0, y: 0, width: 4, height: 4))
        state.contents = try solidImage(width: 4, height: 4, .red)
        #expect(RenderTree.Node(state: state).drawsOnlyContents)
        var withBackground = state
        withBackground.backgroundColor = .blue
        #expect(!RenderTree.Node(state: withBackground).drawsOnlyContents)
        var aspect = state
        aspect.contentsGravity = .resizeAspect
        #expect(!RenderTree.Node(state: aspect).drawsOnlyContents)
        var empty = state
        empty.contents = nil
        #expect(!RenderTree.Node(state: empty).drawsOnlyContents)
    }
}
