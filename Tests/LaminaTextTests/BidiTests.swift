import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

/// Bidirectional layout: levels per paragraph, runs shaped in their direction, lines reordered
/// visually, natural alignment on the paragraph's side, and hit-testing across direction changes.
@Suite("Bidirectional text")
struct BidiTests {
    static func layout(_ string: String, width: Double = 600, style: ParagraphStyle? = nil) -> TextLayout {
        TextLayout(container: TextContainer(width: width), text: TextFixtures.text(string, size: 20, style: style))
    }

    @Test("text with no right-to-left character resolves no levels and lays out as before")
    func leftToRightTextPaysNothing() {
        let layout = Self.layout("Plain text, 123 (with brackets) — and 你好 😀.")
        #expect(layout.shaped.bidi == nil)
        #expect(layout.lines.allSatisfy { $0.runs.allSatisfy { !$0.isRightToLeft } })
    }

    @Test("a mixed left-to-right line shows its right-to-left part reversed, numbers inside it left to right")
    func mixedLine() throws {
        // Levels: "abc " 0, "אבג " 1, "123" 2, " (x)." 0.
        let line = try #require(Self.layout("abc אבג 123 (x).").lines.first)
        #expect(line.runs.map(\.range) == [0..<4, 8..<11, 4..<8, 11..<16])
        #expect(line.runs.map(\.isRightToLeft) == [false, false, true, false])
        var x = 0.0
        for run in line.runs {
            #expect(abs(run.x - x) < 1e-9, "runs placed left to right, one after another")
            x += run.width
        }
        #expect(abs(x - line.width) < 1e-9)
    }

    @Test("a right-to-left paragraph starts on the right, its first word rightmost")
    func rightToLeftParagraph() throws {
        let layout = Self.layout("שלום עולם", width: 400)
        let line = try #require(layout.lines.first)
        #expect(abs(line.origin.x + line.width - 400) < 1e-6, "natural alignment: the right edge")
        #expect(line.runs.count == 1 && line.runs[0].isRightToLeft)
        let first = try #require(layout.rects(for: 0..<1).first), last = try #require(layout.rects(for: 8..<9).first)
        #expect(first.minX > last.maxX, "ש is right of ם")
        // Explicit left alignment still puts it on the left.
        let left = Self.layout("שלום עולם", width: 400, style: ParagraphStyle(alignment: .left))
        #expect(left.lines.first?.origin.x == 0)
    }

    @Test("the paragraph's direction: natural from the first strong character, or forced")
    func paragraphDirection() throws {
        let natural = Self.layout("123 שלום abc", width: 400)
        #expect(natural.shaped.isRightToLeftParagraph(at: 0), "the first strong character is Hebrew")
        let forced = Self.layout("abc def", width: 400, style: ParagraphStyle(baseWritingDirection: .rightToLeft))
        let line = try #require(forced.lines.first)
        #expect(abs(line.origin.x + line.width - 400) < 1e-6, "a right-to-left paragraph of Latin text sits on the right")
        #expect(line.runs.allSatisfy { !$0.isRightToLeft }, "its letters stay left to right (level 2)")
        let ltr = Self.layout("שלום abc", width: 400, style: ParagraphStyle(baseWritingDirection: .leftToRight))
        #expect(ltr.lines.first?.origin.x == 0)
        // Each paragraph has its own direction.
        let two = Self.layout("abc\nשלום", width: 400)
        #expect(two.lines.count == 2)
        #expect(two.lines[0].origin.x == 0)
        #expect(abs(two.lines[1].origin.x + two.lines[1].width - 400) < 1e-6)
    }

    @Test("Arabic is shaped right to left: its letters join and lam-alef forms a ligature")
    func arabicJoins() throws {
        let layout = Self.layout("سلام")
        let run = try #require(layout.lines.first?.runs.first)
        #expect(run.isRightToLeft)
        #expect(run.glyphCount == 3, "س ل ا م: lam and alef become one glyph")
        #expect(run.faceFamily == "DejaVu Sans")
    }

    @Test("brackets in right-to-left text are mirrored")
    func mirroredBrackets() throws {
        let rtl = Self.layout("א(ב)ג")
        let ltr = Self.layout("a(b)c")
        let open = try #require(rtl.lines.first?.runs.first?.shapedGlyphs.first { $0.cluster == 1 })
        let close = try #require(ltr.lines.first?.runs.first?.shapedGlyphs.first { $0.cluster == 3 })
        #expect(open.id == close.id, "\"(\" read right to left is drawn with the glyph of \")\"")
    }

    @Test("every character of a mixed line maps to a rect and back, in both directions")
    func hitTestingRoundTrips() throws {
        let text = "abc אבג 123 (x) مرحبا end"
        let layout = Self.layout(text)
        let units = Array(text.utf16)
        var checked = 0
        for line in layout.lines {
            let cells = layout.cells(of: line)
            for (earlier, later) in zip(cells, cells.dropFirst()) {
                #expect(earlier.maxX <= later.minX + 1e-6, "cells left to right, not overlapping")
            }
            for cell in cells where units[cell.offset] != 0x20 {
                let rect = try #require(layout.rects(for: cell.offset..<(cell.offset + 1)).first)
                #expect(layout.characterIndex(at: rect.center) == cell.offset)
                checked += 1
            }
        }
        #expect(checked >= 19)
        // In "אבג" the first letter is the rightmost of the three.
        let alef = try #require(layout.rects(for: 4..<5).first), gimel = try #require(layout.rects(for: 6..<7).first)
        #expect(alef.minX > gimel.minX)
    }

    @Test("a right-to-left line draws its ink on the right")
    func drawsOnTheRight() throws {
        let layout = Self.layout("שלום", width: 300)
        let image = try TextFixtures.render(layout, size: Size(width: 300, height: 40))
        var leftInk = 0, rightInk = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 0.6 {
                if x < 150 { leftInk += 1 } else { rightInk += 1 }
            }
        }
        #expect(leftInk == 0 && rightInk > 50)
    }
}
