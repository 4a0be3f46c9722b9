import Foundation
import Lamina

/// A presenter that notes when each frame was presented — its tick and the main loop's clock at
/// that moment — and passes the frame on. The scroll run reads it to count frames that missed
/// their deadline. Any thread (`present` runs on the render thread).
public final class PresentationLog: FrameKeepingPresenter, @unchecked Sendable {
    /// One presented frame.
    public struct Entry: Sendable {
        /// The tick the frame belongs to.
        public let tick: FrameTick
        /// When it was presented, on the main loop's clock.
        public let presented: EventLoop.Instant
    }

    /// Where frames go next.
    public let wrapped: any FramePresenter
    // Behind an NSLock (a pthread mutex) rather than Synchronization's futex-based Mutex, whose
    // locking Thread Sanitizer cannot see.
    private let lock = NSLock()
    private var entries: [Entry] = []

    /// A log in front of `wrapped`.
    public init(wrapping wrapped: any FramePresenter) {
        self.wrapped = wrapped
    }

    public func present(_ frame: PresentedFrame) {
        if let tick = frame.tick {
            let entry = Entry(tick: tick, presented: EventLoop.main.now)
            lock.withLock { entries.append(entry) }
        }
        wrapped.present(frame)
    }

    /// The last frame, when the presenter behind keeps frames (`Window.snapshot()` reads it).
    public var lastFrame: PresentedFrame? {
        (wrapped as? any FrameKeepingPresenter)?.lastFrame
    }

    /// The frames presented so far.
    public var presentations: [Entry] {
        lock.withLock { entries }
    }

    /// Forgets them.
    public func removeAll() {
        lock.withLock { entries.removeAll() }
    }
}
