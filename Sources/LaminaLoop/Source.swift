import Synchronization

extension EventLoop {
    /// A version-0 source: work that something signals and the loop performs (CFRunLoopSource).
    ///
    /// ``signal()`` marks the source and does **not** wake the loop: from another thread (or from
    /// a `beforeWaiting` observer) call ``EventLoop/wakeUp()`` too, or the source waits until
    /// something else wakes the loop. Signalled sources are performed after `beforeSources`, in
    /// ascending ``order`` and then in the order they were first signalled; the signal is cleared
    /// before `perform` runs, so `perform` may signal its own source again. A performed source
    /// makes the iteration poll (no sleep).
    ///
    /// Unlike observers and timers, a source can be scheduled in several loops.
    public final class Source: @unchecked Sendable {
        /// Its position among signalled sources: lower is performed first.
        public let order: Int
        /// What the trace calls it; nil shows the order instead.
        public let name: String?

        let perform: @Sendable (Source) -> Void
        let onSchedule: (@Sendable (EventLoop, Mode) -> Void)?
        let onCancel: (@Sendable (EventLoop, Mode) -> Void)?
        let membership = LoopMembership(exclusive: false)
        /// 0 when not signalled; otherwise the process-wide sequence number of the first signal,
        /// which orders sources of equal `order` strictly (CF uses the signal's time stamp).
        let signalSequence = Atomic<UInt64>(0)

        /// A source that runs `perform` on the loop's thread each time it is signalled.
        /// `onSchedule` and `onCancel` are called (on the thread that adds or removes it) when it
        /// is added to or removed from a mode. `name` labels it in the trace.
        public init(
            order: Int = 0,
            name: String? = nil,
            onSchedule: (@Sendable (EventLoop, Mode) -> Void)? = nil,
            onCancel: (@Sendable (EventLoop, Mode) -> Void)? = nil,
            _ perform: @escaping @Sendable (Source) -> Void
        ) {
            self.order = order
            self.name = name
            self.onSchedule = onSchedule
            self.onCancel = onCancel
            self.perform = perform
        }

        /// Marks the source for performing at the next iteration of the loops it is in. Signalling
        /// again before it is performed changes nothing. Does not wake the loop. Any thread.
        public func signal() {
            _ = signalSequence.compareExchange(
                expected: 0, desired: Source.nextSequence(), ordering: .acquiringAndReleasing)
        }

        /// Whether the source is signalled and not yet performed.
        public var isSignalled: Bool {
            signalSequence.load(ordering: .acquiring) != 0
        }

        /// False once ``invalidate()`` has run.
        public var isValid: Bool {
            membership.isValid
        }

        /// Removes the source from every mode of every loop; it is never performed again.
        public func invalidate() {
            membership.invalidate(.source(self))
        }

        /// Clears the signal; true if the source was signalled (and so should be performed).
        func takeSignal() -> Bool {
            signalSequence.exchange(0, ordering: .acquiringAndReleasing) != 0
        }

        private static let sequence = Atomic<UInt64>(0)

        private static func nextSequence() -> UInt64 {
            sequence.wrappingAdd(1, ordering: .relaxed).newValue
        }
    }
}
