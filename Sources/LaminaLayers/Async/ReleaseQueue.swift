import LaminaGraphics
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// Where replaced bitmaps are dropped, off the main thread: freeing a large bitmap unmaps its
/// memory, which the main thread should not pay for (YYAsyncLayer's release queue).
///
/// Handing a bitmap to another thread is not enough: whichever thread lets go of it last frees
/// it, and the code that gave it up on the main thread still holds it in locals for a moment —
/// often longer than the release thread takes to wake. So the release thread must be the last
/// owner by construction, not by timing:
///
/// 1. a bitmap given up on the main thread goes into a list, and the first one of a batch posts
///    one block to the main loop (`perform` + `wakeUp`);
/// 2. that block runs after the callout that gave the bitmaps up has returned, so none of its
///    locals is left; it moves the list into a box and enqueues the box on the release thread;
/// 3. the release thread empties the box, freeing the pixels, whoever drops the box afterwards.
///
/// Other threads hand their bitmap over at once, in a box of its own. Bounded: at most
/// ``maximumPendingBytes`` wait to be dropped, counted from the moment a bitmap is given up; past
/// that, a bitmap is dropped where it is given up, so a release thread that falls behind (or a
/// main loop that does not run) cannot hoard memory. Any thread.
final class ReleaseQueue: Sendable {
    /// The most bitmap memory waiting to be dropped.
    let maximumPendingBytes: Int
    private let queue: DisplayQueue
    private let pendingBytes = Locked(0)
    /// Bitmaps given up on the main thread, waiting for the block that hands them over.
    private let mainThreadDrops = Locked<[Image]>([])

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
            Trace.instant(.bitmapReleasedOnCallersThread,
                          arguments: ["bytes": "\(bytes)", "bound": "\(maximumPendingBytes)"])
            return false
        }
        guard EventLoop.main.isCurrent else { return handOver(DropBox([image]), bytes: bytes) }
        let startsBatch = mainThreadDrops.withLock { drops in
            drops.append(image)
            return drops.count == 1
        }
        if startsBatch {
            // Posted from a beforeWaiting observer too, so the wake-up keeps the batch from
            // waiting for whatever wakes the loop next.
            EventLoop.main.perform { [self] in handOverMainThreadDrops() }
            EventLoop.main.wakeUp()
        }
        return true
    }

    /// Bytes waiting to be dropped.
    var bytesPending: Int {
        pendingBytes.withLock { $0 }
    }

    /// Drops what is queued, then ends the thread.
    func shutdown() {
        queue.shutdown()
    }

    /// Step 2: moves the main thread's batch into a box, without a copy left behind.
    private func handOverMainThreadDrops() {
        let box = DropBox([])
        mainThreadDrops.withLock { swap(&box.images, &$0) }
        handOver(box, bytes: box.images.reduce(0) { $0 + $1.bytesPerRow * $1.height })
    }

    /// Step 3: the release thread empties `box`.
    @discardableResult
    private func handOver(_ box: DropBox, bytes: Int) -> Bool {
        let pendingBytes = self.pendingBytes
        let accepted = queue.enqueue {
            box.empty()
            pendingBytes.withLock { $0 -= bytes }
        }
        if !accepted { pendingBytes.withLock { $0 -= bytes } }
        return accepted
    }
}

/// Bitmaps on their way to the release thread. Filled before it is enqueued and emptied by the
/// release thread after: the queue's lock orders the two.
private final class DropBox: @unchecked Sendable {
    var images: [Image]

    init(_ images: [Image]) {
        self.images = images
    }

    func empty() {
        images = []
    }
}
