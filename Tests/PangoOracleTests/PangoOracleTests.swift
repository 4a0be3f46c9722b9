import Dispatch
import PangoOracle
import Synchronization
import Testing

/// The oracle itself, on cases whose answer is known by hand: if these fail, comparisons
/// against it mean nothing.
@Suite("Pango line-break oracle")
struct PangoOracleTests {
    private func starts(_ text: String, size: Double = 15, width: Double) -> [Int] {
        PangoOracle.lineStarts(text: text, fontFamily: "DejaVu Sans", pixelSize: size, width: width)
    }

    @Test("a very wide line holds the whole text on one line")
    func wideWidthGivesOneLine() {
        #expect(starts("The quick brown fox jumps over the lazy dog.", width: 1e6) == [0])
        #expect(starts("The quick brown fox jumps over the lazy dog.", width: 1e9) == [0])
    }

    @Test("empty text is one empty line")
    func emptyTextIsOneLine() {
        #expect(starts("", width: 100) == [0])
    }

    @Test("a width narrower than a word but wider than each puts every word on its own line")
    func narrowWidthWrapsAtEveryWord() {
        // "Hello", "world", "foo", "bar" are each under 45 px at 15 px; two of them never fit.
        #expect(starts("Hello world foo bar", width: 45) == [0, 6, 12, 16])
    }

    @Test("a line fits when its width is at most the available width, trailing space excluded")
    func fitIsInclusive() {
        // "Hello" in DejaVu Sans at 15 px is 38934/1024 px in Pango's units.
        // "world" (41.3 px) is broken too: "Hello ", "worl", "d".
        #expect(starts("Hello world", width: 38934.0 / 1024) == [0, 6, 10])
        // One unit less: "Hello" no longer fits and is broken inside: "Hell", "o ", "worl", "d".
        #expect(starts("Hello world", width: 38933.0 / 1024) == [0, 4, 6, 10])
    }

    @Test("each hard break starts a line after the whole separator", arguments: [
        ("ab\ncd", 3), ("ab\rcd", 3), ("ab\r\ncd", 4), ("ab\u{2028}cd", 3), ("ab\u{2029}cd", 3),
    ])
    func hardBreakStartsLineAfterSeparator(text: String, next: Int) {
        #expect(starts(text, width: 1e6) == [0, next])
    }

    @Test("text ending in a hard break has an empty last line at the end")
    func trailingHardBreakGivesEmptyLastLine() {
        #expect(starts("ab\n", width: 1e6) == [0, 3])
    }

    @Test("starts are UTF-16 offsets: characters outside the BMP count two")
    func startsAreUTF16Offsets() {
        // U+1D11E (musical G clef) is 4 bytes in UTF-8 and 2 units in UTF-16.
        #expect(starts("\u{1D11E}\u{1D11E}\nab", width: 1e6) == [0, 5])
        #expect(starts("é\nab", width: 1e6) == [0, 2])
    }

    @Test("a width narrower than any glyph puts each grapheme on its own line")
    func narrowestWidthBreaksEveryGrapheme() {
        #expect(starts("Lamina", width: 1) == [0, 1, 2, 3, 4, 5])
        // A base letter and its combining accent stay together.
        #expect(starts("e\u{0301}a", width: 1) == [0, 2])
    }

    @Test("soft hyphens give break opportunities without widening the line")
    func softHyphenBreaks() {
        // "extra" + SHY fits in 40 px, "extraordinary" does not.
        let text = "extra\u{00AD}ordinary"
        #expect(starts(text, width: 40).prefix(2) == [0, 6])
    }

    @Test("calls from many threads at once give the same answers as one thread")
    func concurrentCallsAgree() {
        let paragraphs = Array(ReferenceCorpus.paragraphs.prefix(16))
        let expected = paragraphs.map { $0.pangoLineStarts() }
        let mismatches = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let paragraph = paragraphs[index % paragraphs.count]
            if paragraph.pangoLineStarts() != expected[index % paragraphs.count] {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test("no-break spaces glue, zero-width spaces break")
    func noBreakAndZeroWidthSpaces() {
        // "10 kg" with U+00A0 is 39.5 px: wide enough at 45 px to stay together.
        #expect(starts("10\u{00A0}kg 10\u{00A0}kg", width: 45) == [0, 6])
        #expect(starts("abc\u{200B}def", width: 30) == [0, 4])
    }
}
