import Foundation
import LaminaGraphics
@testable import LaminaText
import LaminaTesting
import Testing

/// Random mixed-direction text with tabs and random tab stops in random containers, one in four
/// of them vertical: the layout
/// invariants hold, and so do the bidi ones — each line's runs sit side by side left to right and cover its text once, every
/// caret position has a caret on its line, a point on a caret finds a position on that line,
/// and selection rectangles stay inside their lines.
@Suite("Bidi fuzzing")
struct BidiFuzzTests {
    static let pieces = [
        "שלום", "עולם", "مرحبا", "سلام", "بالعالم", "abc", "Lamina", "123", "4.5", "-7", "%", " ", "  ", "\n",
        "(", ")", "[", "]", "«", "»", "\u{200F}", "\u{200E}", "\u{202B}", "\u{202A}", "\u{202C}", "\u{2067}", "\u{2066}",
        "\u{2069}", "\u{0651}", "\u{05B8}", "ב\u{05BC}", "😀", "漢字", "\t", "\t\t", "3.25", "\u{0661}\u{0662}", "ffi",
        "縦書き、", "ー（）", "っ。", "A\u{0301}",
    ]

    static func randomText(_ random: inout SplitMix64) -> AttributedString {
        var text = AttributedString()
        for _ in 0..<Int.random(in: 0...16, using: &random) {
            var piece = AttributedString(pieces.randomElement(using: &random)!)
            if Bool.random(using: &random) { piece.font = .system(size: Double.random(in: 5...30, using: &random)) }
            if Int.random(in: 0..<5, using: &random) == 0 { piece.kern = Double.random(in: -3...3, using: &random) }
            if Int.random(in: 0..<4, using: &random) == 0 {
                let stops = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    TextTab(TextTab.Alignment.allCases.randomElement(using: &random)!,
                            location: Double.random(in: -20...300, using: &random))
                }
                piece.paragraphStyle = ParagraphStyle(
                    alignment: TextAlignment.allCases.randomElement(using: &random)!,
                    baseWritingDirection: WritingDirection.allCases.randomElement(using: &random)!,
                    tabStops: Bool.random(using: &random) ? TextTab.textKitDefaults : stops,
                    defaultTabInterval: Double.random(in: -10...60, using: &random))
            }
            text.append(piece)
        }
        return text
    }

    static func check(_ layout: TextLayout, seed: UInt64) {
        LayoutFuzzTests.check(layout, seed: seed)
        // Carets and selections come in container coordinates; the lines' boxes are in the line
        // frame (turned for vertical text).
        let toLines = layout.lineFrameTransform.inverted() ?? .identity
        func inLines(_ rect: Rect) -> Rect { toLines.apply(to: rect) }
        for line in layout.lines {
            var pen = line.runs.first?.x ?? 0
            for run in line.runs {
                #expect(abs(run.x - pen) < 1e-6, "seed \(seed): runs not side by side")
                pen = run.x + run.width
            }
            if !line.isTruncated {
                let covered = line.runs.flatMap { Array($0.range) }.sorted()
                #expect(covered == Array(Set(covered)).sorted(), "seed \(seed): a unit drawn twice")
            }
            let box = line.bounds
            // Downstream, the offsets whose next character is on the line; upstream, those whose
            // previous one is.
            let positions = line.range.map { TextCaretPosition(index: $0, affinity: .downstream) }
                + line.range.map { TextCaretPosition(index: $0 + 1, affinity: .upstream) }
            for position in positions {
                do {
                    let (index, affinity) = (position.index, position.affinity)
                    guard let caret = layout.caretRect(for: TextCaretPosition(index: index, affinity: affinity)).map(inLines) else {
                        Issue.record("seed \(seed): no caret for \(index)")
                        continue
                    }
                    #expect(caret.minX >= box.minX - 1e-6 && caret.minX <= box.maxX + 1e-6 && abs(caret.midY - box.midY) < 1e-6
                            || line.isTruncated, "seed \(seed): caret \(index) \(affinity) at \(caret) off its line \(box)")
                }
            }
            for rect in layout.selectionRects(for: line.range).map(inLines) {
                #expect(rect.minX >= box.minX - 1e-6 && rect.maxX <= box.maxX + 1e-6, "seed \(seed): selection off its line")
            }
            if let position = layout.caretPosition(at: layout.lineFrameTransform.apply(to: Point(x: box.midX, y: box.midY))) {
                #expect(position.index >= 0 && position.index <= layout.shaped.storage.count, "seed \(seed)")
            }
        }
    }

    @Test("random bidi text in random containers, horizontal and vertical, keeps the layout and bidi invariants (LAMINA_FUZZ=1: 20,000)")
    func fuzz() {
        let iterations = ProcessInfo.processInfo.environment["LAMINA_FUZZ"] == "1" ? 20_000 : 1_500
        for iteration in 0..<iterations {
            let seed = UInt64(iteration)
            var random = SplitMix64(seed: seed ^ 0xB1D1)
            let text = Self.randomText(&random)
            var container = LayoutFuzzTests.randomContainer(&random)
            // One in four vertical: the same invariants in the turned frame.
            container.isVerticalForm = iteration % 4 == 3
            Self.check(TextLayout(container: container, text: text), seed: seed)
        }
    }
}
