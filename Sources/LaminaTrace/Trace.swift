import Synchronization

/// The pipeline trace: what the run loop and the drawing pipeline do, on which thread, and when.
///
/// Instrumented code calls ``begin(_:_:flow:arguments:)``/``end(_:_:arguments:)``,
/// ``interval(_:_:arguments:_:)``, ``instant(_:_:flow:arguments:)`` and
/// ``flow(_:_:_:_:)``. While tracing is off each call costs one relaxed atomic load and
/// evaluates none of its arguments; while it is on, events go to the ``TraceRecorder`` given to
/// ``start(into:)``.
///
/// ```swift
/// let recorder = TraceRecorder()
/// Trace.start(into: recorder)
/// EventLoop.main.run(mode: .default, timeout: .milliseconds(50), returnAfterSourceHandled: false)
/// Trace.stop()
/// print(recorder.textTimeline())
/// try recorder.writeChromeTrace(toPath: "/tmp/frame.json")  // open in ui.perfetto.dev
/// ```
///
/// Every function may be called from any thread. Tracing state is process-wide.
public enum Trace {
    /// Whether events are being recorded: one relaxed atomic load, inlined at the call site.
    @inlinable
    public static var isEnabled: Bool {
        TraceSession.enabled.load(ordering: .relaxed)
    }

    /// Opens an interval on the calling thread; close it with ``end(_:_:arguments:)`` using the
    /// same category and name, on the same thread.
    ///
    /// - Parameters:
    ///   - category: the pipeline stage the interval belongs to.
    ///   - name: the interval's name; evaluated only while tracing.
    ///   - flow: a flow this interval takes part in; the Chrome export draws the flow's arrow
    ///     into (or out of) this slice.
    ///   - arguments: small details shown next to the event; evaluated only while tracing.
    @inlinable
    public static func begin(
        _ category: TraceCategory,
        _ name: @autoclosure () -> String,
        flow: TraceFlowID? = nil,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        TraceSession.record(.begin, category, name(), flow: flow, arguments: arguments())
    }

    /// Closes the innermost interval of this category and name opened on the calling thread.
    @inlinable
    public static func end(
        _ category: TraceCategory,
        _ name: @autoclosure () -> String,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        TraceSession.record(.end, category, name(), flow: nil, arguments: arguments())
    }

    /// Records a moment with no duration, such as "setNeedsDisplay" or "wakeUp".
    @inlinable
    public static func instant(
        _ category: TraceCategory,
        _ name: @autoclosure () -> String,
        flow: TraceFlowID? = nil,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        TraceSession.record(.instant, category, name(), flow: flow, arguments: arguments())
    }

    /// Records a step of a flow on the calling thread.
    ///
    /// Perfetto draws a flow step into the slice that encloses it, so call this inside an
    /// interval; outside any, the Chrome export adds an instant for it to bind to. Often simpler:
    /// pass `flow:` to ``begin(_:_:flow:arguments:)`` or ``instant(_:_:flow:arguments:)``.
    ///
    /// - Parameters:
    ///   - phase: `.flowStart`, `.flowStep` or `.flowEnd`; any other phase is recorded as
    ///     `.flowStep`.
    ///   - id: the flow, the same for each of its steps.
    ///   - category: the pipeline stage of the step.
    ///   - name: the step's name; evaluated only while tracing.
    @inlinable
    public static func flow(
        _ phase: TracePhase,
        _ id: TraceFlowID,
        _ category: TraceCategory,
        _ name: @autoclosure () -> String
    ) {
        guard isEnabled else { return }
        let flowPhase: TracePhase
        switch phase {
        case .flowStart, .flowStep, .flowEnd: flowPhase = phase
        case .begin, .end, .instant: flowPhase = .flowStep
        }
        TraceSession.record(flowPhase, category, name(), flow: id, arguments: [:])
    }

    /// Runs `body` inside an interval: ``begin(_:_:flow:arguments:)`` before, and
    /// ``end(_:_:arguments:)`` after, even when `body` throws. `name` is evaluated once.
    @inlinable
    public static func interval<T>(
        _ category: TraceCategory,
        _ name: @autoclosure () -> String,
        arguments: @autoclosure () -> [String: String] = [:],
        _ body: () throws -> T
    ) rethrows -> T {
        guard isEnabled else { return try body() }
        let name = name()
        TraceSession.record(.begin, category, name, flow: nil, arguments: arguments())
        defer {
            if isEnabled { TraceSession.record(.end, category, name, flow: nil, arguments: [:]) }
        }
        return try body()
    }

    /// A new flow identifier, unique in this process. Works whether or not tracing is on, so a
    /// chain of work can carry its identifier from the moment it is created.
    public static func newFlowID() -> TraceFlowID {
        TraceFlowID(rawValue: TraceSession.nextFlowID.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Names the calling thread: in the kernel (so `top -H`, `gdb` and Perfetto see it; cut to
    /// 15 bytes on a character boundary) and, in full, in the trace's per-thread cache.
    ///
    /// Works whether or not tracing is on: name a thread when it starts, before any tracing.
    /// Naming the main thread also renames the process as `ps` and `top` list it, since Linux
    /// shows the main thread's name for the process.
    public static func setThreadName(_ name: String) {
        ThreadIdentityCache.setName(name)
    }
}
