import LaminaLoop
import LaminaTrace

/// Batches changes to layer trees and commits them together — Core Animation's `CATransaction`.
///
/// The first change to any layer on the main thread opens an **implicit transaction**, and
/// installs (once) an observer on `EventLoop.main` for `beforeWaiting` and `exit`, in the common
/// modes, at ``/LaminaLoop/EventLoop/Order/transactionCommit``. When the loop is about to sleep (or
/// a run of it ends), the observer commits. A commit runs four phases:
///
/// 1. **Layout** — every layer marked by ``Layer/setNeedsLayout()`` lays out, parents before
///    children; layouts that mark more layers are laid out in the same phase. Then the
///    layout-phase observers run (``addLayoutPhaseObserver(_:)``), with this frame's geometry.
/// 2. **Display** — every layer marked by ``Layer/setNeedsDisplay()`` displays once
///    (``Layer/displayIfNeeded()``), however many times it was marked.
/// 3. **Commit** — the render state of every changed layer (only those: no walk of the tree) is
///    packaged into one immutable ``RenderTreeDelta`` per hosted tree and sent to its
///    ``RenderServer``, which composites on its own thread.
/// 4. **Completion** — the completion blocks run on the main thread once every animation the
///    transaction added has stopped (at once when it added none).
///
/// Marks made during display, or after phase 3, belong to the next transaction, which the
/// commit opens and wakes the loop for, so it commits on the next pass.
///
/// Explicit transactions nest: ``begin()`` … ``commit()``. Changes reach the render server when
/// the outermost transaction commits — the implicit one, when it is open. ``flush()`` commits
/// now. Main thread only.
@MainActor
public enum Transaction {
    /// The open transaction's marks; touching it opens the implicit transaction when none is.
    static var current: PendingTransaction {
        if !isOpen { openImplicit() }
        return pending
    }

    private static var pending = PendingTransaction()
    /// The settings of each nesting level, outermost first (Transaction+Settings); never empty.
    static var settings: [Settings] = [Settings()]
    /// Whether an implicit transaction is open.
    private static var implicitIsOpen = false
    /// How many explicit transactions are open.
    private static var explicitDepth = 0
    /// Whether a commit is running (its phases 1–3).
    private static var isCommitting = false
    private static var commitObserverIsInstalled = false
    /// Numbers the commits that reach a render server.
    private static var lastCommitID: UInt64 = 0

    /// Whether any transaction, implicit or explicit, is open.
    public static var isOpen: Bool { implicitIsOpen || explicitDepth > 0 || isCommitting }

    /// Opens an explicit transaction, nested in whatever is open.
    public static func begin() {
        explicitDepth += 1
        settings.append(settings[settings.count - 1].inherited)
    }

    /// Closes the innermost explicit transaction; closing the outermost, with no implicit
    /// transaction around it, commits.
    ///
    /// - Precondition: a matching ``begin()``. Committing without one is a programmer error and
    ///   stops the process, naming the rule.
    public static func commit() {
        precondition(explicitDepth > 0, "Transaction.commit() without a matching Transaction.begin()")
        close(settings.removeLast())
        explicitDepth -= 1
        if explicitDepth == 0 && !implicitIsOpen { commitNow() }
    }

    /// Commits what is pending now instead of when the loop is about to sleep. Inside an explicit
    /// transaction it does nothing: the outermost ``commit()`` sends the changes.
    public static func flush() {
        guard explicitDepth == 0, !isCommitting else { return }
        commitNow()
    }

    /// Sets the open transaction's completion block: it runs on the main thread once every
    /// animation added to the transaction *after* this call has finished or been removed, and
    /// right after the commit when none was — Core Animation's rule. Setting another block
    /// replaces this one, which then waits only for the animations added before the
    /// replacement (at once, when there were none). To wait for the frame that shows a commit
    /// instead, use ``RenderServer/onPresentation(ofCommit:_:)``. Main thread.
    public static func setCompletionBlock(_ block: @escaping @MainActor () -> Void) {
        let transaction = current
        let level = settings.count - 1
        if let previous = settings[level].completion {
            TransactionCommit.complete(previous.block, waitingFor: Array(transaction.addedAnimations[previous.firstAnimation...]))
        }
        settings[level].completion = (block, transaction.addedAnimations.count)
    }

    /// A nesting level ends: its completion block joins the pending transaction's, waiting for
    /// the animations added from when it was set to now. (Nested levels end at their
    /// ``commit()``; the outermost level when the transaction commits.)
    private static func close(_ level: Settings) {
        guard let completion = level.completion else { return }
        pending.completions.append((completion.block, Array(pending.addedAnimations[completion.firstAnimation...])))
    }

    /// The ``animationDuration`` of a transaction that sets none: Core Animation's 0.25 s.
    public nonisolated static let defaultAnimationDuration: Double = 0.25

    private static func openImplicit() {
        implicitIsOpen = true
        installCommitObserverIfNeeded()
        Trace.instant(.implicitTransactionOpened)
    }

    private static func installCommitObserverIfNeeded() {
        guard !commitObserverIsInstalled else { return }
        commitObserverIsInstalled = true
        let observer = EventLoop.Observer(activities: [.beforeWaiting, .exit], order: EventLoop.Order.transactionCommit,
                                          name: "transactionCommit") { _, _ in
            MainActor.assumeIsolated { commitFromObserver() }
        }
        EventLoop.main.add(observer, to: .common)
    }

    private static func commitFromObserver() {
        guard implicitIsOpen, explicitDepth == 0, !isCommitting else { return }
        commitNow()
    }

    private static func commitNow() {
        close(settings[0])
        settings[0] = Settings()
        let transaction = pending
        isCommitting = true
        Trace.begin(.commit)
        TransactionCommit.layOut(transaction)
        TransactionCommit.display(transaction)
        pending = PendingTransaction()
        implicitIsOpen = false
        TransactionCommit.send(transaction, nextCommitID: { lastCommitID += 1; return lastCommitID })
        isCommitting = false
        carryOver(from: transaction)
        TransactionCommit.complete(transaction)
        Trace.end(.commit)
    }

    /// Marks made during display stay marked; they belong to the next transaction, which is
    /// opened, and the loop is woken so that it commits on the next pass instead of sleeping. So
    /// does an async commit group opened after the display phase closed the others.
    private static func carryOver(from transaction: PendingTransaction) {
        guard !transaction.needsDisplay.isEmpty || !transaction.needsLayout.isEmpty || !pending.isEmpty
            || AsyncCommitGroup.isCollecting else { return }
        let next = current
        next.needsLayout.append(contentsOf: transaction.needsLayout)
        next.needsDisplay.append(contentsOf: transaction.needsDisplay)
        EventLoop.main.wakeUp()
    }
}
