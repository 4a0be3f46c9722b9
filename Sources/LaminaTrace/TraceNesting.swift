/// How a list of events nests: for each event, its depth on its thread, and which begin and end
/// events pair up. Nesting is per thread.
///
/// An end closes the innermost open begin of the same category and name on its thread; begins
/// opened above that one and never closed stay unmatched (the recorder may have filled up, or the
/// trace may have stopped inside them). An end with no open begin is unmatched too (the trace
/// started inside the interval).
struct TraceNesting {
    /// The event's nesting depth on its thread: 0 for top level. A begin's depth is that of the
    /// events around it, its children's is one more; an end has its begin's depth.
    private(set) var depth: [Int]
    /// For a begin, the index of the end that closes it.
    private(set) var endIndex: [Int?]
    /// For an end, the index of the begin it closes.
    private(set) var beginIndex: [Int?]
    /// For an end, the begins above its own that it closes too (never ended), innermost first.
    private(set) var abandonedBegins: [Int: [Int]] = [:]

    init(_ events: [TraceEvent]) {
        depth = Array(repeating: 0, count: events.count)
        endIndex = Array(repeating: nil, count: events.count)
        beginIndex = Array(repeating: nil, count: events.count)
        var stacks: [Int32: [Int]] = [:]
        for (index, event) in events.enumerated() {
            var stack = stacks[event.threadID, default: []]
            switch event.phase {
            case .begin:
                depth[index] = stack.count
                stack.append(index)
            case .end:
                if let position = stack.lastIndex(where: {
                    events[$0].category == event.category && events[$0].name == event.name
                }) {
                    depth[index] = position
                    endIndex[stack[position]] = index
                    beginIndex[index] = stack[position]
                    if position + 1 < stack.count {
                        abandonedBegins[index] = stack[(position + 1)...].reversed()
                    }
                    stack.removeSubrange(position...)
                } else {
                    depth[index] = stack.count
                }
            case .instant, .flowStart, .flowStep, .flowEnd:
                depth[index] = stack.count
            }
            stacks[event.threadID] = stack
        }
    }
}
