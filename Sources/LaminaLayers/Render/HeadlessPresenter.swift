import Foundation
import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

/// A ``FramePresenter`` with no screen: it keeps the last frame, counts frames, and writes the
/// last one as a PNG. What tests and `Window.snapshot()` read from.
///
/// Frames arrive on the render thread; every member may be read from any thread.
public final class HeadlessPresenter: FrameKeepingPresenter {
    /// Why ``writePNG(toPath:)`` wrote nothing.
    public enum WriteError: Error, Sendable, Hashable {
        /// No frame has been presented yet.
        case noFramePresented
    }

    private let state = Locked<(frame: PresentedFrame?, count: Int)>((nil, 0))

    /// A presenter that has shown nothing yet.
    public init() {}

    /// Keeps `frame` as the last frame. Render thread.
    public func present(_ frame: PresentedFrame) {
        state.withLock { $0 = (frame, $0.count + 1) }
    }

    /// The last frame presented, or nil before the first. Any thread.
    public var lastFrame: PresentedFrame? {
        state.withLock { $0.frame }
    }

    /// How many frames have been presented. Any thread.
    public var frameCount: Int {
        state.withLock { $0.count }
    }

    /// Writes the last frame's framebuffer to `path` as a PNG. Any thread.
    ///
    /// - Throws: ``WriteError/noFramePresented`` before the first frame; the file system's error
    ///   when the file cannot be written.
    public func writePNG(toPath path: String) throws {
        guard let frame = lastFrame else { throw WriteError.noFramePresented }
        try frame.image.pngData().write(to: URL(fileURLWithPath: path))
    }
}
