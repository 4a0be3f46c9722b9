import CLaminaShims
import Foundation

/// Decodes PNG and JPEG bytes into an ``Image`` in cairo's layout — libpng and libjpeg-turbo
/// writing straight into the image's memory: JPEG as RGB24 (`JCS_EXT_BGRX`), PNG with alpha as
/// premultiplied ARGB32, PNG without as RGB24.
///
/// The format comes from the first bytes, never from a file name. The declared size is read by
/// Lamina's own parsing of the header and checked against ``Limits`` before either library
/// allocates anything. Safe on any thread, and on many threads at once: the decoders keep no
/// global state.
///
/// ```swift
/// let image = try ImageDecoder.decode(data)                                  // full size
/// let thumbnail = try ImageDecoder.decode(data, maximumPixelSize: 256, scale: 2)
/// ```
public enum ImageDecoder {
    /// Decodes `data`.
    ///
    /// - Parameters:
    ///   - data: the bytes of a PNG or JPEG file, whole.
    ///   - limits: the largest declared size accepted.
    ///   - maximumPixelSize: when set, the result's longest side is at most this many pixels,
    ///     aspect kept. JPEG decodes at the smallest DCT scale (n/8) that is still at least that
    ///     large, which costs a fraction of a full decode; whatever is still too large is
    ///     resampled with cairo's `GOOD` filter.
    ///   - scale: pixels per point of the result (2 for a 2× asset).
    /// - Throws: ``ImageDecodingError``: empty data, an unknown format, a corrupt or truncated
    ///   file (with libpng's or libjpeg's message), a size over `limits`, or a bad option.
    public static func decode(_ data: Data, limits: Limits = .default, maximumPixelSize: Int? = nil,
                              scale: Double = 1) throws(ImageDecodingError) -> Image {
        guard !data.isEmpty else { throw .empty }
        guard scale.isFinite, scale > 0 else { throw .invalidOption("scale \(scale) is not positive and finite") }
        if let maximumPixelSize, maximumPixelSize < 1 {
            throw .invalidOption("maximum pixel size \(maximumPixelSize) is below 1")
        }
        let decoded = data.withUnsafeBytes { bytes in
            Result { () throws(ImageDecodingError) -> Image in
                try decode(bytes, limits: limits, maximumPixelSize: maximumPixelSize, scale: scale)
            }
        }
        let image = try decoded.get()
        return try fit(image, within: maximumPixelSize)
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, limits: Limits, maximumPixelSize: Int?,
                               scale: Double) throws(ImageDecodingError) -> Image {
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var header = lamina_image_header()
        switch lamina_image_read_header(base, bytes.count, &header) {
        case LAMINA_CODEC_OK: break
        case LAMINA_CODEC_UNSUPPORTED: throw .unsupportedFormat
        default: throw .corrupt("the image header is truncated or malformed")
        }
        let width = Int(header.width), height = Int(header.height)
        guard limits.allow(width: width, height: height) else {
            throw .tooLarge(width: width, height: height, limits: limits)
        }
        if header.format == LAMINA_IMAGE_JPEG {
            let eighths = dctScale(width: width, height: height, fitting: maximumPixelSize)
            return try makeImage(width: (width * eighths + 7) / 8, height: (height * eighths + 7) / 8,
                                 scale: scale, format: .rgb24, limits: limits) { pixels, bytesPerRow, message in
                lamina_jpeg_decode(base, bytes.count, UInt32(eighths), pixels, bytesPerRow, UInt32((width * eighths + 7) / 8),
                                   UInt32((height * eighths + 7) / 8), message, messageCapacity)
            }
        }
        let hasAlpha = header.has_alpha != 0
        return try makeImage(width: width, height: height, scale: scale,
                             format: hasAlpha ? .argb32Premultiplied : .rgb24, limits: limits) { pixels, bytesPerRow, message in
            lamina_png_decode(base, bytes.count, pixels, bytesPerRow, UInt32(width), UInt32(height),
                              hasAlpha ? 1 : 0, message, messageCapacity)
        }
    }

    private static let messageCapacity = 256

    /// Makes the image and lets `decodeInto` fill its memory, turning a failure into
    /// ``ImageDecodingError/corrupt(_:)`` with the library's message.
    private static func makeImage(
        width: Int, height: Int, scale: Double, format: Image.Format, limits: Limits,
        _ decodeInto: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<CChar>) -> Int32
    ) throws(ImageDecodingError) -> Image {
        var message = [CChar](repeating: 0, count: messageCapacity)
        var status = LAMINA_CODEC_OK
        let image: Image
        do {
            image = try Image(width: width, height: height, scale: scale, format: format) { pixels, bytesPerRow in
                status = decodeInto(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow, &message)
            }
        } catch {
            // Only a size cairo cannot hold gets here (limits raised past 32767 a side).
            throw .tooLarge(width: width, height: height, limits: limits)
        }
        guard status == LAMINA_CODEC_OK else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .corrupt(text.isEmpty ? "the decoder stopped without a message" : text)
        }
        return image
    }

    /// The JPEG DCT scale, in eighths, that decodes the fewest pixels while keeping the longest
    /// side at least `maximumPixelSize` (8, full size, when no size is asked for).
    static func dctScale(width: Int, height: Int, fitting maximumPixelSize: Int?) -> Int {
        guard let target = maximumPixelSize else { return 8 }
        let longest = max(width, height)
        return (1...8).first { (longest * $0 + 7) / 8 >= target } ?? 8
    }

    /// `image` resampled so its longest side is at most `maximumPixelSize`, aspect kept.
    private static func fit(_ image: Image, within maximumPixelSize: Int?) throws(ImageDecodingError) -> Image {
        guard let target = maximumPixelSize, max(image.width, image.height) > target else { return image }
        let factor = Double(target) / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * factor).rounded()))
        let height = max(1, Int((Double(image.height) * factor).rounded()))
        do {
            return try image.scaled(toPixelWidth: width, height: height)
        } catch {
            throw .invalidOption("cannot resample to \(width)×\(height): \(error)")
        }
    }
}

extension ImageDecoder {
    /// ``dctScale(width:height:fitting:)``, for tests.
    package static func dctScaleForTesting(width: Int, height: Int, fitting maximumPixelSize: Int?) -> Int {
        dctScale(width: width, height: height, fitting: maximumPixelSize)
    }
}
