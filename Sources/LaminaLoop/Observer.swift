extension EventLoop {
    /// Calls a handler when a loop reaches the activities it watches (CFRunLoopObserver).
    ///
    /// Observers of a mode run in ascending ``order`` (signed); equal orders run in the order
    /// they were added to that mode. Each activity pass works on a snapshot: an observer added
    /// during a pass is first called in the next one; one removed during a pass is still called
    /// in it (it is still valid); one invalidated before its turn is not. While its handler runs,
    /// nested runs of the loop skip it. A non-repeating observer is invalidated after its first
    /// call.
    ///
    /// An observer belongs to one loop: adding it to a second loop does nothing until it has been
    /// removed from every mode of the first. Safe to add, remove and invalidate from any thread;
    /// the handler runs on the loop's thread.
    public final class Observer: @unchecked Sendable {
        /// The activities the handler is called for.
        public let activities: Activity
        /// Whether the observer stays valid after its first call.
        public let repeats: Bool
        /// Its position among the mode's observers: lower runs first. See ``EventLoop/Order``.
        public let order: Int
        /// What the trace calls it, e.g. `transactionCommit`; nil shows the order instead.
        public let name: String?

        let handler: @Sendable (Observer, Activity) -> Void
        let membership = LoopMembership(exclusive: true)
        /// Set while the handler runs. Touched only on the owning loop's thread.
        var isFiring = false

        /// An observer of `activities`. The handler receives the observer and the one activity
        /// being reported, on the loop's thread. `name` labels it in the trace.
        public init(
            activities: Activity,
            repeats: Bool = true,
            order: Int = 0,
            name: String? = nil,
            _ handler: @escaping @Sendable (Observer, Activity) -> Void
        ) {
            self.activities = activities
            self.repeats = repeats
            self.order = order
            self.name = name
            self.handler = handler
        }

        /// False once ``invalidate()`` has run (or a non-repeating observer has fired).
        public var isValid: Bool {
            membership.isValid
        }

        /// The observer's label in the trace: its name, or its order.
        var traceLabel: String {
            name.map { "\($0) (\(order))" } ?? "order \(order)"
        }

        /// Stops the observer at once, even within a pass under way, and removes it from every
        /// mode of its loop. Safe from any thread; calling it again does nothing.
        public func invalidate() {
            membership.invalidate(.observer(self))
        }
    }
}
