import LaminaGraphics
@testable import LaminaLayers
import Testing

/// Contents: every gravity at scale 1 and 2, contentsRect, contentsCenter and contentsScale.
@Suite struct CompositorContentsTests {
    static let layerFrame = Rect(x: 20, y: 20, width: 60, height: 60)

    /// A red 60×60 layer at (20, 20) on a white root, showing `contents`.
    func render(contents: Image, scale: Double, _ edit: (inout LayerRenderState) -> Void) throws -> Image {
        var layer = LayerRenderState.layer(Self.layerFrame, background: .red)
        layer.contents = contents
        edit(&layer)
        return try LaminaLayersTests.render(root: L(1), [
            L(1): .layer(Rect(x: 0, y: 0, width: 100, height: 100), background: .white, sublayers: [L(2)]),
            L(2): layer,
        ], scale: scale)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let gravity: ContentsGravity
        let scale: Double
        var testDescription: String { "\(gravity) @\(Int(scale))x" }
    }

    static let cases = ContentsGravity.allCases.flatMap { gravity in [1.0, 2.0].map { Case(gravity: gravity, scale: $0) } }

    @Test(arguments: cases)
    func eachGravityPlacesTheContentsWhereItsRectSays(_ c: Case) throws {
        // 20×10 points of green at the screen's scale, so the natural size is the same at 1× and 2×.
        let image = try solidImage(width: 20 * Int(c.scale), height: 10 * Int(c.scale), scale: c.scale, .green)
        let frame = try render(contents: image, scale: c.scale) {
            $0.contentsGravity = c.gravity
            $0.contentsScale = c.scale
        }
        let bounds = Rect(size: Self.layerFrame.size)
        let placed = c.gravity.rect(forContentSize: Size(width: 20, height: 10), in: bounds)
            .offsetBy(dx: Self.layerFrame.minX, dy: Self.layerFrame.minY)
        let s = c.scale
        let visible = placed.intersection(Self.layerFrame)
        for (x, y) in [(visible.minX, visible.minY), (visible.maxX - 1 / s, visible.maxY - 1 / s), (visible.midX, visible.midY)] {
            #expect(frame.has(.green, atX: Int(x * s), y: Int(y * s)), "inside at (\(x), \(y))")
        }
        for (x, y) in [(placed.minX - 1, placed.midY), (placed.maxX + 0.5, placed.midY), (placed.midX, placed.minY - 1),
                       (placed.midX, placed.maxY + 0.5)] where Self.layerFrame.contains(Point(x: x, y: y)) {
            #expect(frame.has(.red, atX: Int(x * s), y: Int(y * s)), "outside at (\(x), \(y))")
        }
    }

    @Test func contentsOverflowingTheBoundsAreClippedOnlyWithMasksToBounds() throws {
        let image = try solidImage(width: 80, height: 10, .green)
        let overflowing = try render(contents: image, scale: 1) { $0.contentsGravity = .center }
        #expect(overflowing.has(.green, atX: 12, y: 50))
        let clipped = try render(contents: image, scale: 1) {
            $0.contentsGravity = .center
            $0.masksToBounds = true
        }
        #expect(clipped.has(.white, atX: 12, y: 50) && clipped.has(.green, atX: 22, y: 50))
    }

    @Test func contentsScaleGivesTheNaturalSize() throws {
        let image = try solidImage(width: 20, height: 20, .green)
        let frame = try render(contents: image, scale: 1) {
            $0.contentsGravity = .topLeft
            $0.contentsScale = 2
        }
        #expect(frame.has(.green, atX: 29, y: 29) && frame.has(.red, atX: 30, y: 25))
    }

    @Test func contentsRectShowsOnlyItsPartOfTheImage() throws {
        let image = try splitImage(width: 20, height: 10, split: 10, .green, .blue)
        let frame = try render(contents: image, scale: 1) {
            $0.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        }
        #expect(frame.has(.blue, atX: 21, y: 21) && frame.has(.blue, atX: 78, y: 78))
    }

    @Test func aContentsRectOutsideTheImageShowsNothing() throws {
        let image = try solidImage(width: 20, height: 10, .green)
        let frame = try render(contents: image, scale: 1) {
            $0.contentsRect = Rect(x: 2, y: 2, width: 1, height: 1)
        }
        #expect(frame.has(.red, atX: 50, y: 50))
    }

    @Test(arguments: [1.0, 2.0])
    func contentsCenterStretchesOnlyTheMiddle(scale: Double) throws {
        // 30×30 px: a 10 px green frame around a blue middle.
        let image = try GraphicsContext.makeImage(width: 30, height: 30) { context in
            context.fillColor = .green
            context.fill(context.bounds)
            context.fillColor = .blue
            context.fill(Rect(x: 10, y: 10, width: 10, height: 10))
        }
        let frame = try render(contents: image, scale: scale) {
            $0.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        }
        let s = scale
        func at(_ x: Double, _ y: Double) -> Color { frame.pixel(x: Int(x * s), y: Int(y * s)) }
        // Corners and edges stay 10 points thick; the middle stretches to fill the other 40.
        #expect(close(at(25, 25), .green) && close(at(29.5, 50), .green) && close(at(75, 75), .green))
        #expect(close(at(30, 50), .blue) && close(at(50, 30), .blue) && close(at(69.5, 69.5), .blue))
        #expect(close(at(50, 75), .green) && close(at(75, 50), .green))
    }
}
