import Foundation
import LaminaGraphics

/// How large an ``ImageLoader`` decodes an image: the pixel cap is worked out from the image's
/// own header (``/LaminaGraphics/ImageDecoder/header(of:)``) on the decoding queue, so an
/// aspect-fill thumbnail decodes no larger than it shows, whatever shape the image has.
public enum ImageSizing: Hashable, Sendable {
    /// Full size.
    case original
    /// The longest side at most this many pixels, aspect kept.
    case maximumPixelSize(Int)
    /// Just large enough to cover `width` × `height` pixels with aspect kept (aspect-fill and
    /// scale-to-fill views): the shorter side fits, the longer overflows.
    case covering(width: Int, height: Int)
    /// Just large enough to fit inside `width` × `height` pixels with aspect kept (aspect-fit).
    case fitting(width: Int, height: Int)

    /// The `maximumPixelSize` to decode an image of `width` × `height` pixels with; nil for full
    /// size.
    public func maximumPixelSize(forImageWidth width: Int, height: Int) -> Int? {
        switch self {
        case .original:
            return nil
        case let .maximumPixelSize(size):
            return max(1, size)
        case let .covering(targetWidth, targetHeight), let .fitting(targetWidth, targetHeight):
            let fill: Bool = if case .covering = self { true } else { false }
            return ImageDecoder.maximumPixelSize(
                forPixelWidth: width, pixelHeight: height,
                toCover: Size(width: Double(max(1, targetWidth)), height: Double(max(1, targetHeight))),
                scale: 1, fill: fill)
        }
    }

    var traceDescription: String {
        switch self {
        case .original: "original"
        case let .maximumPixelSize(size): "max \(size) px"
        case let .covering(width, height): "cover \(width)×\(height) px"
        case let .fitting(width, height): "fit \(width)×\(height) px"
        }
    }
}
