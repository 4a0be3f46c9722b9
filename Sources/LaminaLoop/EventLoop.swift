import CLaminaShims
import Glibc
@_spi(LaminaInternals) import LaminaTrace
import Synchronization

/// A run loop that behaves like CFRunLoop, step for step: modes, observers in priority order,
/// version-0 sources, timers, performed blocks, and on the main thread the main dispatch queue.
///
/// Lamina's drawing pipeline hangs on it: transactions commit in a `beforeWaiting` observer at
/// ``Order/transactionCommit``, and async results come back with
/// ``perform(in:_:)-(EventLoop.Mode,_)`` + ``wakeUp()``. `Docs/01-run-loop.md` walks through one
/// iteration; `run(mode:timeout:returnAfterSourceHandled:)` documents the steps.
///
/// Every loop belongs to one thread: ``main`` to the process's main thread, ``current`` to the
/// calling thread (created on first use). `run` is for the owning thread only;
/// ``perform(in:_:)-(EventLoop.Mode,_)``, ``wakeUp()``, ``stop()`` and adding, removing or querying
/// items are safe from any thread.
public final class EventLoop: @unchecked Sendable {
    /// The kernel id of the thread that owns the loop.
    let ownerThreadID: Int32
    /// Whether this is ``main``, the only loop that drains `DispatchQueue.main`.
    let isMain: Bool
    let lock = Lock()
    /// The eventfd that ``wakeUp()`` signals; in every mode's epoll set.
    let wakeFD: Int32

    // Guarded by `lock`.
    var modes: [String: ModeState] = [:]
    /// Names of the modes marked common, in the order they were marked.
    var commonModeNames: [String]
    /// Items added to ``Mode/common``, in the order they were added (CF walks a hash set here;
    /// Lamina keeps insertion order so equal-order observers are deterministic).
    var commonItems: [LoopItem] = []
    var pendingBlocks: [PendingBlock] = []
    /// Per-run state, innermost last. The bottom entry stands for "not running" and ignores
    /// wake-ups, as CF's initial per-run data does.
    var runs: [RunState] = [RunState(ignoresWakeUps: true)]
    var currentModeState: ModeState?
    var isSleeping = false

    /// The test clock, if any; kept apart from `lock` because `now` is read with `lock` held.
    let virtualClockStorage = Locked<VirtualClock?>(nil)
    /// Work begun elsewhere that will come back to this loop (see `beginOutstandingWork()`).
    let outstandingWorkCount = Atomic<Int>(0)
    let workAwaitingTimersCount = Atomic<Int>(0)
    /// Whether `virtualClockStorage` holds a clock: spares monotonic loops a lock per `now`.
    let hasVirtualClock = Atomic<Bool>(false)
    /// Loops that keep time with this one (``followClock(of:)``): they are put on each clock
    /// this loop is put on.
    let clockFollowers = Locked<[WeakEventLoop]>([])
    /// Whether this loop follows another's clock: on a virtual clock it then never moves time
    /// itself, it waits for the clock's other loops to move it.
    let followsAnotherClock = Atomic<Bool>(false)

    // Touched only on the owning thread.
    /// Set while `DispatchQueue.main` is being drained (CF's "in GCD main queue" flag).
    var isDrainingMainQueue = false
    /// Whether the sleep of the last `runIteration(in:waitingForWakeUpAtMost:)` was ended by
    /// ``wakeUp()`` — a request for another pass, made during the iteration (an observer that
    /// dirtied the next transaction) or by another thread: the loop was not idle. For
    /// LaminaTesting's `runUntilIdle`. Owning thread only.
    @_spi(LaminaTesting) public internal(set) var lastIterationWasWokenUp = false
    /// libdispatch's main-queue eventfd, fetched on first use; -1 when draining is off.
    lazy var mainQueueHandle: Int32 = Self.fetchMainQueueHandle()

    private init(ownerThreadID: Int32, isMain: Bool) {
        self.ownerThreadID = ownerThreadID
        self.isMain = isMain
        wakeFD = lamina_eventfd_create()
        precondition(wakeFD >= 0, "Lamina: the system refused an eventfd for a run loop's wake-ups")
        // The main loop's common modes are default and tracking, as on iOS; others start with
        // default only, as CFRunLoop does.
        commonModeNames = isMain ? [Mode.default.name, Mode.tracking.name] : [Mode.default.name]
        for name in commonModeNames {
            modes[name] = ModeState(name: name, wakeFD: wakeFD)
        }
    }

    deinit {
        lamina_close(wakeFD)
    }

    /// The loop of the process's main thread (whose kernel thread id equals the process id).
    /// Available from any thread; only the main thread may run it.
    public static let main = EventLoop(ownerThreadID: lamina_process_id(), isMain: true)

    /// The calling thread's loop, created the first time a thread asks. On the main thread this
    /// is ``main``. A secondary thread's loop starts with an empty default mode, so running it
    /// returns ``RunResult/finished`` until something is added.
    public static var current: EventLoop {
        let thread = lamina_current_thread_id()
        if thread == lamina_process_id() { return main }
        if let stored = pthread_getspecific(currentLoopKey) {
            return Unmanaged<EventLoop>.fromOpaque(stored).takeUnretainedValue()
        }
        let loop = EventLoop(ownerThreadID: thread, isMain: false)
        // The thread's key holds one reference, released when the thread exits.
        pthread_setspecific(currentLoopKey, Unmanaged.passRetained(loop).toOpaque())
        return loop
    }

    /// Whether the calling thread owns this loop (for ``main``: whether this is the main thread),
    /// without making a loop for a thread that has none, as ``current`` would. Any thread.
    public var isCurrent: Bool {
        lamina_current_thread_id() == ownerThreadID
    }

    /// The loop's current time: monotonic, or its ``VirtualClock``'s.
    public var now: Instant {
        guard hasVirtualClock.load(ordering: .acquiring) else { return .monotonicNow }
        return virtualClockStorage.withLock { $0 }?.now ?? .monotonicNow
    }

    /// The mode of the innermost run under way, or nil when the loop is not running.
    public var currentMode: Mode? {
        lock.withLock { currentModeState?.mode }
    }

    /// Whether the loop is asleep waiting for something to wake it.
    public var isWaiting: Bool {
        lock.withLock { isSleeping }
    }

    /// The modes marked common: items added to ``Mode/common`` are in each of them.
    public var commonModes: [Mode] {
        lock.withLock { commonModeNames.map { Mode($0) } }
    }

    /// Ends the loop's sleep, or makes its next sleep end at once, so it handles what was queued
    /// for it (performed blocks, signalled sources). Any thread.
    ///
    /// Dropped while the loop is awake between waking and the start of its next iteration — that
    /// iteration checks blocks and sources before sleeping again, so nothing is lost — and while
    /// the loop is not running. Unlike CFRunLoop, the eventfd is written after the loop's lock is
    /// released, so the woken thread never blocks on a lock the waker still holds.
    public func wakeUp() {
        let ignored = lock.withLock { runs[runs.count - 1].ignoresWakeUps }
        guard !ignored else { return }
        lamina_eventfd_signal(wakeFD)
    }

    /// Ends the innermost run under way at the end of its current iteration, returning
    /// ``RunResult/stopped`` (unless a higher-precedence result applies). Does nothing when the
    /// loop is not running; nothing is remembered for a later run. Any thread.
    public func stop() {
        let running = lock.withLock {
            guard currentModeState != nil else { return false }
            runs[runs.count - 1].isStopped = true
            return true
        }
        if running { wakeUp() }
    }

    /// Stops the process with a message naming the rule that was broken, as UIKit and CF do for
    /// programmer errors.
    func requireOwnerThread(_ operation: String) {
        guard !isCurrent else { return }
        let thread = lamina_current_thread_id()
        fatalError(
            "Lamina: EventLoop.\(operation) called on thread \(thread), but this loop belongs to thread "
                + "\(ownerThreadID). A loop runs only on the thread that owns it; use EventLoop.current.")
    }

    /// libdispatch's main-queue eventfd, or -1 (each run that would watch it then says so in
    /// the trace).
    private static func fetchMainQueueHandle() -> Int32 {
        Int32(_dispatch_get_main_queue_handle_4CF())
    }
}

/// The thread-specific key behind ``EventLoop/current``; its destructor releases the loop.
private let currentLoopKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { stored in
        guard let stored else { return }
        Unmanaged<EventLoop>.fromOpaque(stored).release()
    }
    return key
}()

/// State of one `run(mode:…)` under way (CF's per-run data).
final class RunState {
    var isStopped = false
    var ignoresWakeUps: Bool

    init(ignoresWakeUps: Bool) {
        self.ignoresWakeUps = ignoresWakeUps
    }
}
