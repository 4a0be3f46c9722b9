import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Containers: truncation, maximum lines, exclusion paths, insets")
struct ContainerTests {
    let text = TextFixtures.text(TextFixtures.paragraph)

    func drawnString(of line: TextLine, in layout: TextLayout) -> String {
        let units = Array(String(layout.text.characters).utf16)
        var result = ""
        for run in line.runs {
            if run.isTruncationToken { result += "<token>"; continue }
            result += String(decoding: units[run.range], as: UTF16.self)
        }
        return result
    }

    @Test("tail truncation ends the last line with … in the text's own attributes, within the width")
    func tailTruncation() throws {
        let container = TextContainer(size: Size(width: 320, height: 40), truncationType: .tail)
        let layout = TextLayout(container: container, text: text)
        #expect(layout.lines.count == 2)
        let last = try #require(layout.truncatedLine)
        #expect(last.isTruncated)
        #expect(layout.lines.last?.isTruncated == true)
        #expect(last.width <= 320 + 1e-6)
        let token = try #require(last.runs.last)
        #expect(token.isTruncationToken)
        #expect(token.attributes.font == .system(size: 15))
        #expect(drawnString(of: last, in: layout).hasSuffix("<token>"))
        #expect(layout.visibleRange.upperBound < TextFixtures.paragraph.utf16.count)
    }

    @Test("head truncation starts the last line with the token; middle truncation puts it inside")
    func headAndMiddleTruncation() throws {
        for type in [TruncationType.head, .middle] {
            let container = TextContainer(size: Size(width: 320, height: 40), truncationType: type)
            let layout = TextLayout(container: container, text: text)
            let last = try #require(layout.truncatedLine)
            #expect(last.width <= 320 + 1e-6)
            let drawn = drawnString(of: last, in: layout)
            if type == .head {
                #expect(drawn.hasPrefix("<token>"))
            } else {
                #expect(!drawn.hasPrefix("<token>") && !drawn.hasSuffix("<token>") && drawn.contains("<token>"))
            }
        }
    }

    @Test("a custom attributed token is drawn in its own attributes")
    func customToken() throws {
        var token = AttributedString(" more")
        token.foregroundColor = Color(red: 0, green: 0, blue: 1)
        let container = TextContainer(size: Size(width: 320, height: 40), truncationType: .tail,
                                      truncationToken: token)
        let layout = TextLayout(container: container, text: text)
        let last = try #require(layout.truncatedLine)
        let tokenRun = try #require(last.runs.last)
        #expect(tokenRun.isTruncationToken)
        #expect(tokenRun.glyphs.count == 5)
        #expect(tokenRun.attributes.foregroundColor == Color(red: 0, green: 0, blue: 1))
        #expect(tokenRun.attributes.font == .system(size: 15), "the token takes the replaced text's font")
    }

    @Test("no truncation when everything fits, and none with the .none type")
    func noTruncation() {
        let fits = TextLayout(container: TextContainer(size: Size(width: 320, height: 500), truncationType: .tail),
                              text: text)
        #expect(fits.truncatedLine == nil)
        let cut = TextLayout(container: TextContainer(size: Size(width: 320, height: 40)), text: text)
        #expect(cut.truncatedLine == nil)
        #expect(cut.lines.count == 2)
    }

    @Test("the maximum number of lines limits rows, and truncates the last when asked")
    func maximumLines() throws {
        let container = TextContainer(size: Size(width: 320, height: 1000), maximumNumberOfLines: 3,
                                      truncationType: .tail)
        let layout = TextLayout(container: container, text: text)
        #expect(layout.rowCount == 3)
        #expect(layout.lines.count == 3)
        #expect(layout.truncatedLine != nil)
        let unlimited = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000)), text: text)
        #expect(unlimited.rowCount == 5)
    }

    @Test("insets move the lines and narrow them")
    func insets() {
        let insets = EdgeInsets(top: 10, left: 20, bottom: 0, right: 30)
        let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000), insets: insets), text: text)
        for line in layout.lines {
            #expect(line.origin.x == 20)
            #expect(line.width <= 270 + 1e-6)
        }
        #expect(layout.lines[0].origin.y - layout.lines[0].ascent >= 10 - 1e-9)
        #expect(layout.textBoundingSize.width <= 320)
    }

    @Test("an exclusion path in the middle splits rows into two fragments that never overlap it")
    func exclusionPathSplitsRows() throws {
        let hole = Rect(x: 130, y: 0, width: 60, height: 60)
        let container = TextContainer(size: Size(width: 320, height: 1000), exclusionPaths: [Path(rect: hole)])
        let layout = TextLayout(container: container, text: text)
        let rows = Dictionary(grouping: layout.lines, by: \.row)
        #expect(rows.values.contains { $0.count == 2 }, "some row holds two lines")
        for line in layout.lines where line.bounds.minY < hole.maxY {
            let box = line.bounds
            #expect(box.maxX <= hole.minX + 1e-6 || box.minX >= hole.maxX - 1e-6, "\(box) overlaps \(hole)")
        }
        let below = layout.lines.filter { $0.bounds.minY > hole.maxY }
        #expect(below.allSatisfy { rows[$0.row]?.count == 1 })
        // Text order: every line continues where the previous one stopped.
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
    }

    @Test("an ellipse blocks only where it is: rows near its top and bottom are wider than at its middle")
    func ellipseExclusion() {
        let ellipse = Path(ellipseIn: Rect(x: 0, y: 0, width: 160, height: 160))
        let container = TextContainer(size: Size(width: 320, height: 1000), exclusionPaths: [ellipse])
        let layout = TextLayout(container: container, text: TextFixtures.text(TextFixtures.paragraph + " " + TextFixtures.paragraph))
        let starts = layout.lines.filter { $0.bounds.minY < 160 }.map(\.fragment.minX)
        #expect(starts.count >= 4)
        #expect(starts.max()! > starts.first! + 20, "the middle rows start further right")
    }

    @Test("an exclusion covering the whole width skips rows instead of stopping")
    func fullWidthExclusionSkipsRows() throws {
        let band = Path(rect: Rect(x: -10, y: 20, width: 400, height: 40))
        let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 1000), exclusionPaths: [band]),
                                text: text)
        #expect(layout.visibleRange.upperBound == TextFixtures.paragraph.utf16.count)
        for line in layout.lines {
            #expect(line.bounds.maxY <= 20 + 1e-6 || line.bounds.minY >= 60 - 1e-6)
        }
    }
}
