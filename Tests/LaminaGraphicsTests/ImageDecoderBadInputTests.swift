import Foundation
import LaminaGraphics
import Testing

@Suite("ImageDecoder on bad input: typed errors, never a crash")
struct ImageDecoderBadInputTests {
    @Test("empty data, unknown formats and bad options are refused up front")
    func upFront() throws {
        #expect(throws: ImageDecodingError.empty) { try ImageDecoder.decode(Data()) }
        #expect(throws: ImageDecodingError.unsupportedFormat) { try ImageDecoder.decode(Data("GIF89a…".utf8)) }
        #expect(throws: ImageDecodingError.unsupportedFormat) { try ImageDecoder.decode(Data([0x89, 0x50])) }
        let png = try DecoderFixtures.data("rgb.png")
        for scale in [0, -1, Double.nan, .infinity] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png, scale: scale) }
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png, maximumPixelSize: 0) }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png, maximumPixelSize: -5) }
    }

    @Test("headers declaring huge sizes are refused from the header", arguments: ["huge-header.png", "huge-header.jpg"])
    func hugeHeaders(name: String) throws {
        let data = try DecoderFixtures.data(name)
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data) }
        do {
            _ = try ImageDecoder.decode(data)
        } catch let ImageDecodingError.tooLarge(width, height, _) {
            #expect(width == (name.hasSuffix("png") ? 100_000 : 65_535) && height == width)
        }
    }

    @Test("limits are the caller's: a small limit refuses a small image")
    func limits() throws {
        let png = try DecoderFixtures.data("rgb.png")
        let tight = ImageDecoder.Limits(maximumDimension: 40, maximumPixelCount: 10_000)
        #expect(throws: ImageDecodingError.tooLarge(width: 48, height: 32, limits: tight)) {
            try ImageDecoder.decode(png, limits: tight)
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png, limits: .init(maximumDimension: 100, maximumPixelCount: 1_000)) }
    }

    @Test("every truncation of every fixture is an image or a typed error", arguments: DecoderFixtures.decodable)
    func truncations(name: String) throws {
        let data = try DecoderFixtures.data(name)
        var corrupt = 0
        for length in stride(from: 1, to: data.count, by: max(1, data.count / 97)) {
            do {
                _ = try ImageDecoder.decode(data.prefix(length))
            } catch {
                corrupt += 1
            }
        }
        #expect(corrupt > 0, "a truncated \(name) must not decode silently every time")
    }

    @Test("a truncated JPEG is reported as corrupt with libjpeg's message, not padded with grey")
    func truncatedJPEGMessage() throws {
        let data = try DecoderFixtures.data("baseline.jpg")
        #expect {
            try ImageDecoder.decode(data.prefix(data.count * 2 / 3))
        } throws: { error in
            guard case let ImageDecodingError.corrupt(message) = error else { return false }
            return message.localizedCaseInsensitiveContains("premature end") || message.localizedCaseInsensitiveContains("corrupt")
        }
    }

    @Test("a PNG with a damaged chunk reports libpng's message")
    func damagedPNGMessage() throws {
        var data = try DecoderFixtures.data("rgb.png")
        data[40] ^= 0xFF  // inside IDAT: the CRC no longer matches
        #expect {
            try ImageDecoder.decode(data)
        } throws: { error in
            guard case let ImageDecodingError.corrupt(message) = error else { return false }
            return !message.isEmpty
        }
    }

    @Test("random bytes after a valid magic are typed errors")
    func randomBytes() {
        var random = SeededRandom(seed: 0xBAD_BEEF)
        let magics: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF]]
        for index in 0..<500 {
            let tail = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let data = Data(magics[index % 2] + tail)
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data) }
        }
    }
}
