import PangoOracle
import Testing

/// `PangoOracle.hangingTrailingWhitespace`, on hand-made starts and on what Pango really gives.
@Suite("Hanging trailing whitespace")
struct TrailingWhitespaceTests {
    @Test("a line of spaces between two words joins the line before")
    func spaceOnlyLineHangs() {
        // Pango at 40 px: "aaaa ", "         ", "bbbb".
        let text = "aaaa          bbbb"
        #expect(PangoOracle.hangingTrailingWhitespace([0, 5, 14], in: text) == [0, 14])
        let pango = PangoOracle.lineStarts(text: text, fontFamily: "DejaVu Sans", pixelSize: 15, width: 40)
        #expect(pango == [0, 5, 14])
    }

    @Test("a space alone on a line at the narrowest width hangs on the word before")
    func narrowSpaceHangs() {
        let text = "ab cd"
        let pango = PangoOracle.lineStarts(text: text, fontFamily: "DejaVu Sans", pixelSize: 15, width: 1)
        #expect(pango == [0, 1, 2, 3, 4])
        #expect(PangoOracle.hangingTrailingWhitespace(pango, in: text) == [0, 1, 3, 4])
    }

    @Test("spaces before a hard break hang, and the line after the break keeps its start")
    func spacesBeforeHardBreak() {
        // Pango at 20 px: "ab ", "  ", then "cd" after the LF.
        let text = "ab   \ncd"
        #expect(PangoOracle.hangingTrailingWhitespace([0, 3, 6], in: text) == [0, 6])
    }

    @Test("whitespace at the end of the text disappears into the line before")
    func spacesAtEndHang() {
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1, 2], in: "a  ") == [0])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1, 2], in: "   ") == [0])
    }

    @Test("a paragraph's leading spaces after a hard break stay on its first line")
    func leadingSpacesAfterHardBreakStay() {
        #expect(PangoOracle.hangingTrailingWhitespace([0, 2, 3, 6], in: "a\n    b") == [0, 2, 6])
    }

    @Test("exotic breakable spaces hang, no-break spaces do not")
    func whichSpacesHang() {
        #expect(PangoOracle.hangingTrailingWhitespace([0, 2], in: "a\u{3000}b") == [0, 2])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1], in: "a\u{3000}b") == [0, 2])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1], in: "a\u{2009}b") == [0, 2])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1], in: "a\u{200B}b") == [0, 2])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1], in: "a\u{00A0}b") == [0, 1])
        #expect(PangoOracle.hangingTrailingWhitespace([0, 1], in: "a\u{202F}b") == [0, 1])
    }

    @Test("starts that already hang their whitespace are left as they are")
    func idempotent() {
        let text = "Hello world foo bar"
        #expect(PangoOracle.hangingTrailingWhitespace([0, 6, 12, 16], in: text) == [0, 6, 12, 16])
        let once = PangoOracle.hangingTrailingWhitespace([0, 5, 14], in: "aaaa          bbbb")
        #expect(PangoOracle.hangingTrailingWhitespace(once, in: "aaaa          bbbb") == once)
    }
}
