import LaminaTrace

/// The slices, moments and flow steps of a list of events, before any layout: which begin
/// pairs with which end, at which nesting depth, on which thread.
///
/// Pairing follows the text timeline's and the Chrome export's rule: an end closes the innermost
/// open begin of the same category and name on its thread, and closes with it any begins opened
/// inside that one and never ended. A begin never closed runs to the trace's last event; an end
/// with no begin runs from the trace's first event.
struct FramePictureSlices {
    struct Slice {
        var threadID: Int32
        var depth: Int
        var event: TraceEvent
        var start: UInt64
        var end: UInt64
        var beginMissing: Bool
        var endMissing: Bool
        var endArguments: [String: String]
    }

    struct Moment {
        var threadID: Int32
        var depth: Int
        var event: TraceEvent
    }

    /// One event of a flow: where it happened and at which row.
    struct FlowPoint {
        var threadID: Int32
        var depth: Int
        var event: TraceEvent
    }

    private(set) var slices: [Slice] = []
    private(set) var moments: [Moment] = []
    /// Each flow's events in recorded order.
    private(set) var flows: [TraceFlowID: [FlowPoint]] = [:]
    /// Flow identifiers in order of first appearance, so arrows come out in a stable order.
    private(set) var flowOrder: [TraceFlowID] = []
    /// Thread ids in order of first appearance.
    private(set) var threadOrder: [Int32] = []
    /// Each thread's name (its last event's), by id.
    private(set) var threadNames: [Int32: String] = [:]

    init(_ events: [TraceEvent]) {
        let first = events.map(\.timestamp).min() ?? 0
        let last = events.map(\.timestamp).max() ?? 0
        var stacks: [Int32: [TraceEvent]] = [:]
        for event in events {
            if threadNames.updateValue(event.threadName, forKey: event.threadID) == nil {
                threadOrder.append(event.threadID)
            }
            var stack = stacks[event.threadID, default: []]
            switch event.phase {
            case .begin:
                if event.flow != nil { addFlowPoint(event, depth: stack.count) }
                stack.append(event)
            case .end:
                if let position = stack.lastIndex(where: { $0.category == event.category && $0.name == event.name }) {
                    for depth in stride(from: stack.count - 1, through: position, by: -1) {
                        append(stack[depth], depth: depth, end: event.timestamp, endMissing: depth != position,
                               endArguments: depth == position ? event.arguments : [:])
                    }
                    stack.removeSubrange(position...)
                } else {
                    slices.append(Slice(threadID: event.threadID, depth: stack.count, event: event, start: first,
                                        end: event.timestamp, beginMissing: true, endMissing: false,
                                        endArguments: [:]))
                }
            case .instant:
                moments.append(Moment(threadID: event.threadID, depth: stack.count, event: event))
                if event.flow != nil { addFlowPoint(event, depth: stack.count) }
            case .flowStart, .flowStep, .flowEnd:
                // A flow step belongs to the slice around it: its row, not the one below.
                addFlowPoint(event, depth: max(stack.count - 1, 0))
            }
            stacks[event.threadID] = stack
        }
        for threadID in threadOrder {
            for (depth, begin) in (stacks[threadID] ?? []).enumerated() {
                append(begin, depth: depth, end: last, endMissing: true, endArguments: [:])
            }
        }
    }

    private mutating func append(_ begin: TraceEvent, depth: Int, end: UInt64, endMissing: Bool,
                                 endArguments: [String: String]) {
        slices.append(Slice(threadID: begin.threadID, depth: depth, event: begin, start: begin.timestamp,
                            end: max(end, begin.timestamp), beginMissing: false, endMissing: endMissing,
                            endArguments: endArguments))
    }

    private mutating func addFlowPoint(_ event: TraceEvent, depth: Int) {
        guard let flow = event.flow else { return }
        if flows[flow] == nil { flowOrder.append(flow) }
        flows[flow, default: []].append(FlowPoint(threadID: event.threadID, depth: depth, event: event))
    }
}
