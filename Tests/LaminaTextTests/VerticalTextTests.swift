import Foundation
import LaminaGraphics
@testable import LaminaText
import LaminaTesting
import Testing

/// Vertical text (``TextContainer/isVerticalForm``) in IPAexGothic, the CJK font with vertical
/// metrics and `vert` forms that Scripts/install-deps.sh installs.
@Suite("Vertical text")
struct VerticalTextTests {
    static let font = Font(family: "IPAexGothic", size: 20)

    static func text(_ string: String) -> AttributedString {
        var text = AttributedString(string)
        text.font = font
        text.foregroundColor = .black
        return text
    }

    static func layout(_ string: String, size: Size = Size(width: 120, height: 120),
                       insets: EdgeInsets = .zero) -> TextLayout {
        TextLayout(container: TextContainer(size: size, insets: insets, isVerticalForm: true), text: text(string))
    }

    /// The box around the dark pixels of `image`.
    static func inkBox(_ image: Image) -> Rect? {
        image.boundingBox { $0.red < 0.5 }
    }

    @Test("the font is installed with vertical metrics")
    func fontIsInstalled() {
        let layout = Self.layout("縦")
        #expect(layout.lines.first?.runs.first?.faceFamily == "IPAexGothic")
    }

    @Test("characters run down each column, and the columns go from right to left")
    func columnsRightToLeft() {
        let string = "縦書きの日本語の段落は右から左へ進みます"
        let layout = Self.layout(string)
        #expect(layout.lines.count >= 3)
        let count = string.utf16.count
        var previous: Rect?
        for index in 0..<count {
            let rect = layout.rects(for: index..<(index + 1))[0]
            // Each ideograph takes one em down its column (its vertical advance) and the column's width.
            #expect(abs(rect.height - 20) < 0.01, "character \(index)")
            if let previous {
                if abs(previous.minX - rect.minX) < 0.01 {
                    #expect(abs(rect.minY - previous.maxY) < 0.01, "character \(index) follows below")
                } else {
                    #expect(rect.maxX <= previous.minX + 0.01, "character \(index) starts the next column, to the left")
                    #expect(rect.minY < 1, "a column starts at the top")
                }
            }
            previous = rect
        }
        let first = layout.rects(for: 0..<1)[0]
        #expect(abs(first.maxX - 120) < 0.01 && first.minY == 0)
    }

    @Test("ideographs stand upright, Latin letters and digits are turned with the line")
    func orientation() {
        let layout = Self.layout("日本語とSwift 6の本", size: Size(width: 120, height: 400))
        let runs = layout.lines.flatMap(\.runs)
        let upright = runs.filter(\.isUpright).map { String(Self.text("日本語とSwift 6の本").characters)
            .utf16.dropFirst($0.range.lowerBound).prefix($0.range.count) }
        #expect(runs.contains { $0.isUpright })
        #expect(runs.contains { !$0.isUpright && $0.range == 4..<11 })
        #expect(upright.allSatisfy { units in !units.contains { $0 < 0x80 } })
    }

    @Test("a stroke that is horizontal stands upright; a Latin letter lies on its side; ー takes its vertical form")
    func pixels() throws {
        func ink(_ string: String) throws -> Rect {
            let layout = Self.layout(string, size: Size(width: 60, height: 60))
            let image = try TextFixtures.render(layout, size: Size(width: 60, height: 60))
            return try #require(Self.inkBox(image))
        }
        let one = try ink("一")
        #expect(one.width > one.height * 3, "一 is drawn upright: a horizontal stroke")
        let letter = try ink("l")
        #expect(letter.width > letter.height * 3, "l is turned 90° clockwise: lying down")
        let bar = try ink("ー")
        #expect(bar.height > bar.width * 3, "ー takes the font's vertical form through `vert`")
        // Turned clockwise, the top of a Latin letter faces right: "T"'s bar is at its right.
        let layout = Self.layout("T", size: Size(width: 60, height: 60))
        let image = try TextFixtures.render(layout, size: Size(width: 60, height: 60))
        let box = try #require(Self.inkBox(image))
        let rightColumn = Int(box.maxX) - 1, leftColumn = Int(box.minX)
        let rightInk = (0..<60).filter { image.pixel(x: rightColumn, y: $0).red < 0.5 }.count
        let leftInk = (0..<60).filter { image.pixel(x: leftColumn, y: $0).red < 0.5 }.count
        #expect(rightInk > leftInk * 3)
    }

    @Test("the ink of every column lies inside its line's box and the text's bounding rectangle")
    func inkInsideBounds() throws {
        let layout = Self.layout("縦書きの文、「括弧」とカタカナー。", size: Size(width: 100, height: 140),
                                 insets: EdgeInsets(top: 4, left: 6, bottom: 4, right: 8))
        let image = try TextFixtures.render(layout, size: Size(width: 100, height: 140))
        let ink = try #require(Self.inkBox(image))
        let bounds = layout.textBoundingRect
        #expect(bounds.insetBy(dx: -1, dy: -1).contains(ink), "ink \(ink) in \(bounds)")
        // The right inset is kept on the right, the top inset on top.
        #expect(abs(bounds.maxX - 92) < 0.01 && abs(bounds.minY - 4) < 0.01)
    }

    @Test("hit tests and carets in the turned geometry")
    func hitTesting() {
        let string = "縦書きの日本語の段落は右から左へ"
        let layout = Self.layout(string)
        for index in 0..<string.utf16.count {
            let rect = layout.rects(for: index..<(index + 1))[0]
            #expect(layout.characterIndex(at: Point(x: rect.midX, y: rect.midY)) == index)
            // The caret lies across the column at the character's top.
            let caret = layout.caretRect(for: TextCaretPosition(index: index))
            #expect(caret == Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 0))
            #expect(layout.caretPosition(at: Point(x: rect.midX, y: rect.minY + 2)) == TextCaretPosition(index: index))
        }
        let selection = layout.selectionRects(for: 2..<9)
        #expect(selection.count == 2 || selection.count == 1)
        #expect(selection.allSatisfy { abs($0.width - layout.rects(for: 0..<1)[0].width) < 0.01 })
    }

    @Test("vertical forms of punctuation come from the font's vert feature")
    func vertFeature() {
        let punctuation = "、。（「ー"
        let horizontal = TextLayout(container: TextContainer(size: Size(width: 120, height: 120)), text: Self.text(punctuation))
        let vertical = Self.layout(punctuation)
        let before = horizontal.lines[0].runs.flatMap(\.glyphs), after = vertical.lines[0].runs.flatMap(\.glyphs)
        #expect(before.count == 5 && after.count == 5)
        for index in 0..<5 { #expect(before[index] != after[index], "\(Array(punctuation)[index])") }
    }

    @Test("an unbounded width makes as many columns as the text needs, ending at the left inset")
    func unboundedWidth() throws {
        let layout = Self.layout(String(repeating: "本", count: 9), size: Size(width: .infinity, height: 60),
                                 insets: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
        #expect(layout.lines.count == 3)
        let size = layout.textBoundingSize
        let column = layout.lines[0].ascent + layout.lines[0].descent
        #expect(size.width == (3 * column + 10).rounded(.up))
        let image = try TextFixtures.render(layout, size: Size(width: size.width, height: 60))
        let ink = try #require(Self.inkBox(image))
        #expect(ink.minX >= 5 && ink.maxX <= size.width - 5 + 0.5)
    }

    @Test("a truncated vertical paragraph ends its last column in an ellipsis turned with the line (UAX #50: U+2026 is R)")
    func truncation() {
        let container = TextContainer(size: Size(width: 50, height: 100), maximumNumberOfLines: 2,
                                      truncationType: .tail, isVerticalForm: true)
        let layout = TextLayout(container: container, text: Self.text(String(repeating: "縦書き", count: 20)))
        #expect(layout.lines.count == 2)
        let token = layout.truncatedLine?.runs.filter(\.isTruncationToken) ?? []
        #expect(token.count == 1 && !token[0].isUpright)
        #expect(layout.textBoundingRect.maxY <= 100.01)
    }
}
