extension Trace {
    /// Opens an interval named by a ``TraceEventName``: ``begin(_:_:flow:arguments:)`` with the
    /// name's category and name. `name` is evaluated only while tracing.
    @inlinable
    public static func begin(
        _ name: @autoclosure () -> TraceEventName,
        flow: TraceFlowID? = nil,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        let event = name()
        TraceSession.record(.begin, event.category, event.name, flow: flow, arguments: arguments())
    }

    /// Closes the innermost interval named `name` opened on the calling thread.
    @inlinable
    public static func end(
        _ name: @autoclosure () -> TraceEventName,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        let event = name()
        TraceSession.record(.end, event.category, event.name, flow: nil, arguments: arguments())
    }

    /// Records a moment named by a ``TraceEventName``.
    @inlinable
    public static func instant(
        _ name: @autoclosure () -> TraceEventName,
        flow: TraceFlowID? = nil,
        arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled else { return }
        let event = name()
        TraceSession.record(.instant, event.category, event.name, flow: flow, arguments: arguments())
    }

    /// Records a step of a flow named by a ``TraceEventName`` (see ``flow(_:_:_:_:)``).
    @inlinable
    public static func flow(_ phase: TracePhase, _ id: TraceFlowID, _ name: @autoclosure () -> TraceEventName) {
        guard isEnabled else { return }
        let event = name()
        flow(phase, id, event.category, event.name)
    }

    /// Runs `body` inside an interval named by a ``TraceEventName`` (see
    /// ``interval(_:_:arguments:_:)``).
    @inlinable
    public static func interval<T>(
        _ name: @autoclosure () -> TraceEventName,
        arguments: @autoclosure () -> [String: String] = [:],
        _ body: () throws -> T
    ) rethrows -> T {
        guard isEnabled else { return try body() }
        let event = name()
        return try interval(event.category, event.name, arguments: arguments(), body)
    }
}
