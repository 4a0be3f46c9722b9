import Foundation
import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

/// A ``FramePresenter`` that keeps the last frames presented — a frame history to assert on and
/// to look at — and passes each frame on to another presenter, if it wraps one.
///
/// ```swift
/// let recorder = FrameRecorder(capacity: 30)             // or FrameRecorder(wrapping: x11Presenter)
/// let window = try Window(size: Size(width: 320, height: 200), presenter: recorder)
/// // … commits …
/// try recorder.writePNGs(toDirectory: "frames")          // frame-0001.png, frame-0002.png, …
/// ```
///
/// Frames arrive on the render thread; every member may be used from any thread. A frame's
/// image shares its pixels with the render server's copy, so keeping frames costs one
/// framebuffer each.
public final class FrameRecorder: FrameKeepingPresenter {
    /// How many frames are kept; older ones are dropped first.
    public let capacity: Int
    /// The presenter each frame is passed on to, after it is recorded.
    public let wrapped: (any FramePresenter)?

    private let state = Locked<(frames: [PresentedFrame], count: Int)>(([], 0))

    /// A recorder keeping the last `capacity` frames (at least 1), passing them on to `wrapped`.
    public init(capacity: Int = 120, wrapping wrapped: (any FramePresenter)? = nil) {
        self.capacity = max(capacity, 1)
        self.wrapped = wrapped
    }

    /// Records `frame`, then hands it to the wrapped presenter. Render thread.
    public func present(_ frame: PresentedFrame) {
        state.withLock { state in
            state.frames.append(frame)
            if state.frames.count > capacity { state.frames.removeFirst(state.frames.count - capacity) }
            state.count += 1
        }
        wrapped?.present(frame)
    }

    /// The frames kept, oldest first.
    public var frames: [PresentedFrame] {
        state.withLock { $0.frames }
    }

    /// The last frame presented, or nil before the first.
    public var lastFrame: PresentedFrame? {
        state.withLock { $0.frames.last }
    }

    /// How many frames have been presented in all, including those no longer kept.
    public var frameCount: Int {
        state.withLock { $0.count }
    }

    /// The kept frame with id `id`, if it is still kept.
    public func frame(withID id: UInt64) -> PresentedFrame? {
        state.withLock { $0.frames.first { $0.id == id } }
    }

    /// Forgets the frames kept (the count of frames presented stays).
    public func removeAll() {
        state.withLock { $0.frames.removeAll() }
    }

    /// Writes each kept frame to `directory` (created if needed) as `frame-0001.png`, named by
    /// frame id, and returns the paths written, oldest first.
    ///
    /// - Throws: the file system's error when the directory or a file cannot be written.
    @discardableResult
    public func writePNGs(toDirectory directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try frames.map { frame in
            let path = (directory as NSString).appendingPathComponent(Self.fileName(of: frame))
            try frame.image.pngData().write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// `frame-0001.png` for frame 1.
    public static func fileName(of frame: PresentedFrame) -> String {
        let digits = String(frame.id)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }
}
