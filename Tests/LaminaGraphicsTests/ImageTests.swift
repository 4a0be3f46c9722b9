import Foundation
import LaminaGraphics
import Testing

@Suite("Image: pixels in cairo's layout, shared without copying")
struct ImageTests {
    /// A 4×3 ARGB32 image whose pixel (x, y) is red x·60, green y·80, opaque.
    func gradientImage(scale: Double = 1) throws -> Image {
        try Image(width: 4, height: 3, scale: scale, format: .argb32Premultiplied) { pixels, bytesPerRow in
            for y in 0..<3 {
                for x in 0..<4 {
                    let pixel = UInt32(0xFF00_0000) | UInt32(x * 60) << 16 | UInt32(y * 80) << 8
                    pixels.storeBytes(of: pixel, toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
    }

    @Test("size in points is pixels divided by scale")
    func sizeInPoints() throws {
        let image = try gradientImage(scale: 2)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.size == Size(width: 2, height: 1.5))
        #expect(image.bytesPerRow >= 16)
    }

    @Test("pixel(x:y:) reads what the initializer wrote, un-premultiplied")
    func pixelReadsBack() throws {
        let image = try gradientImage()
        #expect(image.rawPixel(x: 2, y: 1) == 0xFF78_5000)
        #expect(image.pixel(x: 3, y: 2) == Color(red: 180.0 / 255, green: 160.0 / 255, blue: 0))
    }

    @Test("a half-transparent premultiplied pixel reads back as its straight colour")
    func premultipliedPixel() throws {
        let image = try Image(width: 1, height: 1, format: .argb32Premultiplied) { pixels, _ in
            pixels.storeBytes(of: Color(red: 1, green: 0, blue: 0, alpha: 0.5).premultipliedARGB32, as: UInt32.self)
        }
        #expect(image.rawPixel(x: 0, y: 0) == 0x8080_0000)
        let color = image.pixel(x: 0, y: 0)
        #expect(color.red == 1 && color.green == 0 && abs(color.alpha - 128.0 / 255) < 1e-12)
    }

    @Test("RGB24 pixels read back opaque whatever the unused byte holds")
    func rgb24IsOpaque() throws {
        let image = try Image(width: 1, height: 1, format: .rgb24) { pixels, _ in
            pixels.storeBytes(of: UInt32(0x0000_FF00), as: UInt32.self)
        }
        #expect(image.isOpaque)
        #expect(image.pixel(x: 0, y: 0) == .green)
    }

    @Test("zero, negative and oversized dimensions and bad scales throw typed errors",
          arguments: [(0, 1, 1.0), (1, 0, 1.0), (-5, 3, 1.0), (32768, 1, 1.0), (1, 1, 0.0),
                      (1, 1, -2.0), (1, 1, .nan), (1, 1, .infinity)])
    func invalidDimensions(width: Int, height: Int, scale: Double) {
        #expect(throws: GraphicsError.self) {
            _ = try Image(width: width, height: height, scale: scale, format: .argb32Premultiplied) { _, _ in }
        }
    }

    @Test("cropping shares pixels and reads the same colours at shifted coordinates")
    func cropping() throws {
        let image = try gradientImage(scale: 2)
        let crop = try #require(image.cropped(to: Rect(x: 0.5, y: 0.5, width: 1, height: 1)))
        #expect(crop.width == 2 && crop.height == 2 && crop.scale == 2)
        #expect(crop.rawPixel(x: 0, y: 0) == image.rawPixel(x: 1, y: 1))
        #expect(crop.rawPixel(x: 1, y: 1) == image.rawPixel(x: 2, y: 2))
    }

    @Test("cropping outside the image, to nothing, or to NaN gives nil")
    func croppingOutside() throws {
        let image = try gradientImage()
        #expect(image.cropped(to: Rect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(image.cropped(to: .null) == nil)
        #expect(image.cropped(to: Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(image.cropped(toPixels: Rect(x: 1, y: 1, width: 0, height: 2)) == nil)
    }

    @Test("equality compares pixels, not storage")
    func equality() throws {
        let a = try gradientImage(), b = try gradientImage()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != (try gradientImage(scale: 2)))
        #expect(a.cropped(toPixels: Rect(x: 0, y: 0, width: 2, height: 2))
                != a.cropped(toPixels: Rect(x: 1, y: 0, width: 2, height: 2)))
    }

    @Test("identity is one bitmap, not equal pixels")
    func identity() throws {
        let a = try gradientImage(), b = try gradientImage()
        let copy = a
        #expect(a.isIdentical(to: copy))
        #expect(!a.isIdentical(to: b), "equal pixels in other memory")
        let whole = try #require(a.cropped(toPixels: Rect(x: 0, y: 0, width: 4, height: 3)))
        let part = try #require(a.cropped(toPixels: Rect(x: 1, y: 0, width: 2, height: 2)))
        #expect(!a.isIdentical(to: part), "a crop shares memory but is another view of it")
        #expect(part.isIdentical(to: try #require(a.cropped(toPixels: Rect(x: 1, y: 0, width: 2, height: 2)))))
        #expect(whole == a)
    }

    @Test("PNG data starts with the PNG signature")
    func pngData() throws {
        let data = try gradientImage().pngData()
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}
