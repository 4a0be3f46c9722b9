import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

/// Tab stops: TextKit's defaults, each alignment, the default interval past the last stop,
/// columns across lines, right-to-left paragraphs measured from the right, and wrapping.
@Suite("Tab stops")
struct TabStopTests {
    static func layout(_ string: String, width: Double = 400, style: ParagraphStyle = .default) -> TextLayout {
        TextLayout(container: TextContainer(width: width), text: TextFixtures.text(string, size: 15, style: style))
    }

    /// Where the character at `offset` starts (its left edge) and ends.
    static func span(_ layout: TextLayout, _ offset: Int) throws -> (minX: Double, maxX: Double) {
        let rect = try #require(layout.rects(for: offset..<(offset + 1)).first)
        return (rect.minX, rect.maxX)
    }

    @Test("TextKit's defaults: twelve left stops 28 points apart, and no interval past them")
    func defaults() throws {
        #expect(ParagraphStyle.default.tabStops.map(\.location) == (1...12).map { Double($0) * 28 })
        #expect(ParagraphStyle.default.tabStops.allSatisfy { $0.alignment == .left })
        #expect(ParagraphStyle.default.defaultTabInterval == 0)
        // "Name:" is about 42 points wide: its tab reaches the stop at 56.
        let layout = Self.layout("Name:\tValue")
        #expect(abs(try Self.span(layout, 6).minX - 56) < 1e-6)
        // Past the last stop (336), a tab is a space.
        let far = Self.layout(String(repeating: "m", count: 30) + "\tx", width: 1_000)
        let tab = try Self.span(far, 30), space = try Self.span(Self.layout("x x"), 1)
        #expect(abs((tab.maxX - tab.minX) - (space.maxX - space.minX)) < 1e-6)
    }

    @Test("left, centre, right and decimal stops line their text up as they say")
    func alignments() throws {
        func style(_ alignment: TextTab.Alignment) -> ParagraphStyle {
            ParagraphStyle(tabStops: [TextTab(alignment, location: 200)])
        }
        let left = Self.layout("a\t12.50", style: style(.left))
        #expect(abs(try Self.span(left, 2).minX - 200) < 1e-6)
        let right = Self.layout("a\t12.50", style: style(.right))
        #expect(abs(try Self.span(right, 6).maxX - 200) < 1e-6)
        let center = Self.layout("a\t12.50", style: style(.center))
        let start = try Self.span(center, 2).minX, end = try Self.span(center, 6).maxX
        #expect(abs((start + end) / 2 - 200) < 1e-6)
        // Decimal: the points of both lines are centred on the stop; a number without one ends there.
        let decimal = Self.layout("a\t3.14159\nb\t1234.5\nc\t42", style: style(.decimal))
        for point in [3, 16] {
            let span = try Self.span(decimal, point)
            #expect(abs((span.minX + span.maxX) / 2 - 200) < 1e-6)
        }
        #expect(abs(try Self.span(decimal, 22).maxX - 200) < 1e-6)
    }

    @Test("past the last stop, tabs go to multiples of the default interval")
    func defaultInterval() throws {
        let layout = Self.layout("a\tb\tc", style: ParagraphStyle(tabStops: [], defaultTabInterval: 50))
        #expect(abs(try Self.span(layout, 2).minX - 50) < 1e-6)
        #expect(abs(try Self.span(layout, 4).minX - 100) < 1e-6)
        let mixed = Self.layout("a\tb\tc", style: ParagraphStyle(tabStops: [TextTab(location: 30)], defaultTabInterval: 70))
        #expect(abs(try Self.span(mixed, 2).minX - 30) < 1e-6)
        #expect(abs(try Self.span(mixed, 4).minX - 70) < 1e-6)
    }

    @Test("values after tabs line up in a column, line after line")
    func columns() throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 120)])
        let layout = Self.layout("Name:\tAda\nLonger name:\tGrace\nX:\tAlan", style: style)
        #expect(layout.lines.count == 3)
        for offset in [6, 23, 32] {
            #expect(abs(try Self.span(layout, offset).minX - 120) < 1e-6)
        }
        // Bad stops are dropped: not finite, negative.
        let bad = ParagraphStyle(tabStops: [TextTab(location: .nan), TextTab(location: -5), TextTab(location: 60)])
        #expect(bad.tabStops.map(\.location) == [60])
    }

    @Test("in a right-to-left paragraph stops are measured from the right")
    func rightToLeft() throws {
        let style = ParagraphStyle(tabStops: [TextTab(location: 100)])
        let layout = Self.layout("שם:\tערך", width: 400, style: style)
        // The value's reading starts (its right edge) 100 points from the right edge.
        #expect(abs(try Self.span(layout, 4).maxX - 300) < 1e-6)
    }

    @Test("a tab whose stop is past the line's end wraps the text after it")
    func wrapping() {
        let layout = Self.layout("first\tsecond", width: 200, style: ParagraphStyle(tabStops: [TextTab(location: 500)]))
        #expect(layout.lines.count == 2)
        #expect(layout.lines.allSatisfy { $0.origin.x + $0.width <= 200 + 1e-6 })
    }
}
