import CLaminaShims
import Testing

/// One break as plain Swift values, for comparing whole lists in expectations.
private struct Break: Equatable, CustomStringConvertible {
    var offset: Int32
    var mandatory: Bool
    var description: String { "\(offset)\(mandatory ? "!" : "")" }

    static func soft(_ offset: Int32) -> Break { Break(offset: offset, mandatory: false) }
    static func hard(_ offset: Int32) -> Break { Break(offset: offset, mandatory: true) }
}

/// An English line breaker that is destroyed when the test ends.
private final class Breaker {
    let handle: OpaquePointer

    init() throws {
        var created: OpaquePointer?
        #expect(lamina_linebreaker_create("en", &created) == LAMINA_LINEBREAK_OK)
        handle = try #require(created)
    }

    deinit { lamina_linebreaker_destroy(handle) }

    func setText(_ text: String) -> Int32 {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer {
            lamina_linebreaker_set_text(handle, $0.baseAddress, Int32($0.count))
        }
    }

    /// Every break, read `chunk` at a time.
    func breaks(chunk: Int32 = 64) -> [Break] {
        var result: [Break] = []
        var buffer = [lamina_line_break](repeating: lamina_line_break(), count: Int(chunk))
        var from: Int32 = 0
        while true {
            let count = lamina_linebreaker_breaks(handle, from, &buffer, chunk)
            guard count > 0 else { break }
            for entry in buffer.prefix(Int(count)) {
                result.append(Break(offset: entry.offset, mandatory: entry.kind == LAMINA_LINEBREAK_MANDATORY))
            }
            from = buffer[Int(count) - 1].offset
        }
        return result
    }
}

@Suite("ICU line breaking through CLaminaShims")
struct LineBreakTests {
    @Test("break opportunities in \"Hello world, again\" follow the spaces and end the text")
    func findsOpportunitiesAfterSpaces() throws {
        let breaker = try Breaker()
        #expect(breaker.setText("Hello world, again") == LAMINA_LINEBREAK_OK)
        #expect(lamina_linebreaker_text_length(breaker.handle) == 18)
        #expect(breaker.breaks() == [.soft(6), .soft(13), .soft(18)])
        // Chunks of one give the same list as one big read.
        #expect(breaker.breaks(chunk: 1) == [.soft(6), .soft(13), .soft(18)])
    }

    @Test("a line feed makes a mandatory break and the other breaks stay opportunities")
    func reportsHardBreakAfterLineFeed() throws {
        let breaker = try Breaker()
        #expect(breaker.setText("one two\nthree") == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks() == [.soft(4), .hard(8), .soft(13)])
        #expect(breaker.setText("a\r\nb\u{2029}c") == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks() == [.hard(3), .hard(5), .soft(6)])
    }

    @Test("every hard break character makes a mandatory break after it, and only there")
    func reportsHardBreakAfterEveryHardBreakCharacter() throws {
        let breaker = try Breaker()
        // VT and FF (class BK), CR alone, CR LF, LF, NEL (NL), LS and PS (BK), each after a
        // space (no break before them, LB6) and before a combining mark (the mark starts the next
        // line: LB9 does not join it to a hard break).
        #expect(breaker.setText("a \u{0B}b \u{0C}c \rd \r\ne \nf \u{85}g \u{2028}h \u{2029}\u{301}i") == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks() == [.hard(3), .hard(6), .hard(9), .hard(13), .hard(16), .hard(19), .hard(22), .hard(25), .soft(27)])
        // The same characters inside words and next to each other.
        #expect(breaker.setText("x\u{2028}\u{2028}y\r\rz") == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks() == [.hard(2), .hard(3), .hard(5), .hard(6), .soft(7)])
    }

    @Test("preceding and following find the wrap point around an offset")
    func findsPrecedingAndFollowingBreaks() throws {
        let breaker = try Breaker()
        #expect(breaker.setText("Hello world, again") == LAMINA_LINEBREAK_OK)
        var found = lamina_line_break()
        #expect(lamina_linebreaker_preceding(breaker.handle, 10, &found) == 1)
        #expect(found.offset == 6)
        #expect(lamina_linebreaker_preceding(breaker.handle, 6, &found) == 0)
        #expect(lamina_linebreaker_following(breaker.handle, 6, &found) == 1)
        #expect(found.offset == 13)
        #expect(lamina_linebreaker_following(breaker.handle, 18, &found) == 0)
        #expect(lamina_linebreaker_preceding(breaker.handle, 19, &found) == LAMINA_LINEBREAK_ERR_ARGUMENT)
    }

    @Test("a clone breaks its own copy of the text after the original changes")
    func cloneKeepsItsOwnText() throws {
        let breaker = try Breaker()
        #expect(breaker.setText("ab cd") == LAMINA_LINEBREAK_OK)
        var cloned: OpaquePointer?
        #expect(lamina_linebreaker_clone(breaker.handle, &cloned) == LAMINA_LINEBREAK_OK)
        let clone = try #require(cloned)
        defer { lamina_linebreaker_destroy(clone) }
        #expect(breaker.setText("x") == LAMINA_LINEBREAK_OK)
        var buffer = [lamina_line_break](repeating: lamina_line_break(), count: 4)
        #expect(lamina_linebreaker_breaks(clone, 0, &buffer, 4) == 2)
        #expect(buffer[0].offset == 3 && buffer[1].offset == 5)
    }

    @Test("empty text has no breaks and NULL or negative input is an error, not a crash")
    func handlesEmptyAndInvalidInput() throws {
        let breaker = try Breaker()
        #expect(breaker.setText("") == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks().isEmpty)
        #expect(lamina_linebreaker_set_text(breaker.handle, nil, 0) == LAMINA_LINEBREAK_OK)
        #expect(breaker.breaks().isEmpty)

        #expect(lamina_linebreaker_set_text(breaker.handle, nil, 5) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        var unit: UInt16 = 0x41
        #expect(lamina_linebreaker_set_text(breaker.handle, &unit, -1) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(lamina_linebreaker_text_length(breaker.handle) == 0)
        #expect(lamina_linebreaker_breaks(breaker.handle, 0, nil, 4) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(lamina_linebreaker_breaks(breaker.handle, -1, nil, 0) == LAMINA_LINEBREAK_ERR_ARGUMENT)

        #expect(lamina_linebreaker_create("en", nil) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(lamina_linebreaker_set_text(nil, &unit, 1) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(lamina_linebreaker_breaks(nil, 0, nil, 0) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(lamina_linebreaker_text_length(nil) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        var cloned: OpaquePointer?
        #expect(lamina_linebreaker_clone(nil, &cloned) == LAMINA_LINEBREAK_ERR_ARGUMENT)
        #expect(cloned == nil)
        lamina_linebreaker_destroy(nil)
        #expect(String(cString: lamina_linebreak_error_message(LAMINA_LINEBREAK_ERR_ARGUMENT)).hasPrefix("invalid"))
        #expect(String(cString: lamina_linebreaker_last_icu_error_name(breaker.handle)) == "U_ZERO_ERROR")
    }

    @Test("a NULL locale means the root locale and still breaks text")
    func rootLocaleBreaks() throws {
        var created: OpaquePointer?
        #expect(lamina_linebreaker_create(nil, &created) == LAMINA_LINEBREAK_OK)
        let handle = try #require(created)
        defer { lamina_linebreaker_destroy(handle) }
        let units = Array("a b".utf16)
        #expect(lamina_linebreaker_set_text(handle, units, Int32(units.count)) == LAMINA_LINEBREAK_OK)
        var buffer = [lamina_line_break](repeating: lamina_line_break(), count: 3)
        #expect(lamina_linebreaker_breaks(handle, 0, &buffer, 3) == 2)
    }
}
