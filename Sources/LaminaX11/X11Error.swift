/// Why an X11 window could not be opened, or why it stopped.
public enum X11Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// No display name was given and `$DISPLAY` is unset or empty.
    case noDisplay
    /// The display name does not parse (`host:display.screen`, `:1`, `unix:0`…).
    case invalidDisplayName(String)
    /// The X server did not accept the connection: nothing listens there, or it refused us
    /// (authorisation). `reason` is xcb's.
    case connectionFailed(display: String, reason: String)
    /// The display name names a screen the server does not have.
    case noScreen(display: String)
    /// The screen's pixels are not 32-bit little-endian TrueColor with 8 bits per channel, the
    /// one layout frames are sent in (every X server of the last twenty years offers it at
    /// depth 24, Xvfb's default).
    case unsupportedVisual(depth: Int, bitsPerPixel: Int)
    /// The window's size in device pixels is not within 1…32767 a side.
    case invalidSize(width: Double, height: Double)
    /// The connection broke after it was opened (the server went away).
    case connectionLost(display: String)

    public var description: String {
        switch self {
        case .noDisplay: "no X display: DISPLAY is not set"
        case let .invalidDisplayName(name): "the X display name \"\(name)\" does not parse"
        case let .connectionFailed(display, reason): "cannot connect to X display \(display): \(reason)"
        case let .noScreen(display): "X display \(display) has no such screen"
        case let .unsupportedVisual(depth, bpp): "unsupported X visual: depth \(depth), \(bpp) bits per pixel"
        case let .invalidSize(width, height): "invalid X window size \(width)×\(height) pixels"
        case let .connectionLost(display): "the connection to X display \(display) was lost"
        }
    }
}
