import Foundation
import LaminaGraphics
@testable import LaminaText
import PangoOracle
import Testing

/// Tabbed lines laid out by Lamina and by Pango at the same stops: every glyph at the same x
/// from the line's left edge, within half a pixel.
@Suite("Tab agreement with Pango")
struct TabPangoAgreementTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let text: String
        let stops: [TextTab]
        var testDescription: String { "\(text.prefix(20))… with \(stops.count) stops" }
    }

    static let samples: [Sample] = [
        Sample(text: "Name:\tAda Lovelace\nBorn:\t1815\nField:\tMathematics",
               stops: [TextTab(location: 80)]),
        Sample(text: "a\tb\tc\td", stops: [TextTab(location: 40), TextTab(location: 90), TextTab(location: 170)]),
        Sample(text: "Item\t12.50\nLonger item\t3.5\nTotal\t1234.75",
               stops: [TextTab(.decimal, location: 180)]),
        Sample(text: "Left\tCentred\tRight", stops: [TextTab(.center, location: 140), TextTab(.right, location: 300)]),
        Sample(text: "x\t\ty", stops: [TextTab(location: 50), TextTab(location: 120)]),
    ]

    @Test("each glyph at Pango's x on a tabbed line", arguments: samples)
    func agrees(_ sample: Sample) throws {
        let size = 15.0, width = 400.0
        let layout = TextLayout(container: TextContainer(width: width),
                                text: TextFixtures.text(sample.text, size: size,
                                                        style: ParagraphStyle(tabStops: sample.stops)))
        let tabs: [PangoOracle.TabStop] = sample.stops.map { stop in
            switch stop.alignment {
            case .left: .left(stop.location)
            case .right: .right(stop.location)
            case .center: .center(stop.location)
            case .decimal: .decimal(stop.location)
            }
        }
        let pango = PangoOracle.glyphs(text: sample.text, fontFamily: "DejaVu Sans", pixelSize: size, width: width, tabs: tabs)
        let units = Array(sample.text.utf16)
        for (number, line) in layout.lines.enumerated() {
            var ours: [(offset: Int, x: Double)] = []
            for run in line.runs {
                run.forEachGlyph { glyph, position, _ in ours.append((Int(glyph.cluster), line.origin.x + position.x)) }
            }
            // Tabs are empty glyphs in Pango and spaces in Lamina: compare the visible ones.
            ours.removeAll { units[$0.offset] == 0x09 }
            let theirs = pango.filter { $0.line == number && units[$0.offset] != 0x09 && units[$0.offset] != 0x0A }
            #expect(ours.map(\.offset) == theirs.map(\.offset), "line \(number)")
            for (mine, pangos) in zip(ours, theirs) {
                #expect(abs(mine.x - pangos.x) < 0.5, "line \(number), offset \(mine.offset): \(mine.x) here, \(pangos.x) in Pango")
            }
        }
    }
}
