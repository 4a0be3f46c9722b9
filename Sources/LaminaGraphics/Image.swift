import CCairo
import Foundation

/// An immutable bitmap in cairo's own pixel layout, safe to share between threads.
///
/// Pixels are 32 bits each in native byte order, rows ``bytesPerRow`` apart:
/// - ``Format/argb32Premultiplied``: alpha in the top byte, colour channels premultiplied by it
///   (`CAIRO_FORMAT_ARGB32`);
/// - ``Format/rgb24``: opaque, the top byte unused (`CAIRO_FORMAT_RGB24`), which composites
///   faster than ARGB32 and is what JPEG decoding and opaque layers produce.
///
/// ``width`` and ``height`` are pixels; ``size`` is points, `pixels / scale`, so a 2× image of
/// 40×40 pixels is 20×20 points. An image hands its bytes to cairo without copying
/// (`withCairoSurface(_:)`), and ``cropped(to:)`` shares them too. Two images are equal when
/// their dimensions, scale, format and visible pixels are equal.
public struct Image: Sendable, Hashable, CustomStringConvertible {
    /// How the 32 bits of a pixel are used.
    public enum Format: Sendable, Hashable, CustomStringConvertible {
        /// Premultiplied alpha, red, green, blue (cairo's ARGB32).
        case argb32Premultiplied
        /// Opaque red, green, blue; the top byte is ignored (cairo's RGB24).
        case rgb24

        var cairoFormat: cairo_format_t {
            switch self {
            case .argb32Premultiplied: CAIRO_FORMAT_ARGB32
            case .rgb24: CAIRO_FORMAT_RGB24
            }
        }

        public var description: String {
            switch self {
            case .argb32Premultiplied: "ARGB32"
            case .rgb24: "RGB24"
            }
        }
    }

    /// The largest width or height cairo can make a surface of.
    public static let maximumDimension = 32767

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Pixels per point: 2 for a 2× image.
    public let scale: Double
    /// How each pixel is stored.
    public let format: Format
    /// The distance in bytes from one row to the next (cairo's stride).
    public let bytesPerRow: Int

    let storage: PixelStorage
    /// Where pixel (0, 0) starts in `storage`; non-zero for a crop.
    let byteOffset: Int

    /// The size in points, `width / scale` by `height / scale`.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// Whether every pixel is fully opaque by construction (an RGB24 image).
    public var isOpaque: Bool { format == .rgb24 }

    /// The stride cairo uses for `width` pixels of `format`: 4 bytes per pixel, rounded up to
    /// cairo's row alignment.
    public static func bytesPerRow(forWidth width: Int, format: Format) -> Int {
        Int(cairo_format_stride_for_width(format.cairoFormat, Int32(clamping: width)))
    }

    /// Checks a pixel size and scale as every image and context does.
    static func validate(width: Int, height: Int, scale: Double) throws(GraphicsError) {
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    }

    /// Creates an image whose pixels `initializer` writes, in the layout described above, into
    /// fresh zero-filled memory of `bytesPerRow × height` bytes. The image is immutable once this
    /// returns.
    ///
    /// - Throws: ``GraphicsError`` for a size outside 1…``maximumDimension`` or a scale that is
    ///   not positive and finite; whatever `initializer` throws.
    public init<E: Error>(
        width: Int, height: Int, scale: Double = 1, format: Format,
        initializingPixels initializer: (_ pixels: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws(E) -> Void
    ) throws {
        try Image.validate(width: width, height: height, scale: scale)
        let bytesPerRow = Image.bytesPerRow(forWidth: width, format: format)
        let storage = PixelStorage(byteCount: bytesPerRow * height)
        storage.bytes.initializeMemory(as: UInt8.self, repeating: 0, count: storage.byteCount)
        try initializer(UnsafeMutableRawBufferPointer(start: storage.bytes, count: storage.byteCount), bytesPerRow)
        self.init(width: width, height: height, scale: scale, format: format,
                  bytesPerRow: bytesPerRow, storage: storage, byteOffset: 0)
    }

    /// Wraps storage that is already written. Nothing is validated: callers own the invariants.
    init(width: Int, height: Int, scale: Double, format: Format, bytesPerRow: Int,
         storage: PixelStorage, byteOffset: Int) {
        self.width = width
        self.height = height
        self.scale = scale
        self.format = format
        self.bytesPerRow = bytesPerRow
        self.storage = storage
        self.byteOffset = byteOffset
    }

    /// The raw 32-bit pixel at (`x`, `y`), counted in pixels from the top-left corner.
    ///
    /// - Precondition: the coordinates are inside the image, like an array index.
    public func rawPixel(x: Int, y: Int) -> UInt32 {
        precondition((0..<width).contains(x) && (0..<height).contains(y),
                     "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        let raw = storage.bytes.advanced(by: byteOffset + y * bytesPerRow + x * 4)
            .loadUnaligned(as: UInt32.self)
        return format == .rgb24 ? raw | 0xFF00_0000 : raw
    }

    /// The colour of the pixel at (`x`, `y`), in pixels from the top-left corner, with its
    /// premultiplication undone.
    ///
    /// - Precondition: the coordinates are inside the image, like an array index.
    public func pixel(x: Int, y: Int) -> Color {
        Color(premultipliedARGB32: rawPixel(x: x, y: y))
    }

    /// Calls `body` with the pixel bytes, `bytesPerRow × height` of them starting at pixel
    /// (0, 0). The bytes must not be written.
    public func withUnsafePixelBytes<R, E: Error>(
        _ body: (_ pixels: UnsafeRawBufferPointer, _ bytesPerRow: Int) throws(E) -> R
    ) throws(E) -> R {
        let count = (height - 1) * bytesPerRow + width * 4
        return try body(UnsafeRawBufferPointer(start: storage.bytes + byteOffset, count: count), bytesPerRow)
    }

    public var description: String {
        "Image(\(width)×\(height) px @\(scale.compactDescription)x, \(format))"
    }
}
