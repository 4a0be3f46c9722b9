import Foundation
import LaminaGraphics
@testable import LaminaText
import LaminaTesting
import Testing

/// Text borders, checked in pixels against the layout's own geometry: a background border's box
/// on each line is the range's selection rectangle there, a block border spans the container.
@Suite("Text borders")
struct TextBorderTests {
    static let fill = Color(red: 1, green: 0, blue: 0)
    static let stroke = Color(red: 0, green: 0, blue: 1)
    /// Text drawn in a clear colour: only the borders reach the pixels.
    static func invisibleText(_ string: String) -> AttributedString {
        var text = TextFixtures.text(string)
        text.foregroundColor = .clear
        return text
    }

    /// The UTF-16 offsets of `range` in `text`, as the layout counts.
    static func offsets(of range: Range<AttributedString.Index>, in text: AttributedString) -> Range<Int> {
        let lower = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
        return lower..<(lower + text[range].utf16.count)
    }

    static func isColour(_ pixel: Color, _ colour: Color) -> Bool {
        abs(pixel.red - colour.red) < 0.05 && abs(pixel.green - colour.green) < 0.05
            && abs(pixel.blue - colour.blue) < 0.05
    }

    /// Every pixel well inside each rectangle has the fill colour, every pixel just outside the
    /// union of the rectangles is white.
    static func expectBoxes(_ rects: [Rect], in image: Image, colour: Color = fill,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for rect in rects {
            for y in Int(rect.minY.rounded()) + 1 ..< Int(rect.maxY.rounded()) - 1 {
                for x in Int(rect.minX.rounded()) + 1 ..< Int(rect.maxX.rounded()) - 1 {
                    #expect(isColour(image.pixel(x: x, y: y), colour), "inside (\(x), \(y))",
                            sourceLocation: sourceLocation)
                }
            }
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let near = rects.contains { $0.insetBy(dx: -1.5, dy: -1.5).contains(point) }
                if !near {
                    #expect(isColour(image.pixel(x: x, y: y), .white), "outside (\(x), \(y))",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("a background border that wraps draws one box per line, each the range's rectangle on that line")
    func backgroundBorderJoinsAcrossLines() throws {
        var text = Self.invisibleText("Say hello to @lamina_the_layered_framework and friends today")
        let range = text.range(of: "@lamina_the_layered_framework and")!
        text[range].backgroundBorder = TextBorder(fillColor: Self.fill)
        let layout = TextLayout(container: TextContainer(size: Size(width: 170, height: 100)), text: text)
        let rects = layout.selectionRects(for: Self.offsets(of: range, in: text))
        #expect(rects.count >= 2, "the mention must wrap for this test")
        let image = try TextFixtures.render(layout, size: Size(width: 170, height: 100))
        Self.expectBoxes(rects, in: image)
    }

    @Test("a background border on a right-to-left word in an English line covers the word where it is drawn")
    func backgroundBorderInMixedText() throws {
        var text = Self.invisibleText("The word שלום עולם sits here")
        let range = text.range(of: "שלום עולם")!
        text[range].backgroundBorder = TextBorder(fillColor: Self.fill)
        let layout = TextLayout(container: TextContainer(size: Size(width: 300, height: 40)), text: text)
        let rects = layout.selectionRects(for: Self.offsets(of: range, in: text))
        #expect(rects.count == 1)
        Self.expectBoxes(rects, in: try TextFixtures.render(layout, size: Size(width: 300, height: 40)))
    }

    @Test("stretches with different borders, or split by plain text, get boxes of their own")
    func separateStretches() throws {
        var text = Self.invisibleText("#one plain #two#three")
        let other = Color(red: 0, green: 0.6, blue: 0)
        text[text.range(of: "#one")!].backgroundBorder = TextBorder(fillColor: Self.fill)
        text[text.range(of: "#two")!].backgroundBorder = TextBorder(fillColor: Self.fill)
        text[text.range(of: "#three")!].backgroundBorder = TextBorder(fillColor: other)
        let layout = TextLayout(container: TextContainer(size: Size(width: 300, height: 30)), text: text)
        let image = try TextFixtures.render(layout, size: Size(width: 300, height: 30))
        let one = layout.selectionRects(for: 0..<4), two = layout.selectionRects(for: 11..<15)
        let three = layout.selectionRects(for: 15..<21)
        let line = layout.lines[0]
        let middle = Int(line.origin.y - line.ascent / 2)
        // " plain " between the first two stays white.
        let gapX = Int((one[0].maxX + two[0].minX) / 2)
        #expect(Self.isColour(image.pixel(x: gapX, y: middle), .white))
        #expect(Self.isColour(image.pixel(x: Int(two[0].midX), y: middle), Self.fill))
        #expect(Self.isColour(image.pixel(x: Int(three[0].midX), y: middle), other))
    }

    @Test("the outline lies outside the box, strokeWidth wide; thick doubles it; double adds a second ring")
    func outlineStyles() throws {
        for style in TextDecoration.Style.allCases {
            var text = Self.invisibleText("  boxed  ")
            let range = text.range(of: "boxed")!
            text[range].backgroundBorder = TextBorder(fillColor: Self.fill, strokeColor: Self.stroke, strokeWidth: 2,
                                                      lineStyle: style)
            let layout = TextLayout(container: TextContainer(size: Size(width: 200, height: 40)), text: text)
            let image = try TextFixtures.render(layout, size: Size(width: 200, height: 40))
            let box = layout.selectionRects(for: 2..<7)[0]
            let y = Int(box.midY)
            let edge = Int(box.minX.rounded())
            // Inside the box: the fill, up to its edge.
            #expect(Self.isColour(image.pixel(x: edge + 1, y: y), Self.fill), "\(style)")
            let rings: [ClosedRange<Int>]
            switch style {
            case .single: rings = [1...2]
            case .thick: rings = [1...4]
            case .double: rings = [1...2, 5...6]
            }
            for distance in 1...8 {
                let pixel = image.pixel(x: edge - distance, y: y)
                let inRing = rings.contains { $0.contains(distance) }
                #expect(Self.isColour(pixel, inRing ? Self.stroke : .white), "\(style), \(distance) px out")
            }
        }
    }

    @Test("corners are rounded by cornerRadius and insets move the edges")
    func cornersAndInsets() throws {
        var text = Self.invisibleText("rounded")
        text.backgroundBorder = TextBorder(fillColor: Self.fill, cornerRadius: 6, insets: EdgeInsets(top: 2, left: -4, bottom: 2, right: -4))
        let layout = TextLayout(container: TextContainer(size: Size(width: 120, height: 40), insets: EdgeInsets(all: 10)),
                                text: text)
        let image = try TextFixtures.render(layout, size: Size(width: 120, height: 40))
        let box = layout.selectionRects(for: 0..<7)[0].inset(by: EdgeInsets(top: 2, left: -4, bottom: 2, right: -4))
        #expect(Self.isColour(image.pixel(x: Int(box.minX.rounded()), y: Int(box.minY.rounded())), .white))
        #expect(Self.isColour(image.pixel(x: Int(box.minX.rounded()) + 1, y: Int(box.midY)), Self.fill))
        #expect(Self.isColour(image.pixel(x: Int(box.maxX.rounded()) - 2, y: Int(box.midY)), Self.fill))
        #expect(Self.isColour(image.pixel(x: Int(box.midX), y: Int(box.minY.rounded()) + 1), Self.fill))
        #expect(Self.isColour(image.pixel(x: Int(box.midX), y: Int(box.minY.rounded()) - 1), .white))
    }

    @Test("a block border is one box around the bordered paragraph's lines, the container's full width")
    func blockBorder() throws {
        let quote = "A quoted paragraph long enough to wrap onto a few lines of this narrow container.\n"
        var text = Self.invisibleText("Before.\n" + quote + "After.")
        text[text.range(of: quote)!].blockBorder = TextBorder(fillColor: Self.fill)
        let container = TextContainer(size: Size(width: 160, height: 160), insets: EdgeInsets(all: 6))
        let layout = TextLayout(container: container, text: text)
        let quoted = layout.lines.filter { $0.range.lowerBound >= 8 && $0.range.lowerBound < 8 + quote.utf16.count }
        #expect(quoted.count >= 3)
        let top = quoted[0].origin.y - quoted[0].ascent
        let bottom = quoted.last!.origin.y + quoted.last!.descent
        let box = Rect(x: 6, y: top, width: 148, height: bottom - top)
        Self.expectBoxes([box], in: try TextFixtures.render(layout, size: Size(width: 160, height: 160)))
    }

    @Test("borders are drawn first: the glyphs and a background colour lie over them")
    func drawingOrder() throws {
        var text = TextFixtures.text("MMMM")
        text.backgroundBorder = TextBorder(fillColor: Self.fill)
        text.blockBorder = TextBorder(fillColor: Self.stroke)
        let layout = TextLayout(container: TextContainer(size: Size(width: 100, height: 30)), text: text)
        let image = try TextFixtures.render(layout, size: Size(width: 100, height: 30))
        let box = layout.selectionRects(for: 0..<4)[0]
        var black = 0, red = 0, blue = 0
        for y in Int(box.minY) + 1 ..< Int(box.maxY) - 1 {
            for x in Int(box.minX) + 1 ..< Int(box.maxX) - 1 {
                let pixel = image.pixel(x: x, y: y)
                if Self.isColour(pixel, .black) { black += 1 }
                if Self.isColour(pixel, Self.fill) { red += 1 }
                if Self.isColour(pixel, Self.stroke) { blue += 1 }
            }
        }
        #expect(black > 50 && red > 50 && blue == 0)
        // Beyond the text, the block border shows across the container.
        #expect(Self.isColour(image.pixel(x: 95, y: Int(box.midY)), Self.stroke))
    }

    @Test("bad values count as zero; a border with nothing to draw draws nothing")
    func badValues() throws {
        let border = TextBorder(strokeColor: Self.stroke, strokeWidth: .nan, cornerRadius: -3,
                                insets: EdgeInsets(top: .infinity, left: .nan, bottom: 1, right: -.infinity))
        #expect(border.strokeWidth == 0 && border.cornerRadius == 0)
        #expect(border.insets == EdgeInsets(top: 0, left: 0, bottom: 1, right: 0))
        #expect(!border.isVisible)
        var text = Self.invisibleText("nothing")
        text.backgroundBorder = border
        text.blockBorder = TextBorder(insets: EdgeInsets(all: 1_000))
        let layout = TextLayout(container: TextContainer(size: Size(width: 100, height: 30)), text: text)
        #expect(try TextFixtures.render(layout, size: Size(width: 100, height: 30)).inkedPixelCount == 0)
    }

    @Test("a border's shadow is cast once by all its boxes")
    func shadow() throws {
        var text = Self.invisibleText("shadowed")
        text.backgroundBorder = TextBorder(fillColor: Self.fill,
                                           shadow: TextShadow(offset: Size(width: 0, height: 6), color: Self.stroke))
        let layout = TextLayout(container: TextContainer(size: Size(width: 120, height: 40)), text: text)
        let image = try TextFixtures.render(layout, size: Size(width: 120, height: 40))
        let box = layout.selectionRects(for: 0..<8)[0]
        #expect(Self.isColour(image.pixel(x: Int(box.midX), y: Int(box.maxY.rounded()) + 3), Self.stroke))
        #expect(Self.isColour(image.pixel(x: Int(box.midX), y: Int(box.midY)), Self.fill))
    }
}
