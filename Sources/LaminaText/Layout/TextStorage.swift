import Foundation
import LaminaGraphics

/// Attributed text flattened for layout: the UTF-16 code units, and runs of resolved attributes
/// over UTF-16 ranges. Every offset inside LaminaText is a UTF-16 offset, as ICU and HarfBuzz
/// count them.
struct TextStorage: Sendable {
    struct Run: Sendable {
        var range: Range<Int>
        var attributes: TextRunAttributes
    }

    /// The text, as typed (hard breaks, controls and all).
    let units: [UInt16]
    /// Attribute runs covering `0..<units.count` in order, none empty.
    let runs: [Run]

    init(_ text: AttributedString, defaultFont: Font) {
        // Foundation's UTF-16 view walks its string tree one index at a time; decoding the UTF-8
        // view into a native String once and taking that String's UTF-16 is several times faster.
        let units = Array(String(decoding: text.utf8, as: UTF8.self).utf16)
        var runs: [Run] = []
        var offset = 0
        for run in text.runs {
            // The last run ends with the text; only the others need their end measured.
            let end = run.range.upperBound == text.endIndex ? units.count
                : text.utf16.distance(from: text.startIndex, to: run.range.upperBound)
            guard end > offset else { continue }
            var attributes = TextRunAttributes(font: run[LaminaFontAttribute.self] ?? defaultFont)
            if let color = run[LaminaForegroundColorAttribute.self] { attributes.foregroundColor = color }
            attributes.backgroundColor = run[LaminaBackgroundColorAttribute.self]
            attributes.underline = run[LaminaUnderlineAttribute.self]
            attributes.strikethrough = run[LaminaStrikethroughAttribute.self]
            attributes.shadow = run[LaminaTextShadowAttribute.self]
            if let kern = run[LaminaKernAttribute.self], kern.isFinite { attributes.kern = kern }
            if let style = run[LaminaParagraphStyleAttribute.self] { attributes.paragraphStyle = style }
            attributes.attachment = run[LaminaAttachmentAttribute.self]
            attributes.highlight = run[LaminaHighlightAttribute.self]
            if let highlight = attributes.highlight, let color = highlight.color {
                attributes.foregroundColor = color
            }
            // An attachment without a font of its own aligns to the text before it.
            if attributes.attachment != nil, run[LaminaFontAttribute.self] == nil, let previous = runs.last {
                attributes.font = previous.attributes.font
            }
            runs.append(Run(range: offset..<min(end, units.count), attributes: attributes))
            offset = min(end, units.count)
        }
        self.units = units
        self.runs = runs
    }

    /// Storage of `units` with one attribute run (or none, when empty).
    init(units: [UInt16], attributes: TextRunAttributes) {
        self.units = units
        runs = units.isEmpty ? [] : [Run(range: 0..<units.count, attributes: attributes)]
    }

    var count: Int { units.count }

    /// The index of the run containing `offset` (the last run for the end of the text).
    func runIndex(at offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    /// The attributes at `offset`, or nil for empty text.
    func attributes(at offset: Int) -> TextRunAttributes? {
        runs.isEmpty ? nil : runs[runIndex(at: offset)].attributes
    }
}
