import Glibc
import Synchronization

extension Trace {
    /// Turns tracing on, recording into `recorder` from now on, on every thread. Replaces any
    /// recorder already active (which keeps what it recorded).
    public static func start(into recorder: TraceRecorder) {
        TraceSession.activate(recorder)
    }

    /// Turns tracing off.
    ///
    /// An event being recorded on another thread at this moment may still reach the recorder.
    ///
    /// - Returns: the recorder that was active, or `nil` if tracing was off.
    @discardableResult
    public static func stop() -> TraceRecorder? {
        TraceSession.activate(nil)
    }

    /// Records into `recorder` while `body` runs, then puts back whatever was active before.
    ///
    /// Tracing is process-wide, so two tests that trace at the same time would steal each other's
    /// events. Calls of `withRecording` wait for one another (a process-wide lock), so tests that
    /// all trace through it never overlap. It blocks the calling thread while another session
    /// runs: do not call it from a task that another session's `body` waits for.
    ///
    /// Not reentrant: calling it again from inside `body` on the same thread stops the process
    /// with a message, rather than deadlocking.
    @discardableResult
    public static func withRecording<T>(into recorder: TraceRecorder, _ body: () throws -> T) rethrows -> T {
        let thread = TraceThread.current.id
        precondition(
            TraceSession.sessionOwner.load(ordering: .relaxed) != thread,
            "Trace.withRecording(into:_:) is not reentrant: it was called again inside its own body"
        )
        return try TraceSession.sessionLock.withLock {
            TraceSession.sessionOwner.store(thread, ordering: .relaxed)
            let previous = TraceSession.activate(recorder)
            defer {
                TraceSession.activate(previous)
                TraceSession.sessionOwner.store(0, ordering: .relaxed)
            }
            return try body()
        }
    }
}

/// The process-wide tracing state behind ``Trace``.
@usableFromInline
enum TraceSession {
    /// The switch every call site reads. Statically initialised, so reading it is a plain load.
    @usableFromInline
    static let enabled = Atomic<Bool>(false)

    /// The recorder events go to; changed together with `enabled`, under the lock.
    private static let active = Locked<TraceRecorder?>(nil)

    /// The last flow identifier handed out.
    static let nextFlowID = Atomic<UInt64>(0)

    /// Serialises ``Trace/withRecording(into:_:)`` sessions.
    static let sessionLock = Lock()

    /// The thread inside a `withRecording` session (0 when none), to diagnose reentrancy.
    static let sessionOwner = Atomic<Int32>(0)

    /// Makes `recorder` the active one (`nil` turns tracing off) and returns the previous one.
    @discardableResult
    static func activate(_ recorder: TraceRecorder?) -> TraceRecorder? {
        active.withLock { active in
            let previous = active
            active = recorder
            enabled.store(recorder != nil, ordering: .relaxed)
            return previous
        }
    }

    /// The slow path of every `Trace` call: stamps the event with the calling thread and the
    /// time, and hands it to the active recorder (if tracing was turned off meanwhile, nothing).
    @usableFromInline
    static func record(
        _ phase: TracePhase,
        _ category: TraceCategory,
        _ name: String,
        flow: TraceFlowID?,
        arguments: [String: String]
    ) {
        guard let recorder = active.withLock({ $0 }) else { return }
        let thread = ThreadIdentityCache.box()
        recorder.recordNow(TraceEvent(
            timestamp: 0,
            threadID: thread.id,
            threadName: thread.name,
            category: category,
            name: name,
            phase: phase,
            flow: flow,
            arguments: arguments
        ))
    }
}
