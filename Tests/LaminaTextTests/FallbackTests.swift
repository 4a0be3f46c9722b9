import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Font fallback and emoji")
struct FallbackTests {
    func layout(_ string: String, size: Double = 30) -> TextLayout {
        TextLayout(container: TextContainer(size: Size(width: 400, height: 100)), text: TextFixtures.text(string, size: size))
    }

    @Test("CJK text falls back to IPAexGothic and draws no .notdef box")
    func cjkFallsBack() throws {
        let result = layout("漢字かなカナ text")
        let runs = result.lines.flatMap(\.runs)
        #expect(runs.flatMap(\.glyphs).allSatisfy { $0 != 0 }, "a .notdef glyph")
        #expect(runs.contains { $0.faceFamily == "IPAexGothic" })
        #expect(runs.contains { $0.faceFamily == "DejaVu Sans" })
        let image = try TextFixtures.render(result, size: Size(width: 400, height: 100))
        #expect(image.inkedPixelCount > 300)
    }

    @Test("each emoji sequence draws as one coloured glyph of Noto Color Emoji, at scale 1 and 2",
          arguments: ["😀", "❤️", "👍🏽", "🇫🇷", "👨‍👩‍👧"])
    func emojiIsOneColourGlyph(_ emoji: String) throws {
        let result = layout(emoji)
        let runs = result.lines.flatMap(\.runs)
        #expect(runs.count == 1)
        #expect(runs.first?.faceFamily == "Noto Color Emoji")
        #expect(runs.flatMap(\.glyphs).count == 1)
        #expect(runs.flatMap(\.glyphs).allSatisfy { $0 != 0 })
        // A colour glyph paints its own colours: the text colour changes nothing, and it has ink.
        var red = TextFixtures.text(emoji, size: 30), blue = red
        red.foregroundColor = Color(red: 1, green: 0, blue: 0)
        blue.foregroundColor = Color(red: 0, green: 0, blue: 1)
        let container = TextContainer(size: Size(width: 400, height: 100))
        for scale in [1.0, 2.0] {
            let inRed = try TextFixtures.render(TextLayout(container: container, text: red),
                                                size: Size(width: 60, height: 50), scale: scale)
            let inBlue = try TextFixtures.render(TextLayout(container: container, text: blue),
                                                 size: Size(width: 60, height: 50), scale: scale)
            #expect(inRed == inBlue, "\(emoji) at \(scale)× follows the text colour")
            #expect(inRed.inkAmount > 100 * scale * scale, "\(emoji) at \(scale)× has no ink")
        }
    }

    @Test("U+FE0E asks for the text glyph: ❤︎ is drawn by DejaVu Sans in the text colour")
    func textPresentation() throws {
        let result = layout("\u{2764}\u{FE0E}")
        let runs = result.lines.flatMap(\.runs)
        #expect(runs.allSatisfy { $0.faceFamily != "Noto Color Emoji" })
        let image = try TextFixtures.render(result, size: Size(width: 60, height: 50))
        #expect(image.colouredPixelCount == 0)
        #expect(image.inkedPixelCount > 30)
    }

    @Test("☺ without a selector stays a DejaVu text glyph (no emoji presentation); ☺️ goes to colour")
    func defaultPresentation() {
        #expect(layout("\u{263A}").lines[0].runs[0].faceFamily == "DejaVu Sans")
        #expect(layout("\u{263A}\u{FE0F}").lines[0].runs[0].faceFamily == "Noto Color Emoji")
        #expect(layout("😀").lines[0].runs[0].faceFamily == "Noto Color Emoji")
    }

    @Test("a font from a file falls back too")
    func fileFontFallsBack() throws {
        let font = try Font(fileURL: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 20)
        var text = AttributedString("Serif 漢字 😀")
        text.font = font
        let runs = TextLayout(container: TextContainer(width: 400), text: text).lines.flatMap(\.runs)
        #expect(Set(runs.map(\.faceFamily)) == ["DejaVu Serif", "IPAexGothic", "Noto Color Emoji"])
    }
}
