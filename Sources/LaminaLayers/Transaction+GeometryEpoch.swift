extension Transaction {
    /// A number that advances whenever something may have moved, resized, hidden or re-parented a
    /// layer: a layer property other than its contents changes (geometry, opacity, hiding,
    /// clipping, appearance), a layer joins or leaves a superlayer, or a commit's layout phase
    /// lays out a layer. Main thread.
    ///
    /// While it stands still, where every layer is and whether it can be seen are as they were —
    /// between commits too, not only from one commit's layout phase to the next:
    /// a commit that only carries new contents — the results of async renders, decoded images —
    /// leaves it alone. A layout-phase observer that asks "what is visible now?" compares it with
    /// the value it saw last time and skips the commits that moved nothing
    /// (``addLayoutPhaseObserver(_:)``). It only grows; compare for equality, never order.
    package private(set) static var geometryEpoch: UInt64 = 0

    /// Records that a layer property other than the contents changed, that a layer joined or
    /// left a superlayer, or that layers were laid out (from ``Layer`` and ``TransactionCommit``).
    static func noteGeometryMayHaveChanged() {
        geometryEpoch &+= 1
    }
}
