import Foundation
import LaminaLoop
import Synchronization

/// One caller's interest in an image load (or a prefetch): cancel it when the image is no longer
/// wanted. Cancelling one ticket never cancels a fetch other tickets still wait for; cancelling
/// the last one does. Any thread.
public final class ImageLoadTicket: Sendable {
    /// What the ticket waits for.
    enum Target: Hashable, Sendable {
        case image(ImageMemoryCache.Key)
        case bytes(URL)
    }

    let target: Target
    let id: Int
    private weak let loader: ImageLoader?
    /// Whether the ticket counts as outstanding work of the main loop until it ends.
    private let holdsOutstandingWork: Bool
    /// ``Flags/ended`` and ``Flags/cancelled``, set once each and never cleared.
    private let flags = Atomic<UInt8>(0)

    private enum Flags {
        static let ended: UInt8 = 1
        static let cancelled: UInt8 = 2
    }

    init(target: Target, id: Int, loader: ImageLoader, holdsOutstandingWork: Bool) {
        self.target = target
        self.id = id
        self.loader = loader
        self.holdsOutstandingWork = holdsOutstandingWork
        if holdsOutstandingWork { EventLoop.main.beginOutstandingWork() }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flags.load(ordering: .acquiring) & Flags.cancelled != 0 }

    /// Gives up this caller's interest: its completion will not be called, and the fetch and
    /// decode stop when no other ticket waits for them. Calling it again, or after the
    /// completion ran, does nothing.
    public func cancel() {
        flags.bitwiseOr(Flags.cancelled, ordering: .acquiringAndReleasing)
        guard end() else { return }
        loader?.withdraw(self)
    }

    /// Marks the ticket ended, once: true for the first caller (delivery or cancel), which then
    /// owns the outcome. Ends the main loop's outstanding work it held.
    func end() -> Bool {
        let first = flags.bitwiseOr(Flags.ended, ordering: .acquiringAndReleasing).oldValue & Flags.ended == 0
        if first, holdsOutstandingWork { EventLoop.main.endOutstandingWork() }
        return first
    }
}
