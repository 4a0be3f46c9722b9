import Foundation
import LaminaGraphics
import LaminaTesting
import Testing

@Suite("The Image snapshot strategy and pixel assertions")
struct ImageSnapshotStrategyTests {
    /// A 10×10 image: white, with a red square at (2, 2, 4×4) and a half-transparent blue pixel.
    func picture(redSquareAt x: Double = 2, changedPixels: Int = 0) throws -> Image {
        try GraphicsContext.makeImage(width: 10, height: 10) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            context.fillColor = .red
            context.fill(Rect(x: x, y: 2, width: 4, height: 4))
            context.clear(Rect(x: 9, y: 9, width: 1, height: 1))
            context.fillColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            context.fill(Rect(x: 9, y: 9, width: 1, height: 1))
            context.fillColor = .black
            for index in 0..<changedPixels { context.fill(Rect(x: Double(index), y: 8, width: 1, height: 1)) }
        }
    }

    @Test("an image matches its own PNG round trip exactly, semi-transparent pixels included")
    func roundTripMatches() throws {
        let diffing = Snapshotting<Image, Image>.image.diffing
        let image = try picture()
        let reference = diffing.fromData(diffing.toData(image))
        #expect(diffing.diffV2(reference, image) == nil)
        #expect(reference.pixel(x: 9, y: 9) ≈ Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    @Test("a moved shape fails with the count, the bounds and a difference picture in red")
    func movedShapeFails() throws {
        let diffing = Snapshotting<Image, Image>.image.diffing
        let reference = diffing.fromData(diffing.toData(try picture()))
        let failure = try #require(diffing.diffV2(reference, try picture(redSquareAt: 3)))
        #expect(failure.0.contains("8 of 100 pixels differ"))
        #expect(failure.0.contains("(2, 2, 5×4)"))
        let path = try #require(failure.0.split(separator: "\n").last?.split(separator: ": ").last.map(String.init))
        let picture = try ImageDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(picture.pixel(x: 2, y: 3) == .red)
        #expect(picture.pixel(x: 4, y: 3) != .red)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("the tolerance allows small channel moves and a share of differing pixels")
    func tolerance() throws {
        let reference = try picture()
        let changed = try picture(changedPixels: 3)
        #expect(Snapshotting<Image, Image>.image(tolerance: ImageTolerance(maximumDifferingFraction: 0.03)).diffing.diffV2(reference, changed) == nil)
        #expect(Snapshotting<Image, Image>.image(tolerance: ImageTolerance(maximumDifferingFraction: 0.02)).diffing.diffV2(reference, changed) != nil)
        let difference = ImageDifference(between: changed, and: reference, perChannel: 0)
        #expect(difference.differingPixelCount == 3 && difference.largestChannelDifference == 255)
        #expect(ImageDifference(between: changed, and: reference, perChannel: 255).differingPixelCount == 0)
        #expect(ImageTolerance(perChannel: 900, maximumDifferingFraction: .nan) == ImageTolerance(perChannel: 255))
    }

    @Test("images of different sizes never match, and an unreadable reference fails instead of crashing")
    func sizeMismatch() throws {
        let diffing = Snapshotting<Image, Image>.image.diffing
        let small = try GraphicsContext.makeImage(width: 4, height: 4) { _ in }
        let failure = try #require(diffing.diffV2(small, try picture()))
        #expect(failure.0.contains("10×10") && failure.0.contains("4×4"))
        let garbage = diffing.fromData(Data("not a png".utf8))
        #expect(diffing.diffV2(garbage, try picture()) != nil)
    }

    @Test("≈ compares premultiplied components within two 8-bit steps")
    func approximateColours() {
        #expect(Color(red: 1, green: 0, blue: 0) ≈ Color(red: 254.0 / 255, green: 1.0 / 255, blue: 0))
        #expect(!(Color(red: 1, green: 0, blue: 0) ≈ Color(red: 0.9, green: 0, blue: 0)))
        #expect(Color(red: 1, green: 0, blue: 0, alpha: 0.001) ≈ Color(red: 0, green: 1, blue: 0, alpha: 0.001))
        #expect(Color.red.isApproximatelyEqual(to: Color(red: 0.9, green: 0, blue: 0), tolerance: 0.11))
    }
}
