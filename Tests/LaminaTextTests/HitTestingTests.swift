import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Hit-testing")
struct HitTestingTests {
    let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 200)),
                            text: TextFixtures.text(TextFixtures.paragraph + " 你好 😀 office"))

    @Test("index → rect → index gives back every laid-out character")
    func roundTrips() throws {
        let units = Array(String(layout.text.characters).utf16)
        var checked = 0
        for line in layout.lines {
            for cell in layout.cells(of: line) where units[cell.offset] != 0x20 {
                let range = cell.offset..<(cell.offset + 1)
                let rects = layout.rects(for: range)
                let rect = try #require(rects.first, "no rect for \(cell.offset)")
                #expect(rects.count == 1)
                #expect(layout.characterIndex(at: rect.center) == cell.offset)
                checked += 1
            }
        }
        #expect(checked > 150)
    }

    @Test("points outside the text snap to the nearest line's ends")
    func outsidePoints() throws {
        let first = try #require(layout.lines.first)
        #expect(layout.characterIndex(at: Point(x: -50, y: first.origin.y)) == 0)
        #expect(layout.characterIndex(at: Point(x: -50, y: -100)) == 0)
        let last = try #require(layout.lines.last)
        let end = layout.characterIndex(at: Point(x: 5000, y: 5000))
        #expect(end != nil && last.range.contains(end!))
        #expect(layout.characterIndex(at: Point(x: .nan, y: 0)) == nil)
    }

    @Test("a range across lines gives one rect per line, inside the line boxes")
    func rectsAcrossLines() {
        let rects = layout.rects(for: 30..<100)
        #expect(rects.count == 3)
        for rect in rects { #expect(layout.lines.contains { $0.bounds.insetBy(dx: -0.01, dy: -0.01).contains(rect) }) }
        #expect(layout.rects(for: 5..<5).isEmpty)
    }

    @Test("highlight(at:) finds the tappable range under a point, and nothing elsewhere")
    func highlights() throws {
        var text = TextFixtures.text("Visit ")
        var link = TextFixtures.text("lamina.dev")
        link.highlight = TextHighlight(color: Color(red: 0, green: 0, blue: 1), userInfo: ["url": "https://lamina.dev"])
        text.append(link)
        text.append(TextFixtures.text(" today"))
        let layout = TextLayout(container: TextContainer(width: 300), text: text)
        let rect = try #require(layout.rects(for: 8..<9).first)
        let hit = try #require(layout.highlight(at: rect.center))
        #expect(hit.range == 6..<16)
        #expect(hit.highlight.userInfo["url"] == "https://lamina.dev")
        let plain = try #require(layout.rects(for: 1..<2).first)
        #expect(layout.highlight(at: plain.center) == nil)
        #expect(layout.highlight(at: Point(x: rect.midX, y: rect.maxY + 40)) == nil)
    }

    /// Text cut at two lines, ending in "… more" whose "more" is tappable.
    static func truncatedWithMore(tokenHighlight: Bool = true) -> TextLayout {
        var ellipsis = TextFixtures.text("… ")
        var more = TextFixtures.text("more")
        if tokenHighlight {
            more.highlight = TextHighlight(color: Color(red: 0, green: 0, blue: 1), userInfo: ["action": "expand"])
        }
        ellipsis.foregroundColor = .black
        return TextLayout(container: TextContainer(size: Size(width: 240, height: .infinity), maximumNumberOfLines: 2,
                                                   truncationType: .tail, truncationToken: ellipsis + more),
                          text: TextFixtures.text(TextFixtures.paragraph))
    }

    @Test("a highlight in the truncation token is found under its glyphs, with its range in the token")
    func truncationTokenHighlight() throws {
        let layout = Self.truncatedWithMore()
        let line = try #require(layout.truncatedLine)
        let tokenRuns = line.runs.filter(\.isTruncationToken)
        let moreRun = try #require(tokenRuns.last)
        let center = Point(x: line.origin.x + moreRun.x + moreRun.width / 2, y: line.origin.y - line.ascent / 2)
        let hit = try #require(layout.highlight(at: center))
        #expect(hit.isInTruncationToken)
        #expect(hit.range == 2..<6, "\"more\" in \"… more\"")
        #expect(hit.highlight.userInfo["action"] == "expand")
        let rects = layout.rects(for: hit)
        #expect(rects.count == 1)
        #expect(rects.first.map { $0.contains(center) } == true)
        // The ellipsis before it carries no highlight, and the text's own characters none either.
        let ellipsisRun = try #require(tokenRuns.first)
        #expect(layout.highlight(at: Point(x: line.origin.x + ellipsisRun.x + 1, y: center.y)) == nil)
        #expect(layout.highlight(at: Point(x: line.origin.x + 4, y: center.y)) == nil)
        // Below the line, and in a token without a highlight: nothing.
        #expect(layout.highlight(at: Point(x: center.x, y: line.origin.y + line.descent + 20)) == nil)
        #expect(Self.truncatedWithMore(tokenHighlight: false).highlight(at: center) == nil)
        // A text hit is not a token hit: its rects are the text's.
        #expect(layout.rects(for: TextHighlightHit(highlight: hit.highlight, range: 0..<4)) == layout.rects(for: 0..<4))
    }
}

