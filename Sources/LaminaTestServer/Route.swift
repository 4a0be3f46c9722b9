import Foundation

/// What the loopback server answers for one path, including the ways it misbehaves on purpose.
public enum Route: Sendable {
    /// `body` with a correct Content-Length and `contentType`, after `delay`.
    case bytes(Data, contentType: String = "image/png", delay: Duration = .zero)
    /// An error status with a short text body.
    case status(Int)
    /// Declares the whole of `body` in Content-Length, sends only its first `sentBytes`, and
    /// closes the connection.
    case truncated(Data, sentBytes: Int, contentType: String = "image/png")
    /// Declares `declaredLength` bytes in Content-Length (more than `body`), sends `body`, then
    /// keeps the connection open and silent: only the client's own deadline ends the wait.
    case lyingContentLength(Data, declaredLength: Int, contentType: String = "image/png")
    /// Sends `body` one byte at a time, `interval` apart (chunked encoding).
    case trickle(Data, interval: Duration, contentType: String = "image/png")
    /// Streams `totalBytes` bytes (chunked encoding, 64 KiB chunks, each written when the last
    /// one has left): a body larger than any limit, which the server never holds in memory.
    case huge(totalBytes: Int, contentType: String = "image/png")
    /// A gzip body (`Content-Encoding: gzip`) of about `decompressedBytes / 160` bytes that
    /// inflates to `decompressedBytes` zero bytes.
    case gzipBomb(decompressedBytes: Int, contentType: String = "image/png")
    /// A 302 to `location` (a path on this server or an absolute URL).
    case redirect(to: String)
}
