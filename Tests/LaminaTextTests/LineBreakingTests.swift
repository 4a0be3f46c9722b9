import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Line breaking")
struct LineBreakingTests {
    func layout(_ string: String, width: Double, height: Double = 1000, size: Double = 15,
                style: ParagraphStyle? = nil) -> TextLayout {
        TextLayout(container: TextContainer(size: Size(width: width, height: height)),
                   text: TextFixtures.text(string, size: size, style: style))
    }

    func lineTexts(_ layout: TextLayout) -> [String] {
        let units = Array(String(layout.text.characters).utf16)
        return layout.lines.map { String(decoding: units[$0.range], as: UTF16.self) }
    }

    @Test("the reference paragraph wraps at word boundaries, every line within the width")
    func wrapsAtWords() {
        let result = layout(TextFixtures.paragraph, width: 320)
        #expect(result.lines.count == 5)
        #expect(result.rowCount == 5)
        for line in result.lines {
            #expect(line.width <= 320 + 1e-6)
            #expect(line.origin.x == 0)
        }
        let texts = lineTexts(result)
        #expect(texts.allSatisfy { $0.hasSuffix(" ") || $0 == texts.last })
        #expect(result.visibleRange == 0..<TextFixtures.paragraph.utf16.count)
    }

    @Test("trailing spaces hang past the edge: a line of words and many spaces still fits")
    func trailingSpacesHang() throws {
        let word = "Lamina"
        let wordWidth = try #require(layout(word, width: 1000).lines.first).width
        let result = layout(word + String(repeating: " ", count: 40) + "next", width: wordWidth + 1)
        #expect(result.lines.count == 2)
        #expect(result.lines[0].range == 0..<46)
        #expect(abs(result.lines[0].width - wordWidth) < 1e-9)
    }

    @Test("LF, CR, CRLF, U+2028 and U+2029 each end a line, and are not drawn")
    func hardBreaks() {
        let result = layout("a\nb\rc\r\nd\u{2028}e\u{2029}f", width: 500)
        #expect(result.lines.map(\.range) == [0..<2, 2..<4, 4..<7, 7..<9, 9..<11, 11..<12])
        for line in result.lines {
            #expect(line.runs.flatMap(\.glyphs).count == 1)
        }
    }

    @Test("a word wider than the line breaks at grapheme boundaries, never inside a cluster")
    func longWordsBreakAtGraphemes() {
        let word = String(repeating: "e\u{301}", count: 60) + "👍🏽👍🏽"
        let result = layout(word, width: 80)
        #expect(result.lines.count > 3)
        let units = Array(word.utf16)
        for line in result.lines {
            #expect(line.width <= 80 + 1e-6)
            // A line never starts with the combining accent or the skin-tone modifier's halves.
            let first = units[line.range.lowerBound]
            #expect(first != 0x301)
            #expect(!(0xDC00...0xDFFF).contains(first))
        }
        #expect(result.visibleRange.upperBound == units.count)
    }

    @Test("character wrapping fills each line with as many graphemes as fit")
    func characterWrapping() {
        let style = ParagraphStyle(lineBreakMode: .charWrapping)
        let words = layout("aaaa bbbb cccc dddd", width: 60, style: ParagraphStyle())
        let chars = layout("aaaa bbbb cccc dddd", width: 60, style: style)
        #expect(chars.lines.count <= words.lines.count)
        #expect(chars.lines[0].range.count > words.lines[0].range.count)
    }

    @Test("advances are unhinted fractional points, proportional to the size")
    func fractionalAdvances() throws {
        let small = try #require(layout("Lamina", width: 1000, size: 10).lines.first)
        let large = try #require(layout("Lamina", width: 1000, size: 30).lines.first)
        #expect(abs(large.width - 3 * small.width) < 1e-9)
        #expect(small.width != small.width.rounded())
    }

    @Test("HarfBuzz kerns: \"AV\" is narrower than \"A\" and \"V\" apart")
    func kerning() throws {
        let pair = try #require(layout("AV", width: 1000, size: 40).lines.first).width
        let apart = try #require(layout("A", width: 1000, size: 40).lines.first).width
            + (try #require(layout("V", width: 1000, size: 40).lines.first).width)
        #expect(pair < apart - 0.5)
    }

    @Test("the kern attribute adds space after every character")
    func kernAttribute() throws {
        var text = TextFixtures.text("abcd")
        let plain = TextLayout(container: TextContainer(width: 500), text: text).lines[0].width
        text.kern = 2
        let kerned = TextLayout(container: TextContainer(width: 500), text: text).lines[0].width
        #expect(abs(kerned - plain - 8) < 1e-9)
    }

    @Test("a line break inside a ligature re-shapes both sides and loses no character")
    func breakInsideLigature() throws {
        // "ffi" shapes to a ligature in DejaVu Sans; a narrow line must split it at graphemes.
        let whole = layout("ffi", width: 1000, size: 40)
        let glyphCount = whole.lines[0].runs.flatMap(\.glyphs).count
        let split = layout("ffi", width: whole.lines[0].width * 0.6, size: 40)
        #expect(split.lines.count >= 2)
        let clusters = split.lines.flatMap { $0.runs.flatMap { $0.shapedGlyphs[$0.glyphRange].map(\.cluster) } }
        #expect(Set(clusters).count >= 2)
        #expect(split.lines.flatMap { $0.runs.flatMap(\.glyphs) }.count >= glyphCount)
        #expect(split.lines.flatMap { $0.runs.flatMap(\.glyphs) }.allSatisfy { $0 != 0 })
    }

    @Test("the layout of a label is the same whatever scale it is drawn at")
    func scaleIndependent() throws {
        let result = layout(TextFixtures.paragraph, width: 320)
        let one = try TextFixtures.render(result, size: Size(width: 320, height: 120), scale: 1)
        let two = try TextFixtures.render(result, size: Size(width: 320, height: 120), scale: 2)
        #expect(one.width * 2 == two.width)
        #expect(one.inkedPixelCount > 1000)
        #expect(two.inkedPixelCount > 3 * one.inkedPixelCount)
    }

    @Test("a plain string lays out exactly as the same attributed string")
    func plainStringPath() {
        let container = TextContainer(size: Size(width: 320, height: 1000))
        let attributed = TextLayout(container: container, text: TextFixtures.text(TextFixtures.paragraph))
        let plain = TextLayout(container: container, string: TextFixtures.paragraph, font: .system(size: 15))
        #expect(plain.lines.map(\.range) == attributed.lines.map(\.range))
        #expect(plain.lines.map(\.origin) == attributed.lines.map(\.origin))
        #expect(plain.lines.map(\.width) == attributed.lines.map(\.width))
        #expect(plain.text == attributed.text)
    }
}
