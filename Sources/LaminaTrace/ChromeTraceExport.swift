import Glibc

/// Trace events in the Chrome Trace Event format, which Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open.
///
/// The output is `{"traceEvents":[…],"displayTimeUnit":"ms"}`, one event per line:
/// - a `process_name` and, per thread, a `thread_name` metadata event (`ph: "M"`);
/// - intervals as `B`/`E` pairs and moments as thread-scoped instants (`i`), with `ts` in
///   microseconds of `CLOCK_MONOTONIC`, `pid` the process id and `tid` the kernel thread id;
/// - flows as `s`/`t`/`f` events carrying the flow's `id` and `"bp":"e"`, so each binds to the
///   slice that encloses it and Perfetto draws an arrow from thread to thread.
///
/// Perfetto joins flow events by id, category and name, so every flow event of one
/// ``TraceFlowID`` is written with the category and name of the first event that carried it.
/// An event given a `flow:` argument (a begin or an instant) becomes that slice plus a flow event:
/// `s` when it is the flow's first event, `f` when it is its last, `t` in between. An explicit
/// ``Trace/flow(_:_:_:_:)`` call made outside any interval also gets an instant to bind to.
/// Unmatched ends are left out, and an end that closes begins left open inside it ends those
/// first, so the slices always nest.
public enum ChromeTrace {
    /// The Chrome trace JSON for `events`, as UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - events: the recorded events, in the order they were recorded.
    ///   - processID: the `pid` written on every event; this process by default.
    public static func jsonBytes(_ events: [TraceEvent], processID: Int32 = getpid()) -> [UInt8] {
        var exporter = Exporter(events: events, processID: processID)
        exporter.writeAll()
        return exporter.writer.bytes
    }

    /// The Chrome trace JSON for `events`, as a string.
    public static func json(_ events: [TraceEvent], processID: Int32 = getpid()) -> String {
        String(decoding: jsonBytes(events, processID: processID), as: UTF8.self)
    }

    private struct Exporter {
        let events: [TraceEvent]
        let processID: Int32
        let nesting: TraceNesting
        var writer = JSONWriter()
        private var isFirstEvent = true

        init(events: [TraceEvent], processID: Int32) {
            self.events = events
            self.processID = processID
            self.nesting = TraceNesting(events)
        }

        mutating func writeAll() {
            writer.raw("{\"traceEvents\":[")
            writeMetadata()
            let flows = FlowPlan(events)
            for index in events.indices {
                write(index, flows)
            }
            writer.raw("\n],\n\"displayTimeUnit\":\"ms\"}\n")
        }

        private mutating func writeMetadata() {
            open(phase: "M", threadID: processID, timestamp: nil)
            writer.raw(",\"name\":\"process_name\",\"args\":{\"name\":")
            writer.string(KernelThread.programName)
            writer.raw("}}")
            var names: [Int32: String] = [:]
            var order: [Int32] = []
            for event in events {
                if names.updateValue(event.threadName, forKey: event.threadID) == nil { order.append(event.threadID) }
            }
            for threadID in order {
                open(phase: "M", threadID: threadID, timestamp: nil)
                writer.raw(",\"name\":\"thread_name\",\"args\":{\"name\":")
                writer.string(names[threadID] ?? "")
                writer.raw("}}")
            }
        }

        private mutating func write(_ index: Int, _ flows: FlowPlan) {
            let event = events[index]
            switch event.phase {
            case .begin:
                slice(phase: "B", event)
            case .end:
                guard nesting.beginIndex[index] != nil else { return }
                for abandoned in nesting.abandonedBegins[index] ?? [] {
                    var closing = events[abandoned]
                    closing.timestamp = event.timestamp
                    closing.arguments = [:]
                    slice(phase: "E", closing)
                }
                slice(phase: "E", event)
            case .instant:
                slice(phase: "i", event)
            case .flowStart, .flowStep, .flowEnd:
                if nesting.depth[index] == 0 { slice(phase: "i", event) }
            }
            if let flow = event.flow, let phase = flows.phase(of: index, event) {
                flowEvent(phase: phase, event, id: flow, naming: flows.naming[flow] ?? (event.category, event.name))
            }
        }

        private mutating func slice(phase: StaticString, _ event: TraceEvent) {
            open(phase: phase, threadID: event.threadID, timestamp: event.timestamp)
            if event.phase != .begin && event.phase != .end { writer.raw(",\"s\":\"t\"") }
            writer.raw(",\"cat\":")
            writer.string(event.category.rawValue)
            writer.raw(",\"name\":")
            writer.string(event.name)
            if !event.arguments.isEmpty {
                writer.raw(",\"args\":")
                writer.stringObject(event.arguments)
            }
            writer.raw("}")
        }

        private mutating func flowEvent(
            phase: StaticString, _ event: TraceEvent, id: TraceFlowID, naming: (TraceCategory, String)
        ) {
            open(phase: phase, threadID: event.threadID, timestamp: event.timestamp)
            writer.raw(",\"cat\":")
            writer.string(naming.0.rawValue)
            writer.raw(",\"name\":")
            writer.string(naming.1)
            writer.raw(",\"id\":")
            writer.literal("\(id.rawValue)")
            writer.raw(",\"bp\":\"e\"}")
        }

        /// Writes `{"ph":…,"pid":…,"tid":…[,"ts":…]`, leaving the object open.
        private mutating func open(phase: StaticString, threadID: Int32, timestamp: UInt64?) {
            writer.raw(isFirstEvent ? "\n{\"ph\":\"" : ",\n{\"ph\":\"")
            isFirstEvent = false
            writer.raw(phase)
            writer.raw("\",\"pid\":")
            writer.literal("\(processID)")
            writer.raw(",\"tid\":")
            writer.literal("\(threadID)")
            if let timestamp {
                writer.raw(",\"ts\":")
                writer.literal(TraceFormatting.microseconds(timestamp))
            }
        }
    }

    /// Which Chrome flow phase each flow-carrying event gets, and the category and name that
    /// join all events of one flow.
    private struct FlowPlan {
        var naming: [TraceFlowID: (TraceCategory, String)] = [:]
        private var first: [TraceFlowID: Int] = [:]
        private var last: [TraceFlowID: Int] = [:]

        init(_ events: [TraceEvent]) {
            for (index, event) in events.enumerated() {
                guard let flow = event.flow, event.phase != .end else { continue }
                if first[flow] == nil {
                    first[flow] = index
                    naming[flow] = (event.category, event.name)
                }
                last[flow] = index
            }
        }

        func phase(of index: Int, _ event: TraceEvent) -> StaticString? {
            guard let flow = event.flow else { return nil }
            switch event.phase {
            case .flowStart: return "s"
            case .flowStep: return "t"
            case .flowEnd: return "f"
            case .end: return nil
            case .begin, .instant:
                if first[flow] == index { return "s" }
                return last[flow] == index ? "f" : "t"
            }
        }
    }
}

/// Why a Chrome trace could not be written to a file.
public struct TraceExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that could not be written.
    public var path: String
    /// The step that failed: `"open"`, `"write"` or `"close"`.
    public var operation: String
    /// The C library's error number for the failure.
    public var errorNumber: Int32

    /// Makes an error for `operation` on `path` that failed with `errorNumber`.
    public init(path: String, operation: String, errorNumber: Int32) {
        self.path = path
        self.operation = operation
        self.errorNumber = errorNumber
    }

    /// `could not write /tmp/x.json: No space left on device`.
    public var description: String {
        "could not \(operation) \(path): \(String(cString: strerror(errorNumber)))"
    }
}

extension TraceRecorder {
    /// The recorded events as Chrome trace JSON (see ``ChromeTrace``).
    public func chromeTraceJSON() -> String {
        ChromeTrace.json(events)
    }

    /// The recorded events as Chrome trace JSON, as UTF-8 bytes.
    public func chromeTraceJSONBytes() -> [UInt8] {
        ChromeTrace.jsonBytes(events)
    }

    /// Writes the recorded events as Chrome trace JSON to `path`, replacing the file; open it
    /// at ui.perfetto.dev or in `chrome://tracing`.
    ///
    /// - Throws: ``TraceExportError`` when the file cannot be opened, written or closed.
    public func writeChromeTrace(toPath path: String) throws(TraceExportError) {
        let bytes = chromeTraceJSONBytes()
        guard let file = fopen(path, "wb") else {
            throw TraceExportError(path: path, operation: "open", errorNumber: errno)
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != bytes.count {
            let failure = errno
            fclose(file)
            throw TraceExportError(path: path, operation: "write", errorNumber: failure)
        }
        if fclose(file) != 0 {
            throw TraceExportError(path: path, operation: "close", errorNumber: errno)
        }
    }
}
