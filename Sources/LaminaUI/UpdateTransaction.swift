import LaminaLoop
import LaminaTrace

/// Coalesces property changes into one update per object and key, run when the main loop is
/// about to sleep — YYAsyncLayer's `YYTransaction` (`YYTextTransaction` in YYText), with a
/// wake-up and weak targets added (Docs chapter 05 says why).
///
/// Setting a label's text, font and colour in one event handler should lay the text out and
/// redraw once, not three times. Each setter records the same update:
///
/// ```swift
/// var text: String {
///     didSet { UpdateTransaction.commit(self, "contents") { $0.layer.setNeedsDisplay() } }
/// }
/// ```
///
/// Why this is batched, and which flush drains it: the first ``commit(_:_:_:)`` of a turn
/// installs (once) an observer on `EventLoop.main` for `beforeWaiting` and `exit`, in the common
/// modes, at ``/LaminaLoop/EventLoop/Order/updateTransaction`` — after the transaction commit
/// observer. When it fires:
///
/// 1. the pending updates are swapped out (updates committed while they run wait for the next
///    pass, so an update that commits itself again cannot loop forever);
/// 2. each runs once, in the order its (target, key) pair was first committed;
/// 3. the loop is woken. The updates ran after this pass's commit, so what they dirtied (a
///    `setNeedsDisplay()`) belongs to the next transaction: the wake-up makes the loop go round
///    once more and commit it instead of sleeping. (YYTransaction does not wake the loop.)
///
/// Committing a pair that is already pending keeps its place and takes the newer closure. The
/// target is held weakly: an update whose target is gone by the flush is skipped. Main thread.
@MainActor
public enum UpdateTransaction {
    /// Identifies an update: the target object and the caller's key.
    private struct UpdateKey: Hashable {
        let target: ObjectIdentifier
        let key: String
    }

    private static var order: [UpdateKey] = []
    /// The update to run per key; each holds its target weakly and does nothing once it is gone.
    private static var updates: [UpdateKey: @MainActor () -> Void] = [:]
    private static var observerIsInstalled = false

    /// Records that `target` needs `update` under `key`, to run once when the main loop is about
    /// to sleep. Any number of commits of the same (target, key) pair before then run it once.
    ///
    /// - Parameters:
    ///   - target: the object to update; held weakly until the flush.
    ///   - key: what about it needs updating; pairs with the same target and key coalesce.
    ///   - update: runs on the main thread with `target` at the flush; the newest one committed
    ///     for the pair is the one that runs.
    public static func commit<Target: AnyObject>(
        _ target: Target, _ key: String, _ update: @escaping @MainActor (Target) -> Void
    ) {
        installObserverIfNeeded()
        let id = UpdateKey(target: ObjectIdentifier(target), key: key)
        // A pending entry whose target died keeps its place for whoever now has its identity.
        let run: @MainActor () -> Void = { [weak target] in if let target { update(target) } }
        if updates.updateValue(run, forKey: id) == nil { order.append(id) }
    }

    /// How many (target, key) updates wait for the next flush.
    public static var pendingCount: Int {
        order.count
    }

    private static func installObserverIfNeeded() {
        guard !observerIsInstalled else { return }
        observerIsInstalled = true
        let observer = EventLoop.Observer(activities: [.beforeWaiting, .exit], order: EventLoop.Order.updateTransaction,
                                          name: "updateTransaction") { _, _ in
            MainActor.assumeIsolated { flush() }
        }
        EventLoop.main.add(observer, to: .common)
    }

    private static func flush() {
        guard !order.isEmpty else { return }
        let due = order, entries = updates
        order = []
        updates = [:]
        Trace.interval(.updateTransactionFlush, arguments: ["updates": "\(due.count)"]) {
            for id in due { entries[id]?() }
        }
        EventLoop.main.wakeUp()
    }
}
