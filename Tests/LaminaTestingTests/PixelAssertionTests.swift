import LaminaGraphics
import LaminaTesting
import XCTest

/// `assertPixel` reads the pixel under a point at the image's scale, and says what it found.
final class PixelAssertionTests: XCTestCase {
    /// 4×2 points at scale 2: the left half red, the right half blue, one green pixel at (5, 1).
    private func image() throws -> Image {
        try GraphicsContext.makeImage(width: 4, height: 2, scale: 2) { context in
            context.fillColor = .red
            context.fill(Rect(x: 0, y: 0, width: 2, height: 2))
            context.fillColor = .blue
            context.fill(Rect(x: 2, y: 0, width: 2, height: 2))
            context.fillColor = Color(red: 0, green: 1, blue: 0)
            context.fill(Rect(x: 2.5, y: 0.5, width: 0.5, height: 0.5))
        }
    }

    func test_aMatchingPixelPassesAtTheImagesScale() throws {
        let image = try image()
        assertPixel(image, atPoint: Point(x: 1, y: 1), equals: .red)
        assertPixel(image, atPoint: Point(x: 3.9, y: 1.9), equals: .blue)
        assertPixel(image, atPoint: Point(x: 2.5, y: 0.5), equals: Color(red: 0, green: 1, blue: 0))
        XCTAssertNil(pixelMismatch(in: image, atPoint: Point(x: 2.6, y: 0.7), expected: Color(red: 0, green: 1, blue: 0)),
                     "(2.6, 0.7) pt is pixel (5, 1) at scale 2")
        XCTAssertNil(pixelMismatch(in: image, atPoint: Point(x: 0, y: 0),
                                   expected: Color(red: 0.99, green: 0, blue: 0), tolerance: 3.0 / 255))
    }

    func test_aDifferentPixelFailsNamingThePointThePixelAndBothColours() throws {
        let message = pixelMismatch(in: try image(), atPoint: Point(x: 3, y: 0.5), expected: .red)
        XCTAssertEqual(message, "pixel at (3, 0.5) pt (pixel (6, 1) at scale 2) is #0000FFFF, expected #FF0000FF "
                       + "(tolerance 2 of 255 per channel)")
    }

    func test_aPointOutsideTheImageOrNotFiniteFails() throws {
        let image = try image()
        XCTAssertEqual(pixelMismatch(in: image, atPoint: Point(x: 4, y: 0), expected: .blue),
                       "point (4, 0) pt is outside the 4×2 pt image (scale 2)")
        XCTAssertEqual(pixelMismatch(in: image, atPoint: Point(x: -0.1, y: 0), expected: .red),
                       "point (-0.1, 0) pt is outside the 4×2 pt image (scale 2)")
        XCTAssertEqual(pixelMismatch(in: image, atPoint: Point(x: .nan, y: 0), expected: .red),
                       "point (nan, 0) pt is not finite")
    }
}
