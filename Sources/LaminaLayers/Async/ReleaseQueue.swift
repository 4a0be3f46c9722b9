import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

/// Where replaced bitmaps are dropped, off the main thread: freeing a large bitmap unmaps its
/// memory, which the main thread should not pay for (YYAsyncLayer's release queue).
///
/// Bounded: at most ``maximumPendingBytes`` wait to be dropped. Past that, a bitmap is dropped
/// where it is given up, so a release thread that falls behind cannot hoard memory. Any thread.
final class ReleaseQueue: Sendable {
    /// The most bitmap memory waiting to be dropped.
    let maximumPendingBytes: Int
    private let queue: DisplayQueue
    private let pendingBytes = Locked(0)

    init(name: String, maximumPendingBytes: Int) {
        self.maximumPendingBytes = maximumPendingBytes
        queue = DisplayQueue(name: name)
    }

    /// Drops `image` on the release thread — or now, when that would exceed the bound. Returns
    /// whether the release thread took it.
    @discardableResult
    func release(_ image: Image) -> Bool {
        let bytes = image.bytesPerRow * image.height
        let admitted = pendingBytes.withLock { pending in
            guard pending + bytes <= maximumPendingBytes else { return false }
            pending += bytes
            return true
        }
        guard admitted else {
            Trace.instant(.display, "bitmap released on the caller's thread",
                          arguments: ["bytes": "\(bytes)", "bound": "\(maximumPendingBytes)"])
            return false
        }
        let pendingBytes = self.pendingBytes
        let accepted = queue.enqueue {
            _ = image  // the last reference to the pixels, if nobody else holds them, ends here
            pendingBytes.withLock { $0 -= bytes }
        }
        if !accepted { pendingBytes.withLock { $0 -= bytes } }
        return accepted
    }

    /// Bytes waiting to be dropped.
    var bytesPending: Int {
        pendingBytes.withLock { $0 }
    }

    /// Drops what is queued, then ends the thread.
    func shutdown() {
        queue.shutdown()
    }
}
