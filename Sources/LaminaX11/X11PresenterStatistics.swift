/// What an ``X11Presenter`` has sent to the X server: enough to check that a small change sends
/// a small update, and which path the pixels took.
public struct X11PresenterStatistics: Sendable, Hashable {
    /// How pixels reach the server.
    public enum TransferPath: Sendable, Hashable {
        /// Copied into a shared-memory segment the server reads (MIT-SHM `ShmPutImage`).
        case sharedMemory
        /// Sent through the socket in `PutImage` requests, in bands under the maximum request
        /// length.
        case putImage
    }

    /// Frames presented.
    public var framesPresented = 0
    /// Expose events answered by re-sending part of the last frame.
    public var exposesRedrawn = 0
    /// Pixel bytes handed to the server in all: 4 per pixel sent, whichever the path.
    public var pixelBytesSent = 0
    /// Pixel bytes the last frame sent (its damaged rectangles only).
    public var lastFramePixelBytes = 0
    /// `PutImage` and `ShmPutImage` requests sent (one per band or rectangle).
    public var imageRequests = 0
    /// The path the last frame took; nil before the first.
    public var lastPath: TransferPath?
    /// Moves made on the server with `CopyArea` (a scroll) instead of sending the pixels again.
    public var pixelMoves = 0
    /// Pixel bytes those moves placed (4 per pixel), which did not travel.
    public var movedPixelBytes = 0
    /// Times a move found part of its source hidden (the server answered with GraphicsExpose)
    /// and the whole last frame was sent again.
    public var incompleteMoves = 0
    /// Times a shared-memory segment could not be set up and the presenter fell back to
    /// `PutImage`.
    public var sharedMemoryFallbacks = 0

    /// No frames yet.
    public init() {}
}
