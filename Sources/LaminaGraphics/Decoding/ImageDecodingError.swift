/// Why ``ImageDecoder`` could not make an image. Image bytes are outside data, so every failure
/// is one of these, never a crash.
public enum ImageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There were no bytes.
    case empty
    /// The bytes start like neither PNG nor JPEG.
    case unsupportedFormat
    /// The data is damaged or truncated; carries libpng's or libjpeg's own message (or Lamina's,
    /// for a header it could not read).
    case corrupt(String)
    /// The header declares more pixels than the limits allow; refused before decoding.
    case tooLarge(width: Int, height: Int, limits: ImageDecoder.Limits)
    /// A decoding option is out of range: a scale that is not positive and finite, or a maximum
    /// pixel size below 1.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .empty: "no image data"
        case .unsupportedFormat: "not a PNG or JPEG image"
        case let .corrupt(message): "corrupt image: \(message)"
        case let .tooLarge(width, height, limits):
            "image of \(width)×\(height) pixels is over the limits (\(limits))"
        case let .invalidOption(message): "invalid decoding option: \(message)"
        }
    }
}
