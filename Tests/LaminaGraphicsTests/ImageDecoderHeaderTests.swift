import Foundation
import LaminaGraphics
import Testing

@Suite("ImageDecoder.header(of:): the declared size, without decoding")
struct ImageDecoderHeaderTests {
    @Test("every fixture's header gives its format and the size it decodes to",
          arguments: DecoderFixtures.decodable)
    func headerMatchesDecodedSize(name: String) throws {
        let data = try DecoderFixtures.data(name)
        let header = try ImageDecoder.header(of: data)
        let image = try ImageDecoder.decode(data)
        #expect((header.width, header.height) == (image.width, image.height))
        #expect(header.format == (name.hasSuffix(".png") ? .png : .jpeg))
        #expect(try ImageDecoder.pixelSize(of: data) == (image.width, image.height))
    }

    @Test("a header declaring 100,000 × 100,000 is read, and decoding it is still refused")
    func hugeHeaderIsReadNotDecoded() throws {
        let data = try DecoderFixtures.data("huge-header.png")
        #expect(try ImageDecoder.pixelSize(of: data) == (100_000, 100_000))
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data) }
    }

    @Test("empty, foreign and truncated bytes are typed errors")
    func badHeaders() throws {
        #expect(throws: ImageDecodingError.empty) { try ImageDecoder.header(of: Data()) }
        #expect(throws: ImageDecodingError.unsupportedFormat) {
            try ImageDecoder.header(of: Data("<html>not an image</html>".utf8))
        }
        let png = try DecoderFixtures.data("rgb.png")
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.header(of: png.prefix(12)) }
    }

    @Test("the cap for aspect-fill covers the target's shorter side; aspect-fit fits the longer")
    func maximumPixelSizeForFillAndFit() {
        // 4000 × 2000 into 100 × 100 points at 2×: fill needs height 200 → width 400 → cap 400.
        #expect(ImageDecoder.maximumPixelSize(forPixelWidth: 4000, pixelHeight: 2000,
                                              toCover: Size(width: 100, height: 100), scale: 2) == 400)
        #expect(ImageDecoder.maximumPixelSize(forPixelWidth: 4000, pixelHeight: 2000,
                                              toCover: Size(width: 100, height: 100), scale: 2, fill: false) == 200)
        // Already small enough: decode at full size.
        #expect(ImageDecoder.maximumPixelSize(forPixelWidth: 50, pixelHeight: 50,
                                              toCover: Size(width: 100, height: 100), scale: 1) == nil)
        #expect(ImageDecoder.maximumPixelSize(forPixelWidth: 50, pixelHeight: 50,
                                              toCover: Size(width: .nan, height: 100), scale: 1) == nil)
    }
}
