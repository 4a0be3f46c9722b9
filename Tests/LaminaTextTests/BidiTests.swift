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

    @Test("at a direction change the two affinities put the caret in two places; inside a run, in one")
    func caretAffinity() throws {
        // "abc " left to right, then "אבג" right to left (drawn גבא), then " def".
        let layout = Self.layout("abc אבג def")
        func x(_ index: Int, _ affinity: TextAffinity) throws -> Double {
            try #require(layout.caretRect(for: TextCaretPosition(index: index, affinity: affinity))).minX
        }
        let space = try #require(layout.rects(for: 3..<4).first)
        let hebrew = try #require(layout.rects(for: 4..<7).first)
        // Offset 4: after "abc ", before א.
        #expect(abs(try x(4, .upstream) - space.maxX) < 1e-6, "upstream: where the space ends")
        #expect(abs(try x(4, .downstream) - hebrew.maxX) < 1e-6, "downstream: where א starts, the word's right end")
        // Offset 7: after ג, before the space.
        #expect(abs(try x(7, .upstream) - hebrew.minX) < 1e-6, "upstream: where ג ends, the word's left end")
        #expect(abs(try x(7, .downstream) - hebrew.maxX) < 1e-6, "downstream: the space after the word")
        // Inside a run both agree.
        #expect(try x(1, .upstream) == x(1, .downstream))
        #expect(try x(5, .upstream) == x(5, .downstream))
        #expect(try x(5, .downstream) < x(4, .downstream), "in the Hebrew word the caret moves left as it reads on")
        // Every offset has a caret on the line.
        let line = try #require(layout.lines.first)
        for index in 0...11 {
            for affinity in [TextAffinity.upstream, .downstream] {
                let rect = try #require(layout.caretRect(for: TextCaretPosition(index: index, affinity: affinity)))
                #expect(rect.minX >= line.origin.x - 1e-6 && rect.minX <= line.origin.x + line.width + 1e-6)
                #expect(rect.width == 0 && rect.height == line.ascent + line.descent)
            }
        }
        #expect(layout.caretRect(for: TextCaretPosition(index: -5)) == layout.caretRect(for: TextCaretPosition(index: 0)))
        #expect(TextLayout(container: TextContainer(width: 100), text: AttributedString("")).caretRect(for: TextCaretPosition(index: 0)) == nil)
    }

    @Test("a point near a character's reading start gives its offset downstream, near its end the next, upstream")
    func caretFromPoint() throws {
        let layout = Self.layout("abc אבג def")
        let line = try #require(layout.lines.first)
        let y = line.origin.y - line.ascent / 2
        for cell in layout.cells(of: line) {
            let leading = cell.isRightToLeft ? cell.maxX - 0.5 : cell.minX + 0.5
            let trailing = cell.isRightToLeft ? cell.minX + 0.5 : cell.maxX - 0.5
            #expect(layout.caretPosition(at: Point(x: line.origin.x + leading, y: y))
                    == TextCaretPosition(index: cell.offset, affinity: .downstream))
            #expect(layout.caretPosition(at: Point(x: line.origin.x + trailing, y: y))
                    == TextCaretPosition(index: cell.end, affinity: .upstream))
        }
        #expect(layout.caretPosition(at: Point(x: -50, y: y)) == TextCaretPosition(index: 0))
        #expect(layout.caretPosition(at: Point(x: .nan, y: y)) == nil)
    }

    @Test("a selection across a direction change covers separate pieces of its line")
    func selectionRects() throws {
        let layout = Self.layout("abc אבג def")
        // "c " and "אב": the space ends "abc "; א and ב are the right two letters of the word,
        // with ג between them and the space on screen.
        let rects = layout.selectionRects(for: 2..<6)
        #expect(rects.count == 2)
        let hebrew = try #require(layout.rects(for: 4..<7).first)
        #expect(rects.allSatisfy { $0.height > 0 })
        #expect(abs((rects.last?.maxX ?? 0) - hebrew.maxX) < 1e-6)
        #expect(layout.selectionRects(for: 0..<3).count == 1)
        #expect(layout.selectionRects(for: 0..<11).count == 1, "the whole line is one stretch")
        #expect(layout.selectionRects(for: 4..<4).isEmpty)
    }

    @Test("a cut right-to-left line ends in the token on its left, and keeps its right edge")
    func rightToLeftTruncation() throws {
        let container = TextContainer(size: Size(width: 200, height: .infinity), maximumNumberOfLines: 1, truncationType: .tail)
        let layout = TextLayout(container: container, text: TextFixtures.text("שלום עולם זה משפט ארוך מאוד שלא נכנס בשורה אחת", size: 20))
        let line = try #require(layout.truncatedLine)
        #expect(line.runs.first?.isTruncationToken == true, "the token is read last: leftmost")
        #expect(line.runs.dropFirst().allSatisfy { !$0.isTruncationToken })
        #expect(abs(line.origin.x + line.width - 200) < 1, "the line still ends at the right edge")
        let head = TextLayout(container: TextContainer(size: Size(width: 200, height: .infinity), maximumNumberOfLines: 1,
                                                       truncationType: .head),
                              text: TextFixtures.text("שלום עולם זה משפט ארוך מאוד שלא נכנס בשורה אחת", size: 20))
        #expect(head.truncatedLine?.runs.last?.isTruncationToken == true, "cut at its start: the token on the right")
    }

    @Test("indents are measured from the leading edge: the right in a right-to-left paragraph")
    func mirroredIndents() throws {
        let style = ParagraphStyle(firstLineHeadIndent: 40, headIndent: 20, tailIndent: 10)
        let text = "שלום עולם, זהו טקסט ארוך שנשבר לכמה שורות בפסקה אחת מימין לשמאל."
        let layout = Self.layout(text, width: 200, style: style)
        #expect(layout.lines.count > 2)
        let first = try #require(layout.lines.first), second = layout.lines[1]
        #expect(abs(first.fragment.maxX - 160) < 1e-6 && abs(first.fragment.minX - 10) < 1e-6)
        #expect(abs(second.fragment.maxX - 180) < 1e-6)
        #expect(abs(first.origin.x + first.width - 160) < 1e-6, "the first line ends at its indent")
        let english = Self.layout("Left to right text that wraps onto a few lines in one paragraph.", width: 200, style: style)
        #expect(english.lines.first?.fragment.minX == 40 && english.lines.first?.fragment.maxX == 190)
    }

    @Test("an attachment in right-to-left text sits between its neighbours in reading order; decorations follow their runs")
    func attachmentsAndDecorationsInRightToLeftText() throws {
        var text = TextFixtures.text("שלום ")
        text.append(TextAttachment(size: Size(width: 30, height: 16)).attributedString)
        var underlined = TextFixtures.text(" עולם")
        underlined.underline = TextDecoration(style: .thick, color: Color(red: 1, green: 0, blue: 0))
        text.append(underlined)
        let layout = TextLayout(container: TextContainer(width: 300), text: text)
        let attachment = try #require(layout.attachmentRects.first?.rect)
        let before = try #require(layout.rects(for: 3..<4).first), after = try #require(layout.rects(for: 7..<8).first)
        // Read right to left: "שלום" on the right, then the attachment, then "עולם" on its left.
        #expect(attachment.minX >= after.maxX - 1e-6 && attachment.maxX <= before.minX + 1e-6)
        #expect(abs(attachment.width - 30) < 1e-9)
        // The underline is drawn under the underlined word, wherever reordering put it.
        let image = try TextFixtures.render(layout, size: Size(width: 300, height: 40))
        let word = try #require(layout.rects(for: 6..<11).first)
        var redInside = 0, redOutside = 0
        for y in 0..<40 {
            for x in 0..<300 {
                let pixel = image.pixel(x: x, y: y)
                guard pixel.red - pixel.green > 0.4 else { continue }
                if Double(x) >= word.minX - 1 && Double(x) <= word.maxX + 1 { redInside += 1 } else { redOutside += 1 }
            }
        }
        #expect(redInside > 20 && redOutside == 0)
    }
}
