import CLaminaShims
@_spi(LaminaInternals) import LaminaTrace

/// Unicode UAX #14 break opportunities of a text, from ICU (through CLaminaShims), as UTF-16
/// offsets where a line may or must start.
struct LineBreaks: Sendable {
    /// Offsets in increasing order, in `1...count` (the end of non-empty text is always one).
    var offsets: [Int32] = []
    /// Per offset: whether the break is mandatory (after a hard break character).
    var mandatory: [Bool] = []

    init(units: [UInt16]) {
        guard !units.isEmpty else { return }
        BreakerPool.shared.withBreaker { breaker in
            let status = units.withUnsafeBufferPointer {
                lamina_linebreaker_set_text(breaker, $0.baseAddress, Int32($0.count))
            }
            if status == LAMINA_LINEBREAK_OK {
                var chunk = [lamina_line_break](repeating: lamina_line_break(), count: 256)
                var from: Int32 = 0
                while true {
                    let found = lamina_linebreaker_breaks(breaker, from, &chunk, Int32(chunk.count))
                    guard found > 0 else { break }
                    for index in 0..<Int(found) {
                        offsets.append(chunk[index].offset)
                        mandatory.append(chunk[index].kind == LAMINA_LINEBREAK_MANDATORY)
                    }
                    from = chunk[Int(found) - 1].offset
                }
            }
            lamina_linebreaker_set_text(breaker, nil, 0)
        }
        // Without ICU (its data missing), the end of the text is still a break: lines then wrap
        // at grapheme boundaries only.
        if offsets.last != Int32(units.count) {
            offsets.append(Int32(units.count))
            mandatory.append(false)
        }
    }

    /// The index of the first break strictly after `offset`.
    func firstIndex(after offset: Int) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if Int(offsets[middle]) <= offset { low = middle + 1 } else { high = middle }
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
