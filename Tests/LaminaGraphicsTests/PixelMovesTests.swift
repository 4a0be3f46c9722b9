@testable import LaminaGraphics
import Testing

/// `GraphicsContext.movePixels(in:dx:dy:)`: the compositor's scroll copy.
@Suite struct PixelMovesTests {
    @Test(arguments: [(3, -2), (-4, 1), (0, 5), (2, 0), (-1, -3)], [true, false])
    func pixelsMoveInsideTheRegionAndTheRestStays(move: (dx: Int, dy: Int), opaque: Bool) throws {
        let context = try numberedContext(opaque: opaque)
        let region = Rect(x: 2, y: 1, width: 8, height: 7)
        context.movePixels(in: region, dx: move.dx, dy: move.dy)
        let image = context.makeImage()
        for y in 0..<10 {
            for x in 0..<12 {
                let (sx, sy) = (x - move.dx, y - move.dy)
                let inside = region.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let fromInside = region.contains(Point(x: Double(sx) + 0.5, y: Double(sy) + 0.5))
                let expected = inside && fromInside ? (sx, sy) : (x, y)
                #expect(numberedOrigin(of: image, x: x, y: y) == expected, "pixel (\(x), \(y)) after a move by \(move)")
            }
        }
    }

    @Test func regionsAreRoundedInwardsAndClippedToTheContext() throws {
        let context = try numberedContext()
        // Reaches outside the context on the left and bottom; fractional edges round inwards.
        context.movePixels(in: Rect(x: -5, y: 2.5, width: 10.4, height: 20), dx: 1, dy: 0)
        let image = context.makeImage()
        #expect(numberedOrigin(of: image, x: 1, y: 3) == (0, 3))
        #expect(numberedOrigin(of: image, x: 0, y: 3) == (0, 3), "nothing moves onto the first column")
        #expect(numberedOrigin(of: image, x: 1, y: 2) == (1, 2), "row 2 is only half inside: it stays")
        #expect(numberedOrigin(of: image, x: 5, y: 9) == (5, 9), "column 5 is only partly inside: it stays")
        #expect(numberedOrigin(of: image, x: 4, y: 9) == (3, 9))
    }

    @Test func emptyNonFiniteAndNullMovesChangeNothing() throws {
        let context = try numberedContext(opaque: false)
        let before = context.makeImage()
        context.movePixels(in: Rect(x: 0, y: 0, width: 12, height: 10), dx: 0, dy: 0)
        context.movePixels(in: Rect(x: 0, y: 0, width: 12, height: 10), dx: 40, dy: 0)
        context.movePixels(in: Rect(x: .nan, y: 0, width: 5, height: 5), dx: 1, dy: 1)
        context.movePixels(in: .null, dx: 1, dy: 1)
        context.movePixels(in: Rect(x: 20, y: 20, width: 5, height: 5), dx: 1, dy: 1)
        #expect(context.makeImage() == before)
    }
}
