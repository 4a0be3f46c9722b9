import Foundation
import LaminaGraphics
import LaminaTesting
import Testing

@Suite("ImageDecoder: PNG and JPEG into cairo's layout")
struct ImageDecoderTests {
    @Test("every fixture decodes to its declared size, RGB24 unless it has alpha",
          arguments: DecoderFixtures.decodable)
    func decodesEveryFixture(name: String) throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data(name))
        let expectedSize = name == "gray16.png" ? (16, 16) : (48, 32)
        #expect((image.width, image.height) == expectedSize)
        let hasAlpha = ["rgba.png", "palette-trns.png", "gray-alpha.png", "rgba16.png"].contains(name)
        #expect(image.format == (hasAlpha ? .argb32Premultiplied : .rgb24))
    }

    @Test("known colours land at known pixels in PNG, interlaced PNG, 16-bit and JPEG",
          arguments: ["rgb.png", "interlaced.png", "baseline.jpg", "progressive.jpg", "subsampled-420.jpg"])
    func knownColours(name: String) throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data(name))
        let tolerance = name.hasSuffix(".jpg") ? 0.08 : 0.5 / 255
        #expect(image.pixel(x: 3, y: 3).isApproximatelyEqual(to: .red, tolerance: tolerance))
        #expect(image.pixel(x: 44, y: 3).isApproximatelyEqual(to: .blue, tolerance: tolerance))
        // The gradient: red x·5, green y·8, blue x·y.
        let expected = Color(red: 20 * 5 / 255.0, green: 20 * 8 / 255.0, blue: Double(20 * 20 % 256) / 255)
        #expect(image.pixel(x: 20, y: 20).isApproximatelyEqual(to: expected, tolerance: tolerance))
    }

    @Test("alpha is premultiplied: half-transparent pixels keep their colour, transparent ones are clear")
    func premultipliedAlpha() throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("rgba.png"))
        let half = image.pixel(x: 44, y: 3)
        #expect(abs(half.alpha - 128.0 / 255) < 1e-9)
        #expect(half.isApproximatelyEqual(to: Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)))
        #expect(image.rawPixel(x: 44, y: 3) == 0x8000_0080)  // blue 255 × 128/255 = 128
        #expect(image.rawPixel(x: 44, y: 28) == 0)
        #expect(image.pixel(x: 3, y: 3) == .red)
        let sixteenBit = try ImageDecoder.decode(try DecoderFixtures.data("rgba16.png"))
        #expect(sixteenBit == image, "16-bit channels c·257 strip back to c exactly")
    }

    @Test("palette tRNS, grey and grey+alpha expand to colour")
    func expansions() throws {
        let palette = try ImageDecoder.decode(try DecoderFixtures.data("palette-trns.png"))
        let alphas = Set((0..<48).flatMap { x in (0..<32).map { y in palette.rawPixel(x: x, y: y) >> 24 } })
        #expect(alphas == [0, 255], "palette entry 0 is transparent, the rest opaque")
        let gray = try ImageDecoder.decode(try DecoderFixtures.data("gray16.png"))
        #expect(gray.rawPixel(x: 5, y: 5) == 0xFF9C_9C9C)  // stripping keeps the high byte: 40000 >> 8 = 156
        let grayJPEG = try ImageDecoder.decode(try DecoderFixtures.data("gray.jpg"))
        let pixel = grayJPEG.rawPixel(x: 30, y: 20)
        #expect((pixel >> 16) & 0xFF == pixel & 0xFF && (pixel >> 8) & 0xFF == pixel & 0xFF)
    }

    @Test("Adobe CMYK JPEGs are converted to RGB")
    func cmyk() throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("cmyk.jpg"))
        #expect(image.pixel(x: 3, y: 3).isApproximatelyEqual(to: .red, tolerance: 0.1))
        #expect(image.pixel(x: 44, y: 3).isApproximatelyEqual(to: .blue, tolerance: 0.1))
    }

    @Test("the scale sets the size in points")
    func scale() throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("rgb.png"), scale: 2)
        #expect(image.scale == 2 && image.size == Size(width: 24, height: 16))
    }

    @Test("JPEG decodes at the smallest DCT scale still covering the requested size, then fits it",
          arguments: [(48, 48, 32), (24, 24, 16), (20, 20, 13), (6, 6, 4), (1, 1, 1), (100, 48, 32)])
    func jpegDownscale(maximum: Int, expectedWidth: Int, expectedHeight: Int) throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("baseline.jpg"), maximumPixelSize: maximum)
        #expect(image.width == expectedWidth && image.height == expectedHeight)
        #expect(image.format == .rgb24)
    }

    @Test("the DCT scale is chosen in eighths, the smallest at least the target")
    func dctScaleChoice() {
        #expect(ImageDecoder.dctScaleForTesting(width: 4000, height: 3000, fitting: 500) == 1)
        #expect(ImageDecoder.dctScaleForTesting(width: 4000, height: 3000, fitting: 501) == 2)
        #expect(ImageDecoder.dctScaleForTesting(width: 4000, height: 3000, fitting: 3000) == 6)
        #expect(ImageDecoder.dctScaleForTesting(width: 4000, height: 3000, fitting: nil) == 8)
    }

    @Test("PNG is resampled to fit a maximum size, alpha kept")
    func pngDownscale() throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("rgba.png"), maximumPixelSize: 12)
        #expect(image.width == 12 && image.height == 8)
        #expect(image.format == .argb32Premultiplied)
        #expect(image.pixel(x: 0, y: 0).isApproximatelyEqual(to: .red, tolerance: 0.05))
    }

    @Test("Image.scaled resamples to any size and refuses impossible ones")
    func scaling() throws {
        let image = try ImageDecoder.decode(try DecoderFixtures.data("rgb.png"))
        let bigger = try image.scaled(toPixelWidth: 96, height: 64)
        #expect(bigger.width == 96 && bigger.format == .rgb24 && bigger.scale == image.scale)
        #expect(bigger.pixel(x: 4, y: 4) == .red)
        #expect(throws: GraphicsError.self) { try image.scaled(toPixelWidth: 0, height: 4) }
        #expect(throws: GraphicsError.self) { try image.scaled(toPixelWidth: 40000, height: 4) }
    }

    @Test("decoding on eight threads at once gives the same images")
    func concurrentDecoding() async throws {
        let inputs = try DecoderFixtures.decodable.map { try DecoderFixtures.data($0) }
        let reference = try inputs.map { try ImageDecoder.decode($0) }
        let results = await withTaskGroup(of: [Image?].self) { group in
            for _ in 0..<8 {
                group.addTask { inputs.map { try? ImageDecoder.decode($0) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == reference.map { Optional($0) }) }
    }
}
