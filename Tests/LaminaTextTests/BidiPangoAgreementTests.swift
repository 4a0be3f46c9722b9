import Foundation
import LaminaGraphics
@testable import LaminaText
import PangoOracle
import Testing

/// Right-to-left and mixed paragraphs laid out by Lamina (ICU's bidi, HarfBuzz) and by Pango
/// (FriBidi, HarfBuzz) in DejaVu Sans: the same line starts, and on each line the same glyphs in
/// the same visual order at the same places, within half a pixel.
@Suite("Bidi agreement with Pango")
struct BidiPangoAgreementTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Double
        var direction: WritingDirection = .natural
        var testDescription: String { "\(text.prefix(24))… at \(Int(width)) px, \(direction)" }
    }

    static let samples: [Sample] = [
        Sample(text: "שלום עולם", width: 400),
        Sample(text: "مرحبا بالعالم", width: 400),
        Sample(text: "abc אבג 123 (x).", width: 400),
        Sample(text: "ספר (עם סוגריים [מקוננים]) ו-123 דפים.", width: 400),
        Sample(text: "The word שלום means peace, and سلام too.", width: 500),
        Sample(text: "في عام 2024 كتب 3 كتب (جديدة).", width: 400),
        Sample(text: "שלום עולם, זהו טקסט ארוך (with English words) ומספרים 12345 שנשבר לכמה שורות.", width: 150),
        Sample(text: "مرحبا بالعالم، هذا نص طويل (with some English) وأرقام 678 ينكسر على عدة أسطر.", width: 160),
        Sample(text: "abc def (ghi) 42", width: 400, direction: .rightToLeft),
        Sample(text: "שלום (עולם) 42", width: 400, direction: .leftToRight),
        Sample(text: "Hello (שלום [עולם]) world", width: 90),
    ]

    @Test("line starts, and each line's glyphs in visual order at Pango's places", arguments: samples)
    func agrees(_ sample: Sample) throws {
        let size = 15.0
        let layout = TextLayout(container: TextContainer(width: sample.width),
                                text: TextFixtures.text(sample.text, size: size,
                                                        style: ParagraphStyle(baseWritingDirection: sample.direction)))
        let pangoStarts = PangoOracle.hangingTrailingWhitespace(
            PangoOracle.lineStarts(text: sample.text, fontFamily: "DejaVu Sans", pixelSize: size, width: sample.width),
            in: sample.text)
        #expect(layout.lines.map(\.range.lowerBound) == pangoStarts)
        let direction: PangoOracle.Direction = switch sample.direction {
        case .natural: .natural
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
        let pango = PangoOracle.glyphs(text: sample.text, fontFamily: "DejaVu Sans", pixelSize: size, width: sample.width,
                                       direction: direction)
        for (number, line) in layout.lines.enumerated() {
            var lamina: [(id: UInt32, x: Double, offset: Int)] = []
            for run in line.runs {
                run.forEachGlyph { glyph, position, _ in lamina.append((glyph.id, position.x, Int(glyph.cluster))) }
            }
            // Pango draws the spaces a line ends with; Lamina lets them hang, undrawn.
            let drawn = Set(lamina.map(\.offset))
            let theirs = pango.filter { $0.line == number && drawn.contains($0.offset) }
            #expect(!lamina.isEmpty)
            #expect(lamina.map(\.id) == theirs.map(\.glyph), "line \(number): the glyphs in visual order")
            guard let first = lamina.first, let theirFirst = theirs.first, lamina.count == theirs.count else { continue }
            for (ours, pangos) in zip(lamina, theirs) {
                #expect(abs((ours.x - first.x) - (pangos.x - theirFirst.x)) < 0.5,
                        "line \(number), glyph of offset \(ours.offset): \(ours.x - first.x) here, \(pangos.x - theirFirst.x) in Pango")
            }
            // The same runs read right to left.
            let rightToLeft = Set(line.runs.filter(\.isRightToLeft).flatMap { Array($0.range) })
            for glyph in theirs {
                #expect(rightToLeft.contains(glyph.offset) == (glyph.level % 2 == 1), "line \(number), offset \(glyph.offset)")
            }
        }
    }
}
