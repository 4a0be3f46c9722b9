import LaminaGraphics

/// Why an ``ImageLoader`` produced no image. Everything a server or a file can do wrong ends in
/// one of these, never a crash or a hang past the loader's deadline; nothing is cached for it.
public enum ImageLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is neither `file://` nor `http(s)://` with a host.
    case unsupportedURL(String)
    /// The connection or the file failed: refused, reset, closed before the body ended, a
    /// missing or unreadable file. Carries the underlying error's description.
    case transport(String)
    /// The server answered with a status other than 2xx (after following redirects).
    case httpStatus(Int)
    /// More redirects than allowed, or a redirect loop.
    case tooManyRedirects
    /// The body (after decompression) passed the byte limit while streaming; the fetch was cut
    /// off there.
    case tooLarge(limit: Int)
    /// The server said the body is not an image (its Content-Type), or the bytes are neither
    /// PNG nor JPEG.
    case notAnImage(contentType: String?)
    /// The bytes are an image the decoder refused: corrupt, truncated, or over the decoding
    /// limits (a header declaring 100,000 × 100,000 pixels).
    case decoding(ImageDecodingError)
    /// The request was cancelled (its last waiter lost interest).
    case cancelled
    /// The whole request took longer than the loader's deadline.
    case timedOut

    public var description: String {
        switch self {
        case let .unsupportedURL(url): "unsupported image URL: \(url)"
        case let .transport(message): "image transfer failed: \(message)"
        case let .httpStatus(code): "image request answered with HTTP status \(code)"
        case .tooManyRedirects: "image request redirected too many times"
        case let .tooLarge(limit): "image body is larger than \(limit) bytes"
        case let .notAnImage(contentType): "not an image (content type \(contentType ?? "none"))"
        case let .decoding(error): "image could not be decoded: \(error)"
        case .cancelled: "image load cancelled"
        case .timedOut: "image load timed out"
        }
    }
}
