import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Bad input gives defined output")
struct BadInputTests {
    func layout(_ string: String, size: Size = Size(width: 200, height: 200)) -> TextLayout {
        TextLayout(container: TextContainer(size: size), text: TextFixtures.text(string))
    }

    @Test("empty text: no lines, empty range, zero size, drawing is a no-op")
    func emptyText() throws {
        let result = layout("")
        #expect(result.lines.isEmpty)
        #expect(result.rowCount == 0)
        #expect(result.visibleRange == 0..<0)
        #expect(result.textBoundingSize == .zero)
        #expect(result.truncatedLine == nil)
        #expect(result.characterIndex(at: .zero) == nil)
        #expect(try TextFixtures.render(result, size: Size(width: 10, height: 10)).inkedPixelCount == 0)
    }

    @Test("100,000 characters lay out into a tall container, in order, and a word that long too")
    func hugeText() {
        let words = String(repeating: "lorem ipsum dolor ", count: 5556).prefix(100_000)
        let result = layout(String(words), size: Size(width: 320, height: .infinity))
        #expect(result.visibleRange == 0..<100_000)
        #expect(result.lines.count > 2000)
        let word = layout(String(repeating: "x", count: 100_000), size: Size(width: 320, height: .infinity))
        #expect(word.visibleRange == 0..<100_000)
        #expect(word.lines.allSatisfy { $0.width <= 320 + 1e-6 })
    }

    @Test("zero, negative, NaN and infinite container sizes give empty or unwrapped layouts",
          arguments: [Size(width: 0, height: 0), Size(width: -50, height: 100), Size(width: 100, height: -5),
                      Size(width: .nan, height: 100), Size(width: 100, height: .nan), Size(width: .nan, height: .nan)])
    func badSizes(_ size: Size) {
        let result = layout("Hello, world", size: size)
        #expect(result.lines.isEmpty)
        #expect(result.visibleRange == 0..<0)
        #expect(result.textBoundingSize == .zero)
    }

    @Test("an infinite width never wraps")
    func infiniteWidth() {
        let result = layout(TextFixtures.paragraph, size: Size(width: .infinity, height: 100))
        #expect(result.lines.count == 1)
    }

    @Test("a container too narrow for one character holds one per line, as Core Text and Pango do")
    func tooNarrow() {
        let result = layout("Wide", size: Size(width: 2, height: 100))
        #expect(result.lines.map(\.range) == [0..<1, 1..<2, 2..<3, 3..<4])
    }

    @Test("control characters, lone surrogates and unpaired combining marks draw no .notdef box")
    func strangeCharacters() throws {
        let lone = String(decoding: [0x61, 0xD800, 0x62, 0xDC00] as [UInt16], as: UTF16.self)
        for string in ["a\u{0}b\u{7}c\u{1B}d\u{7F}e\u{9F}", lone, "\u{301}\u{308}abc", "tab\there", "\u{200B}\u{FEFF}", "a\u{FFFC}b"] {
            let result = layout(string)
            #expect(!result.lines.isEmpty)
            let glyphs = result.lines.flatMap { $0.runs.flatMap(\.glyphs) }
            #expect(glyphs.allSatisfy { $0 != 0 }, "\(string.unicodeScalars.map { $0.value })")
            _ = try TextFixtures.render(result, size: Size(width: 200, height: 40))
        }
    }

    @Test("characters no installed font has, and a family that does not exist, still lay out")
    func missingGlyphsAndFamilies() throws {
        let result = layout("\u{0378}\u{10FFFD}x")
        #expect(result.lines.count == 1)
        var text = AttributedString("Fallback")
        text.font = Font(family: "Absolutely Not Installed", size: 15)
        let missing = TextLayout(container: TextContainer(width: 200), text: text)
        #expect(missing.lines.first?.runs.first?.faceFamily == "DejaVu Sans")
    }

    @Test("fonts of size zero, NaN kerning and non-finite drawing origins are harmless")
    func degenerateValues() throws {
        var text = AttributedString("zero size text")
        text.font = .system(size: 0)
        text.kern = .nan
        let result = TextLayout(container: TextContainer(size: Size(width: 100, height: 100)), text: text)
        #expect(result.lines.allSatisfy { $0.width == 0 })
        let context = try GraphicsContext(width: 10, height: 10)
        #expect(result.draw(in: context, at: Point(x: .nan, y: 0)))
    }
}
