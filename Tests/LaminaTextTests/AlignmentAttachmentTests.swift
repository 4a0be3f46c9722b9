import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Alignment and attachments")
struct AlignmentAttachmentTests {
    func layout(_ alignment: TextAlignment, width: Double = 320) -> TextLayout {
        TextLayout(container: TextContainer(size: Size(width: width, height: 1000)),
                   text: TextFixtures.text(TextFixtures.paragraph, style: ParagraphStyle(alignment: alignment)))
    }

    @Test("left and natural start at the edge; right ends at it; centre splits the free space")
    func alignments() {
        for line in layout(.left).lines { #expect(line.origin.x == 0) }
        for line in layout(.natural).lines { #expect(line.origin.x == 0) }
        for line in layout(.right).lines { #expect(abs(line.origin.x + line.width - 320) < 1e-9) }
        for line in layout(.center).lines {
            #expect(abs(line.origin.x - (320 - line.width) / 2) < 1e-9)
        }
    }

    @Test("justified lines fill the width, except the paragraph's last")
    func justified() throws {
        let result = layout(.justified)
        for line in result.lines.dropLast() { #expect(abs(line.width - 320) < 1e-6) }
        let last = try #require(result.lines.last)
        #expect(last.width < 320 - 10)
        // The words are spread, not the letters: glyphs inside a word keep their spacing.
        let plain = layout(.left)
        #expect(result.lines[0].range == plain.lines[0].range)
    }

    @Test("indents: the first line by firstLineHeadIndent, the others by headIndent, the tail inset")
    func indents() {
        let style = ParagraphStyle(firstLineHeadIndent: 30, headIndent: 10, tailIndent: 20)
        let result = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000)),
                                text: TextFixtures.text(TextFixtures.paragraph, style: style))
        #expect(result.lines[0].origin.x == 30)
        for line in result.lines.dropFirst() { #expect(line.origin.x == 10) }
        for line in result.lines { #expect(line.origin.x + line.width <= 300 + 1e-6) }
    }

    @Test("line spacing and line height multiple move baselines apart")
    func spacing() {
        let plain = layout(.left).lines
        let spaced = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000)),
                                text: TextFixtures.text(TextFixtures.paragraph, style: ParagraphStyle(lineSpacing: 6))).lines
        let tall = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000)),
                              text: TextFixtures.text(TextFixtures.paragraph, style: ParagraphStyle(lineHeightMultiple: 2))).lines
        let step = plain[1].origin.y - plain[0].origin.y
        #expect(abs(spaced[1].origin.y - spaced[0].origin.y - step - 6) < 1e-9)
        #expect(tall[1].origin.y - tall[0].origin.y > 1.8 * step)
    }

    func attachmentLayout(_ alignment: TextAttachment.VerticalAlignment, height: Double) -> TextLayout {
        var text = TextFixtures.text("Photo ")
        text.append(TextAttachment(size: Size(width: 20, height: height), alignment: alignment).attributedString)
        text.append(TextFixtures.text(" caption"))
        return TextLayout(container: TextContainer(size: Size(width: 320, height: 1000)), text: text)
    }

    @Test("attachments sit on the baseline (bottom), hang from the ascent (top), or centre on the line")
    func attachmentBaselines() throws {
        let font = Font.system(size: 15)
        let bottom = attachmentLayout(.bottom, height: 10)
        let line = bottom.lines[0]
        let rect = try #require(bottom.attachmentRects.first?.rect)
        #expect(abs(rect.maxY - line.origin.y) < 1e-9)
        #expect(rect.width == 20 && rect.height == 10)

        let top = attachmentLayout(.top, height: 10)
        let topRect = try #require(top.attachmentRects.first?.rect)
        #expect(abs(topRect.minY - (top.lines[0].origin.y - font.ascent)) < 1e-9)

        let center = attachmentLayout(.center, height: 10)
        let centerRect = try #require(center.attachmentRects.first?.rect)
        let lineMiddle = center.lines[0].origin.y - (font.ascent - font.descent) / 2
        #expect(abs(centerRect.midY - lineMiddle) < 1e-9)
    }

    @Test("a tall attachment makes its line taller, and takes its width in the line")
    func tallAttachment() {
        let short = attachmentLayout(.bottom, height: 10)
        let tall = attachmentLayout(.bottom, height: 60)
        #expect(tall.lines[0].ascent >= 60)
        #expect(abs(tall.lines[0].width - short.lines[0].width) < 1e-9)
        let plain = TextLayout(container: TextContainer(width: 320), text: TextFixtures.text("Photo  caption"))
        #expect(abs(short.lines[0].width - plain.lines[0].width - 20) < 1e-9)
    }

    @Test("an image attachment draws its pixels into its box")
    func imageAttachmentDraws() throws {
        let red = try GraphicsContext.makeImage(width: 12, height: 12) { context in
            context.fillColor = Color(red: 1, green: 0, blue: 0)
            context.fill(context.bounds)
        }
        var text = TextFixtures.text("x ")
        text.append(TextAttachment(image: red).attributedString)
        let layout = TextLayout(container: TextContainer(width: 100), text: text)
        let rect = try #require(layout.attachmentRects.first?.rect)
        let image = try TextFixtures.render(layout, size: Size(width: 100, height: 30))
        let pixel = image.pixel(x: Int(rect.midX), y: Int(rect.midY))
        #expect(pixel.red > 0.9 && pixel.green < 0.1)
    }
}
