import CLaminaShims
import Foundation

extension ImageDecoder {
    /// What an image's header declares, read without decoding a pixel.
    public struct Header: Sendable, Hashable {
        /// The container format.
        public enum Format: Sendable, Hashable {
            /// PNG.
            case png
            /// JPEG.
            case jpeg
        }

        /// The format the magic bytes name.
        public var format: Format
        /// The declared width, in pixels.
        public var width: Int
        /// The declared height, in pixels.
        public var height: Int
    }

    /// Reads the format and pixel size an image declares in its header, without decoding and
    /// without allocating for pixels — what an aspect-fill thumbnail needs to compute its
    /// `maximumPixelSize` before ``decode(_:limits:maximumPixelSize:scale:)``. Any thread.
    ///
    /// Only the header is read: a file whose header is sound but whose pixel data is damaged
    /// passes here and fails at decoding. The size is not checked against any ``Limits`` (a
    /// header may declare 100,000 × 100,000; the caller decides what to do with that).
    ///
    /// - Throws: ``ImageDecodingError/empty``, ``ImageDecodingError/unsupportedFormat``, or
    ///   ``ImageDecodingError/corrupt(_:)`` for a truncated or malformed header.
    public static func header(of data: Data) throws(ImageDecodingError) -> Header {
        guard !data.isEmpty else { throw .empty }
        var header = lamina_image_header()
        let status = data.withUnsafeBytes { bytes in
            lamina_image_read_header(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &header)
        }
        switch status {
        case LAMINA_CODEC_OK: break
        case LAMINA_CODEC_UNSUPPORTED: throw .unsupportedFormat
        default: throw .corrupt("the image header is truncated or malformed")
        }
        return Header(format: header.format == LAMINA_IMAGE_JPEG ? .jpeg : .png,
                      width: Int(header.width), height: Int(header.height))
    }

    /// The pixel size an image declares in its header (see ``header(of:)``). Any thread.
    public static func pixelSize(of data: Data) throws(ImageDecodingError) -> (width: Int, height: Int) {
        let header = try header(of: data)
        return (header.width, header.height)
    }

    /// The `maximumPixelSize` that decodes an image of `pixelWidth` × `pixelHeight` no larger
    /// than needed to cover `size` points at `scale` with aspect-fill (the shorter side fills, the
    /// longer overflows), or fit inside it with aspect-fit. Nil when the image is already no
    /// larger than that (decode at full size), or when a size is not positive and finite.
    public static func maximumPixelSize(forPixelWidth pixelWidth: Int, pixelHeight: Int, toCover size: Size,
                                        scale: Double, fill: Bool = true) -> Int? {
        guard pixelWidth > 0, pixelHeight > 0, scale.isFinite, scale > 0,
              size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        let targetWidth = size.width * scale, targetHeight = size.height * scale
        let widthFactor = targetWidth / Double(pixelWidth), heightFactor = targetHeight / Double(pixelHeight)
        let factor = fill ? max(widthFactor, heightFactor) : min(widthFactor, heightFactor)
        guard factor < 1 else { return nil }
        let longest = Double(max(pixelWidth, pixelHeight)) * factor
        return max(1, Int(longest.rounded(.up)))
    }
}
