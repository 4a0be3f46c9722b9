extension EventLoop {
    /// The stages of a run that observers can watch, with CFRunLoopActivity's raw values.
    ///
    /// One iteration reports them in this order: `beforeTimers`, `beforeSources`, then — unless
    /// the iteration polls — `beforeWaiting` and `afterWaiting` around the sleep. `entry` and
    /// `exit` bracket a whole run. `beforeTimers` is *not* right before timers fire: timers fire
    /// after the sleep (see Docs/01-run-loop.md).
    public struct Activity: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// A run starts (once per `run(mode:timeout:returnAfterSourceHandled:)`).
        public static let entry = Activity(rawValue: 1 << 0)
        /// An iteration begins.
        public static let beforeTimers = Activity(rawValue: 1 << 1)
        /// Signalled version-0 sources are about to be performed.
        public static let beforeSources = Activity(rawValue: 1 << 2)
        /// The loop is about to sleep: where Lamina commits transactions.
        public static let beforeWaiting = Activity(rawValue: 1 << 5)
        /// The loop woke up, before handling what woke it.
        public static let afterWaiting = Activity(rawValue: 1 << 6)
        /// A run ends.
        public static let exit = Activity(rawValue: 1 << 7)
        /// Every activity.
        public static let allActivities = Activity(rawValue: 0x0FFF_FFFF)

        /// The activity's name, e.g. `beforeWaiting`, or the names of several joined by `|`.
        public var description: String {
            let names: [(Activity, String)] = [
                (.entry, "entry"), (.beforeTimers, "beforeTimers"), (.beforeSources, "beforeSources"),
                (.beforeWaiting, "beforeWaiting"), (.afterWaiting, "afterWaiting"), (.exit, "exit"),
            ]
            let present = names.filter { contains($0.0) }.map(\.1)
            return present.isEmpty ? "none" : present.joined(separator: "|")
        }
    }

    /// Why `run(mode:timeout:returnAfterSourceHandled:)` returned, with CFRunLoopRunResult's
    /// precedence: `handledSource` over `timedOut` over `stopped` over `finished`.
    public enum RunResult: Int, Equatable, Sendable, CustomStringConvertible {
        /// The mode had nothing that could wake it (no sources, timers or blocks for it).
        case finished = 1
        /// ``EventLoop/stop()`` ended this run.
        case stopped = 2
        /// The timeout passed.
        case timedOut = 3
        /// A source was handled and the run was asked to return after one.
        case handledSource = 4

        public var description: String {
            switch self {
            case .finished: "finished"
            case .stopped: "stopped"
            case .timedOut: "timedOut"
            case .handledSource: "handledSource"
            }
        }
    }

    /// The observer orders of the drawing pipeline. One type holds them, so no bare order number
    /// appears anywhere else; each phase has its own order, because equal orders are fragile
    /// (first-added first within a mode, but a newly common mode receives items in a different
    /// order on CFRunLoop).
    public enum Order {
        /// Input a window-system connection queued while the loop was busy (an X11 window's events,
        /// which xcb reads while answering other requests, so their fd never wakes the loop),
        /// delivered before the commit so what they change lands in this frame.
        public static let inputDrain = 1_000_000
        /// Work that must land in this frame's commit (Core Animation's `_beforeCACommitHandler`).
        public static let beforeCommit = 1_999_000
        /// The transaction commit: layout, display, commit to the render server.
        public static let transactionCommit = 2_000_000
        /// Work right after the commit (`_afterCACommitHandler`).
        public static let afterCommit = 2_001_000
        /// Idle-time updates (YYAsyncLayer's `YYTransaction` uses this order): after the commit, so
        /// they must wake the loop for the next commit to pick up what they dirtied.
        public static let updateTransaction = 0xFF_FFFF
    }
}
