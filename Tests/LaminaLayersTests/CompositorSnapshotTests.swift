import LaminaGraphics
@testable import LaminaLayers
import LaminaTesting
import Testing

/// The compositor's output for every render property and every contents gravity, at scale 1 and
/// 2, compared with the committed PNGs in `__Snapshots__/CompositorSnapshotTests/` (±2 steps per
/// channel). Trees are built by hand from render states, so these test the render side alone.
@Suite("Compositor snapshots at scale 1 and 2")
struct CompositorSnapshotTests {
    /// A 24×16-pixel picture (at `scale`): four coloured quadrants, so placement, cropping and
    /// stretching show.
    static func quadrants(scale: Double = 1) throws -> Image {
        try GraphicsContext.makeImage(width: 24 / scale, height: 16 / scale, scale: scale) { context in
            let (w, h) = (context.size.width / 2, context.size.height / 2)
            for (index, color) in [Color.red, .green, .blue, .yellow].enumerated() {
                context.fillColor = color
                context.fill(Rect(x: Double(index % 2) * w, y: Double(index / 2) * h, width: w, height: h))
            }
        }
    }

    func assertScene(_ states: [LayerID: LayerRenderState], testName: String = #function,
                     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                     line: UInt = #line, column: UInt = #column) throws {
        for scale in [1.0, 2.0] {
            let image = try render(root: L(1), states, width: 160, height: 120, scale: scale, background: .white)
            assertSnapshot(of: image, as: .image(tolerance: .antialiasing), named: "scale-\(Int(scale))",
                           fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        }
    }

    @Test("background, corner radius, masksToBounds, border, opacity, hidden, zPosition and shadow")
    func appearance() throws {
        var states: [LayerID: LayerRenderState] = [
            L(1): .layer(Rect(x: 0, y: 0, width: 160, height: 120), background: Color(white: 0.9),
                         sublayers: (2...9).map(L)),
        ]
        // Rounded background; its sublayer pokes out unclipped.
        states[L(2)] = .layer(Rect(x: 8, y: 8, width: 40, height: 30), background: .blue, sublayers: [L(20)])
        states[L(2)]!.cornerRadius = 10
        states[L(20)] = .layer(Rect(x: 25, y: 18, width: 20, height: 20), background: .orange)
        // The same, masked: the sublayer is clipped to the rounded bounds.
        states[L(3)] = .layer(Rect(x: 60, y: 8, width: 40, height: 30), background: .blue, sublayers: [L(30)])
        states[L(3)]!.cornerRadius = 10
        states[L(3)]!.masksToBounds = true
        states[L(30)] = .layer(Rect(x: 25, y: 18, width: 20, height: 20), background: .orange)
        // A border drawn above the sublayer.
        states[L(4)] = .layer(Rect(x: 112, y: 8, width: 40, height: 30), background: .white, sublayers: [L(40)])
        states[L(4)]!.borderWidth = 4
        states[L(4)]!.borderColor = .red
        states[L(4)]!.cornerRadius = 6
        states[L(40)] = .layer(Rect(x: -5, y: 10, width: 50, height: 10), background: .green)
        // Group opacity against per-part opacity.
        for (id, x, group) in [(5, 8.0, true), (6, 60.0, false)] {
            states[L(UInt64(id))] = .layer(Rect(x: x, y: 50, width: 40, height: 30), background: .red, sublayers: [L(UInt64(id * 10))])
            states[L(UInt64(id))]!.opacity = 0.5
            states[L(UInt64(id))]!.allowsGroupOpacity = group
            states[L(UInt64(id * 10))] = .layer(Rect(x: 15, y: 10, width: 30, height: 15), background: .blue)
        }
        // Hidden: nothing shows.
        states[L(7)] = .layer(Rect(x: 112, y: 50, width: 40, height: 30), background: .black)
        states[L(7)]!.isHidden = true
        // zPosition: the first sibling drawn in front.
        states[L(8)] = .layer(Rect(x: 112, y: 90, width: 30, height: 24), background: .magenta)
        states[L(8)]!.zPosition = 1
        states[L(9)] = .layer(Rect(x: 122, y: 84, width: 30, height: 24), background: .cyan)
        // A shadow, blurred, below and to the right.
        states[L(1)]!.sublayers.append(L(10))
        states[L(10)] = .layer(Rect(x: 20, y: 88, width: 60, height: 22), background: .yellow)
        states[L(10)]!.shadowOpacity = 0.6
        states[L(10)]!.shadowOffset = Size(width: 4, height: 4)
        states[L(10)]!.shadowRadius = 4
        states[L(10)]!.cornerRadius = 4
        try assertScene(states)
    }

    @Test("transform, sublayerTransform, anchor point, scrolled bounds and a mask layer")
    func geometry() throws {
        var states: [LayerID: LayerRenderState] = [
            L(1): .layer(Rect(x: 0, y: 0, width: 160, height: 120), background: .white, sublayers: [L(2), L(3), L(4), L(5)]),
        ]
        states[L(2)] = .layer(Rect(x: 10, y: 10, width: 40, height: 20), background: .blue)
        states[L(2)]!.transform = AffineTransform(rotationAngle: .pi / 6)
        states[L(3)] = .layer(Rect(x: 70, y: 10, width: 40, height: 40), background: Color(white: 0.85), sublayers: [L(30)])
        states[L(3)]!.sublayerTransform = AffineTransform(scaleX: 1.5, y: 0.75)
        states[L(30)] = .layer(Rect(x: 10, y: 10, width: 20, height: 20), background: .red)
        states[L(4)] = .layer(Rect(x: 10, y: 60, width: 50, height: 50), background: Color(white: 0.85), sublayers: [L(40)])
        states[L(4)]!.bounds = Rect(x: 15, y: 20, width: 50, height: 50)  // scrolled right and down
        states[L(4)]!.masksToBounds = true
        states[L(40)] = .layer(Rect(x: 20, y: 25, width: 30, height: 30), background: .green)
        states[L(5)] = .layer(Rect(x: 90, y: 60, width: 50, height: 50), background: .orange)
        states[L(5)]!.anchorPoint = .zero
        states[L(5)]!.position = Point(x: 90, y: 60)
        states[L(5)]!.mask = L(50)
        var maskState = LayerRenderState.layer(Rect(x: 5, y: 5, width: 40, height: 40), background: .black)
        maskState.cornerRadius = 20
        states[L(50)] = maskState
        try assertScene(states)
    }

    @Test("contents: all twelve gravities")
    func gravities() throws {
        let picture = try Self.quadrants()
        var states: [LayerID: LayerRenderState] = [
            L(1): .layer(Rect(x: 0, y: 0, width: 160, height: 120), background: .white,
                         sublayers: ContentsGravity.allCases.indices.map { L(UInt64(10 + $0)) }),
        ]
        for (index, gravity) in ContentsGravity.allCases.enumerated() {
            let frame = Rect(x: 4 + Double(index % 4) * 39, y: 4 + Double(index / 4) * 39, width: 36, height: 34)
            var state = LayerRenderState.layer(frame, background: Color(white: 0.8))
            state.contents = picture
            state.contentsGravity = gravity
            states[L(UInt64(10 + index))] = state
        }
        try assertScene(states)
    }

    @Test("contents: contentsRect crops, contentsCenter stretches only the middle, contentsScale sizes")
    func contentsGeometry() throws {
        let picture = try Self.quadrants()
        var states: [LayerID: LayerRenderState] = [
            L(1): .layer(Rect(x: 0, y: 0, width: 160, height: 120), background: .white, sublayers: [L(2), L(3), L(4)]),
        ]
        states[L(2)] = .layer(Rect(x: 8, y: 8, width: 60, height: 40))
        states[L(2)]!.contents = picture
        states[L(2)]!.contentsRect = Rect(x: 0.25, y: 0, width: 0.5, height: 1)
        states[L(3)] = .layer(Rect(x: 80, y: 8, width: 72, height: 60))
        states[L(3)]!.contents = picture
        states[L(3)]!.contentsCenter = Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        states[L(4)] = .layer(Rect(x: 8, y: 60, width: 60, height: 50), background: Color(white: 0.8))
        states[L(4)]!.contents = try Self.quadrants(scale: 2)
        states[L(4)]!.contentsScale = 2
        states[L(4)]!.contentsGravity = .center
        try assertScene(states)
    }
}
