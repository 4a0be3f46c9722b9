import Foundation
import LaminaGraphics

/// Cuts the last line of a layout whose text did not all fit, and puts the truncation token
/// where the cut is (YYText's truncation): at the end (tail), the start (head) or the middle.
/// Cuts fall on grapheme boundaries; the token is shaped on its own, in its own attributes, with
/// the replaced text's font where it sets none.
struct Truncation {
    let shaped: ShapedText
    let type: TruncationType
    let token: AttributedString?

    /// The truncated version of `line`, whose visible part is `visible`.
    func truncate(_ line: TextLine, visible: Range<Int>) -> TextLine {
        let available = line.fragment.width
        let boundaries = graphemeBoundaries(of: visible)
        let cutOffset: Int = switch type {
        case .head: visible.lowerBound
        case .none, .tail, .middle: visible.upperBound > visible.lowerBound ? visible.upperBound - 1 : visible.lowerBound
        }
        let tokenText = makeToken(at: cutOffset)
        let (tokenRuns, tokenWidth) = tokenText.glyphRuns(for: 0..<tokenText.storage.count, isTruncationToken: true)
        let room = max(available - tokenWidth, 0)
        var pieces: [GlyphRun] = []
        var pen = 0.0
        func appendText(_ range: Range<Int>) {
            let (runs, width) = shaped.glyphRuns(for: range, startX: pen)
            pieces += runs
            pen += width
        }
        func appendToken(at offset: Int) {
            pieces += tokenRuns.map { $0.moved(by: pen, range: offset..<offset) }
            pen += tokenWidth
        }
        switch type {
        case .none, .tail:
            let end = lastBoundary(in: boundaries, from: visible.lowerBound, fitting: room)
            appendText(visible.lowerBound..<end)
            appendToken(at: end)
        case .head:
            let start = firstBoundary(in: boundaries, to: visible.upperBound, fitting: room)
            appendToken(at: start)
            appendText(start..<visible.upperBound)
        case .middle:
            let end = lastBoundary(in: boundaries, from: visible.lowerBound, fitting: room / 2)
            let start = max(firstBoundary(in: boundaries, to: visible.upperBound, fitting: room / 2), end)
            appendText(visible.lowerBound..<end)
            appendToken(at: end)
            appendText(start..<visible.upperBound)
        }
        let rightToLeft = shaped.isRightToLeftParagraph(at: line.range.lowerBound)
        if let levels = shaped.bidi?.levels {
            // The token reads in the paragraph's direction: after a right-to-left line's text is
            // on its left.
            let paragraphLevel: UInt8 = rightToLeft ? 1 : 0
            pieces = ShapedText.visualOrder(pieces, levels: pieces.map {
                $0.isTruncationToken ? paragraphLevel : levels[min($0.range.lowerBound, levels.count - 1)]
            })
        }
        let metrics = Typesetter.metrics(of: pieces, fallback: shaped.storage.font(at: cutOffset))
        // The line keeps its leading edge: its left in a left-to-right paragraph, its right in a
        // right-to-left one.
        let leading = rightToLeft ? line.origin.x + line.width - pen : line.origin.x
        let x = line.fragment.minX + (leading - line.fragment.minX).clamped(to: 0...max(available - pen, 0))
        return TextLine(range: line.range, row: line.row, origin: Point(x: x, y: line.origin.y),
                        ascent: max(line.ascent, metrics.ascent), descent: max(line.descent, metrics.descent),
                        width: max(pen, 0), runs: pieces, isTruncated: true, fragment: line.fragment)
    }

    private func makeToken(at offset: Int) -> ShapedText {
        let attributes = shaped.storage.attributes(at: offset) ?? TextRunAttributes(font: TextLayout.defaultFont)
        var plain = attributes
        plain.attachment = nil
        plain.highlight = nil
        plain.backgroundColor = nil
        plain.backgroundBorder = nil
        plain.blockBorder = nil
        guard let token, !token.characters.isEmpty else {
            return ShapedText(storage: TextStorage(units: Array("\u{2026}".utf16), attributes: plain),
                              isVertical: shaped.isVertical)
        }
        return ShapedText(storage: TextStorage(token, defaultFont: attributes.font), isVertical: shaped.isVertical)
    }

    /// The UTF-16 offsets of the grapheme boundaries of `range`, both ends included.
    private func graphemeBoundaries(of range: Range<Int>) -> [Int] {
        var boundaries = [range.lowerBound]
        var offset = range.lowerBound
        let text = String(decoding: shaped.storage.units[range], as: UTF16.self)
        for character in text {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        return boundaries
    }

    /// The furthest boundary whose text from `start` (without hanging spaces) fits `width`.
    private func lastBoundary(in boundaries: [Int], from start: Int, fitting width: Double) -> Int {
        var best = start
        for boundary in boundaries where shaped.width(of: trimmedEnd(start..<boundary)) <= width + 1e-6 {
            best = boundary
        }
        return trimmedEnd(start..<best).upperBound
    }

    /// The earliest boundary whose text up to `end` fits `width`.
    private func firstBoundary(in boundaries: [Int], to end: Int, fitting width: Double) -> Int {
        for boundary in boundaries where boundary <= end && shaped.width(of: boundary..<end) <= width + 1e-6 {
            var start = boundary
            // Leading spaces after the token would only look like a gap.
            while start < end && shaped.storage.units[start] == 0x20 { start += 1 }
            return start
        }
        return end
    }

    private func trimmedEnd(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && UnicodeClasses.hangs(shaped.storage.units[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }
}

extension GlyphRun {
    /// The same run moved right by `dx`, reporting `range` as the text it stands for.
    func moved(by dx: Double, range: Range<Int>) -> GlyphRun {
        GlyphRun(range: range, storage: storage, attributeIndex: attributeIndex, x: x + dx, width: width,
                 shapedGlyphs: shapedGlyphs, glyphRange: glyphRange, face: face, size: size,
                 isTruncationToken: isTruncationToken, isRightToLeft: isRightToLeft, isUpright: isUpright)
    }
}

extension Comparable {
    func clamped(to limits: ClosedRange<Self>) -> Self {
        min(max(self, limits.lowerBound), limits.upperBound)
    }
}
