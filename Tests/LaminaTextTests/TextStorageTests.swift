import Foundation
import LaminaGraphics
@testable import LaminaText
import LaminaTesting
import Testing

/// `TextStorage` finds attribute runs with `index(afterRun:)` and reads each run's attributes
/// from its substring, instead of walking `text.runs` (much slower on this toolchain). These
/// tests hold it to the slow path: the same UTF-16 ranges and the same values, run for run.
@Suite("Text storage")
struct TextStorageTests {
    /// Reads `text` the plain way, through `text.runs`: each non-empty run's UTF-16 range and
    /// the attributes it resolves to (the rules of ``TextRunAttributes``'s documentation).
    static func expectedRuns(of text: AttributedString, defaultFont: Font) -> [TextStorage.Run] {
        var runs: [TextStorage.Run] = []
        var offset = 0
        for run in text.runs {
            let end = offset + text[run.range].utf16.count
            defer { offset = end }
            guard end > offset else { continue }
            var attributes = TextRunAttributes(font: run.font ?? defaultFont)
            attributes.foregroundColor = run.highlight?.color ?? run.foregroundColor ?? .black
            attributes.backgroundColor = run.backgroundColor
            attributes.underline = run.underline
            attributes.strikethrough = run.strikethrough
            attributes.shadow = run.textShadow
            attributes.kern = run.kern.flatMap { $0.isFinite ? $0 : nil } ?? 0
            attributes.paragraphStyle = run.paragraphStyle ?? .default
            attributes.attachment = run.attachment
            attributes.highlight = run.highlight
            attributes.backgroundBorder = run.backgroundBorder
            attributes.blockBorder = run.blockBorder
            if run.attachment != nil, run.font == nil, let previous = runs.last {
                attributes.font = previous.attributes.font
            }
            runs.append(TextStorage.Run(range: offset..<end, attributes: attributes))
        }
        return runs
    }

    /// The fuzz test's random texts, with more attributes over random ranges: colours,
    /// decorations, shadows, highlights, odd kerns, borders, and Foundation's own `link`, which Lamina
    /// does not read but which still splits runs.
    static func randomText(_ random: inout SplitMix64) -> AttributedString {
        var text = LayoutFuzzTests.randomText(&random)
        let characters = text.characters.count
        guard characters > 0 else { return text }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let lower = Int.random(in: 0..<characters, using: &random)
            let upper = Int.random(in: lower...characters, using: &random)
            let start = text.index(text.startIndex, offsetByCharacters: lower)
            let range = start..<text.index(text.startIndex, offsetByCharacters: upper)
            let color = Color(red: Double.random(in: 0...1, using: &random), green: 0.5, blue: 0.25, alpha: 1)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: text[range].foregroundColor = color
            case 1: text[range].backgroundColor = color
            case 2: text[range].underline = TextDecoration(style: .double, color: color)
            case 3: text[range].strikethrough = TextDecoration()
            case 4: text[range].textShadow = TextShadow(offset: Size(width: 1, height: 2), blur: 3, color: color)
            case 5: text[range].highlight = TextHighlight(color: Bool.random(using: &random) ? color : nil,
                                                          userInfo: ["row": String(lower)])
            case 6: text[range].kern = [Double.nan, .infinity, -2, 0.5].randomElement(using: &random)!
            case 7: text[range].backgroundBorder = TextBorder(fillColor: color, strokeColor: .black, strokeWidth: 1,
                                                              cornerRadius: 3, insets: EdgeInsets(all: -1))
            case 8: text[range].blockBorder = TextBorder(fillColor: color, strokeColor: color, strokeWidth: 2,
                                                         lineStyle: .double, shadow: TextShadow(offset: Size(width: 0, height: 1)))
            default: text[range].link = URL(string: "https://example.com/\(lower)")
            }
        }
        return text
    }

    @Test("runs and attributes are those of text.runs, for 2,000 random attributed strings")
    func agreesWithRuns() {
        let defaultFont = Font.system(size: 13)
        for seed in 0..<2_000 as Range<UInt64> {
            var random = SplitMix64(seed: seed)
            let text = Self.randomText(&random)
            let storage = TextStorage(text, defaultFont: defaultFont)
            let expected = Self.expectedRuns(of: text, defaultFont: defaultFont)
            #expect(storage.units == Array(String(text.characters).utf16), "seed \(seed)")
            #expect(storage.runs.map(\.range) == expected.map(\.range), "seed \(seed)")
            #expect(storage.runs.map(\.attributes) == expected.map(\.attributes), "seed \(seed)")
        }
    }

    @Test("UTF-16 transcoded from UTF-8 of every length: ASCII, Latin, Hebrew, Arabic, CJK, emoji, flags")
    func utf16() {
        let strings = ["", "plain", "café", "שלום (בדיקה 123) and مرحبا", "漢字かな", "a😀b👍🏽🇫🇷",
                       "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"]
        for string in strings {
            #expect(TextStorage.utf16(of: string) == Array(string.utf16), "\(string)")
        }
    }

    @Test("empty text has no runs; one attribute run is one storage run")
    func edges() {
        #expect(TextStorage(AttributedString(), defaultFont: .system(size: 12)).runs.isEmpty)
        var text = AttributedString("one run")
        text.font = .system(size: 20)
        let storage = TextStorage(text, defaultFont: .system(size: 12))
        #expect(storage.runs.map(\.range) == [0..<7])
        #expect(storage.runs.first?.attributes.font == .system(size: 20))
    }
}
