import LaminaText
import Testing

/// Characters, words and Backspace over UTF-16 offsets (`TextSegmentation`).
@Suite("Text segmentation")
struct TextSegmentationTests {
    static let thumbsUp = "👍🏽"            // U+1F44D U+1F3FD: 4 UTF-16 units, one character
    static let family = "👩‍👩‍👧"          // woman ZWJ woman ZWJ girl: 8 units
    static let flag = "🇯🇵"                // two regional indicators: 4 units
    static let keycap = "1️⃣"              // 1 U+FE0F U+20E3: 3 units
    static let accented = "e\u{301}"      // e + combining acute: 2 units
    static let jamo = "\u{1112}\u{1161}\u{11AB}"  // 한 spelled in conjoining jamo: 3 units
    static let syllable = "한"            // U+D55C, one unit

    @Test("characters are grapheme clusters: emoji with modifiers, ZWJ sequences, flags, keycaps, marks, jamo")
    func characterBoundaries() {
        let text = "a" + Self.thumbsUp + Self.family + Self.flag + Self.keycap + Self.accented + Self.jamo + Self.syllable
        let segmentation = TextSegmentation(text)
        #expect(segmentation.count == text.utf16.count)
        #expect(segmentation.characterBoundaries == [0, 1, 5, 13, 17, 20, 22, 25, 26])
        #expect(segmentation.characterBoundary(after: 1) == 5)
        #expect(segmentation.characterBoundary(before: 13) == 5)
        #expect(segmentation.characterBoundary(atOrBefore: 3) == 1, "inside the thumbs-up goes to its start")
        #expect(segmentation.characterBoundary(before: 3) == 1)
        #expect(segmentation.characterBoundary(after: 3) == 5)
    }

    @Test("Backspace deletes a code point, except where the character is one symbol (Chromium's rule)")
    func backspace() {
        func deletes(_ text: String) -> Int {
            let segmentation = TextSegmentation("x" + text)
            return segmentation.count - segmentation.backspaceStart(before: segmentation.count)
        }
        #expect(deletes(Self.thumbsUp) == 4, "an emoji with its skin tone goes whole")
        #expect(deletes(Self.family) == 8, "a ZWJ sequence goes whole")
        #expect(deletes(Self.flag) == 4, "a flag goes whole")
        #expect(deletes(Self.keycap) == 3, "a keycap goes whole")
        #expect(deletes("\u{2764}\u{FE0F}") == 2, "a base with its variation selector goes whole")
        #expect(deletes("\r\n") == 2, "CR LF goes whole")
        #expect(deletes(Self.accented) == 1, "the accent alone")
        #expect(deletes(Self.jamo) == 1, "the last jamo alone")
        #expect(deletes(Self.syllable) == 1, "a precomposed syllable is one code point")
        #expect(deletes("😀") == 2, "a supplementary code point is two units")
        #expect(deletes("b") == 1)
    }

    @Test("words: ICU's segments, Ctrl-arrow targets and a double click's range")
    func words() {
        let text = "Hello, brave  new-world 42."
        let segmentation = TextSegmentation(text)
        #expect(segmentation.wordRange(at: 2) == 0..<5)
        #expect(segmentation.wordRange(at: 5) == 5..<6, "the comma is a segment of its own")
        #expect(segmentation.isWord(at: 0))
        #expect(!segmentation.isWord(at: 5))
        #expect(segmentation.wordEnd(after: 0) == 5)
        #expect(segmentation.wordEnd(after: 5) == 12, "skips the comma and the space to the end of brave")
        #expect(segmentation.wordStart(before: 12) == 7)
        #expect(segmentation.wordStart(before: 14) == 7, "skips the spaces back to brave's start")
        #expect(segmentation.wordEnd(after: 17) == 23, "the hyphen separates new and world")
        #expect(segmentation.wordRange(at: 24) == 24..<26, "digits make a word")
        #expect(segmentation.wordEnd(after: 26) == text.utf16.count, "no word after: the end")
        #expect(segmentation.wordStart(before: 0) == 0)
    }

    @Test("Thai and Japanese words come from ICU's dictionaries")
    func dictionaryWords() {
        let thai = TextSegmentation("สวัสดีครับ")
        #expect(thai.wordBoundaries.count > 2, "Thai has no spaces; ICU still finds words")
        let japanese = TextSegmentation("日本語の文章")
        #expect(japanese.wordBoundaries.count > 2)
    }

    @Test("bad input: empty text, offsets outside the text")
    func badInput() {
        let empty = TextSegmentation("")
        #expect(empty.count == 0)
        #expect(empty.characterBoundaries == [0])
        #expect(empty.characterBoundary(after: 5) == 0)
        #expect(empty.characterBoundary(before: -3) == 0)
        #expect(empty.wordRange(at: 0) == 0..<0)
        #expect(empty.wordStart(before: 9) == 0)
        #expect(empty.wordEnd(after: -9) == 0)
        #expect(empty.backspaceStart(before: 4) == 0)
        #expect(!empty.isWord(at: 0))
        let text = TextSegmentation("ab")
        #expect(text.characterBoundary(after: 99) == 2)
        #expect(text.characterBoundary(before: -1) == 0)
        #expect(text.backspaceStart(before: 99) == 1)
        #expect(text.wordRange(at: 99) == 0..<2)
    }
}
