import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

/// Unicode UAX #14 break opportunities of a text, from ICU (through CLaminaShims), as UTF-16
/// offsets where a line may or must start.
struct LineBreaks: Sendable {
    /// The breaks in increasing order of offset, in `1...count` (the end of non-empty text is
    /// always one), each an opportunity or mandatory (after a hard break character).
    private var breaks: [lamina_line_break] = []

    init(units: [UInt16]) {
        guard !units.isEmpty else { return }
        // Text of n units has at most n breaks: ICU writes them all in one call, in place.
        breaks = [lamina_line_break](unsafeUninitializedCapacity: units.count) { buffer, initialized in
            BreakerPool.shared.withBreaker { breaker in
                let status = units.withUnsafeBufferPointer {
                    lamina_linebreaker_set_text(breaker, $0.baseAddress, Int32($0.count))
                }
                if status == LAMINA_LINEBREAK_OK {
                    let found = lamina_linebreaker_breaks(breaker, 0, buffer.baseAddress, Int32(buffer.count))
                    initialized = max(Int(found), 0)
                }
                // The breaker keeps its own copy of the text until the next layout sets another:
                // pointing ICU at empty text here would cost a second `ubrk_setText` per layout.
            }
        }
        // Without ICU (its data missing), the end of the text is still a break: lines then wrap
        // at grapheme boundaries only.
        if breaks.last?.offset != Int32(units.count) {
            breaks.append(lamina_line_break(offset: Int32(units.count), kind: LAMINA_LINEBREAK_OPPORTUNITY))
        }
    }

    /// The number of breaks.
    var count: Int { breaks.count }

    /// The offset of break `index`.
    @inline(__always)
    func offset(_ index: Int) -> Int { Int(breaks[index].offset) }

    /// Whether break `index` is mandatory.
    @inline(__always)
    func isMandatory(_ index: Int) -> Bool { breaks[index].kind == LAMINA_LINEBREAK_MANDATORY }

    /// The offset of the last break (the end of the text), nil for empty text.
    var lastOffset: Int? { breaks.last.map { Int($0.offset) } }

    /// The index of the first break strictly after `offset`.
    func firstIndex(after offset: Int) -> Int {
        var low = 0, high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if Int(breaks[middle].offset) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// ICU line breakers, one per thread at a time: a layout takes one for its duration and gives
/// it back. New ones are cloned from the first (cheaper than opening one), as many as threads
/// lay out at once.
final class BreakerPool: Sendable {
    static let shared = BreakerPool()

    private struct Handles {
        var prototype: OpaquePointer?
        var idle: [OpaquePointer] = []
    }

    private let handles = Locked(Handles())

    func withBreaker(_ body: (OpaquePointer) -> Void) {
        let breaker: OpaquePointer? = handles.withLock { handles in
            if let idle = handles.idle.popLast() { return idle }
            if handles.prototype == nil {
                var created: OpaquePointer?
                guard lamina_linebreaker_create("", &created) == LAMINA_LINEBREAK_OK else { return nil }
                handles.prototype = created
            }
            var clone: OpaquePointer?
            return lamina_linebreaker_clone(handles.prototype, &clone) == LAMINA_LINEBREAK_OK ? clone : nil
        }
        guard let breaker else { return }
        body(breaker)
        handles.withLock { $0.idle.append(breaker) }
    }
}
