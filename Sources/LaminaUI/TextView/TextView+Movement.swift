import LaminaGraphics
import LaminaText

/// Where the caret goes: by character, by word, on screen across mixed-direction lines, up and
/// down a line, to a line's ends. Offsets are over the whole text; each paragraph is segmented
/// on its own (a "\n" is a character of the paragraph it ends).
extension TextView {
    /// The segmentation of the paragraph at `index`, and its start offset.
    func segmentation(ofParagraph index: Int) -> (TextSegmentation, start: Int) {
        let paragraph = document.paragraphs[index]
        if let cached = segmentationCache, cached.id == paragraph.id { return (cached.segmentation, document.starts[index]) }
        let segmentation = TextSegmentation(String(paragraph.text.characters[...]))
        segmentationCache = (paragraph.id, segmentation)
        return (segmentation, document.starts[index])
    }

    /// The paragraph to look in for what comes before `offset`: the one holding it, or at a
    /// paragraph's start the one before, with the offset inside it.
    private func paragraph(before offset: Int) -> (TextSegmentation, start: Int, local: Int) {
        var index = document.paragraphIndex(containing: offset)
        if offset == document.starts[index], index > 0 { index -= 1 }
        let (segmentation, start) = segmentation(ofParagraph: index)
        return (segmentation, start, offset - start)
    }

    private func paragraph(after offset: Int) -> (TextSegmentation, start: Int, local: Int) {
        let index = document.paragraphIndex(containing: offset)
        let (segmentation, start) = segmentation(ofParagraph: index)
        return (segmentation, start, offset - start)
    }

    func characterBoundary(atOrBefore offset: Int) -> Int {
        let offset = min(max(offset, 0), document.length)
        let (segmentation, start, local) = paragraph(after: offset)
        return start + segmentation.characterBoundary(atOrBefore: local)
    }

    func characterBoundary(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let (segmentation, start, local) = paragraph(before: min(offset, document.length))
        return start + segmentation.characterBoundary(before: local)
    }

    func characterBoundary(after offset: Int) -> Int {
        guard offset < document.length else { return document.length }
        let (segmentation, start, local) = paragraph(after: max(offset, 0))
        return start + segmentation.characterBoundary(after: local)
    }

    func backspaceStart(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let (segmentation, start, local) = paragraph(before: min(offset, document.length))
        return start + segmentation.backspaceStart(before: local)
    }

    /// The start of the word before `offset` (Ctrl-Left in left-to-right text); across a
    /// paragraph's start, the last word of the paragraph before.
    func wordStart(before offset: Int) -> Int {
        var offset = min(max(offset, 0), document.length)
        while offset > 0 {
            let (segmentation, start, local) = paragraph(before: offset)
            let found = segmentation.wordStart(before: local)
            if found < local, segmentation.isWord(at: found) { return start + found }
            if start == 0 { return 0 }
            offset = start
        }
        return 0
    }

    /// The end of the word after `offset` (Ctrl-Right in left-to-right text); across a
    /// paragraph's end, the first word of the paragraph after.
    func wordEnd(after offset: Int) -> Int {
        var index = document.paragraphIndex(containing: min(max(offset, 0), document.length))
        var local = offset - document.starts[index]
        while true {
            let (segmentation, start) = segmentation(ofParagraph: index)
            let found = segmentation.wordEnd(after: local)
            if found > local, segmentation.isWord(at: found - 1) { return start + found }
            if index == document.paragraphs.count - 1 { return document.length }
            index += 1
            local = 0
        }
    }

    /// The word (or the run of spaces or punctuation) at `offset`, for a double click.
    func wordRange(at offset: Int) -> Range<Int> {
        let index = document.paragraphIndex(containing: min(max(offset, 0), document.length))
        let (segmentation, start) = segmentation(ofParagraph: index)
        let contentLength = document.paragraphs[index].contentLength
        let local = min(offset - start, max(contentLength - 1, 0))
        let range = segmentation.wordRange(at: local)
        return (start + range.lowerBound)..<(start + min(range.upperBound, contentLength))
    }

    /// The paragraph at `offset` with its line end, for a triple click.
    func paragraphRange(at offset: Int) -> Range<Int> {
        document.range(ofParagraph: document.paragraphIndex(containing: min(max(offset, 0), document.length)))
    }

    // MARK: - On screen

    /// The caret positions on the line of `position`, left to right, with their x.
    private func caretStops(onLineOf position: TextCaretPosition) -> (stops: [(x: Double, position: TextCaretPosition)],
                                                                        line: TextLine, paragraph: Int)? {
        guard let (paragraph, line) = document.line(containing: position) else { return nil }
        let (segmentation, start) = segmentation(ofParagraph: paragraph)
        let contentLength = document.paragraphs[paragraph].contentLength
        let lineY = caretRect(for: position).midY
        var stops: [(x: Double, position: TextCaretPosition)] = []
        for local in segmentation.characterBoundaries where local >= line.range.lowerBound
            && local <= min(line.range.upperBound, contentLength) {
            for affinity in [TextAffinity.upstream, .downstream] {
                let candidate = TextCaretPosition(index: start + local, affinity: local == 0 ? .downstream : affinity)
                let rect = caretRect(for: candidate)
                guard abs(rect.midY - lineY) < 0.5 else { continue }
                if !stops.contains(where: { abs($0.x - rect.minX) < 0.01 }) { stops.append((rect.minX, candidate)) }
            }
        }
        stops.sort { $0.x < $1.x }
        return (stops, line, paragraph)
    }

    /// One character to the left or right on screen; past the line's end, on to the next line
    /// (or back to the previous one), as the paragraph reads.
    func visualPosition(from position: TextCaretPosition, right: Bool) -> TextCaretPosition {
        guard let (stops, line, paragraph) = caretStops(onLineOf: position) else { return position }
        let x = caretRect(for: position).minX
        let next = right ? stops.first { $0.x > x + 0.01 } : stops.last { $0.x < x - 0.01 }
        if let next { return next.position }
        let start = document.starts[paragraph]
        let readsRightToLeft = document.paragraphs[paragraph].layout.isRightToLeftParagraph(at: line.range.lowerBound)
        let forward = right != readsRightToLeft
        if forward {
            let end = min(start + line.range.upperBound, document.length)
            let lineEnd = min(end, start + document.paragraphs[paragraph].contentLength)
            let target = lineEnd < start + document.paragraphs[paragraph].contentLength ? lineEnd : characterBoundary(after: lineEnd)
            return TextCaretPosition(index: target, affinity: .downstream)
        }
        let lineStart = start + line.range.lowerBound
        guard lineStart > 0 else { return TextCaretPosition(index: 0) }
        let target = line.range.lowerBound > 0 ? lineStart : characterBoundary(before: lineStart)
        return TextCaretPosition(index: target, affinity: .upstream)
    }

    /// The position a line up or down at `x` (the goal x of a run of Up and Down presses), or
    /// nil past the first or last line.
    func verticalPosition(from position: TextCaretPosition, down: Bool, x: Double) -> TextCaretPosition? {
        let rect = document.caretRect(for: position)
        let y = down ? rect.maxY + 1 : rect.minY - 1
        guard y >= 0, y < document.height else { return nil }
        return document.caretPosition(at: Point(x: x, y: y))
    }

    /// The logical start or end of the caret's line (Home and End): the end stops before the
    /// line's trailing spaces' break or its line end.
    func lineBoundary(of position: TextCaretPosition, end: Bool) -> TextCaretPosition {
        guard let (paragraph, line) = document.line(containing: position) else { return position }
        let start = document.starts[paragraph]
        guard end else { return TextCaretPosition(index: start + line.range.lowerBound, affinity: .downstream) }
        let contentLength = document.paragraphs[paragraph].contentLength
        if line.range.upperBound >= contentLength {
            return TextCaretPosition(index: start + contentLength, affinity: .upstream)
        }
        return TextCaretPosition(index: start + line.range.upperBound, affinity: .upstream)
    }
}
