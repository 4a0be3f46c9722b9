import LaminaGraphics

/// Which of the two characters meeting at a caret position the caret goes with. Where both are
/// beside each other on screen (inside a run of one direction) it makes no difference; where they
/// are not — at a direction change, or where a line wraps — the two affinities put the caret in
/// two places (`NSSelectionAffinity` in AppKit; UIKit's `UITextStorageDirection`).
public enum TextAffinity: Sendable, Hashable {
    /// With the character before the position: the caret sits where that character's reading
    /// ends (on the line it is on, when the line wraps there).
    case upstream
    /// With the character after the position: the caret sits where that character's reading
    /// starts. The default.
    case downstream
}

/// A caret position: a UTF-16 offset between characters and its ``TextAffinity``.
public struct TextCaretPosition: Sendable, Hashable {
    /// The offset, 0 through the text's length.
    public let index: Int
    /// Which character at the offset the caret goes with.
    public let affinity: TextAffinity

    /// A position.
    public init(index: Int, affinity: TextAffinity = .downstream) {
        self.index = index
        self.affinity = affinity
    }
}

extension TextLayout {
    /// Where the caret for `position` is drawn: a zero-width rectangle (its x is the caret's)
    /// from its line's ascent to its descent, in the line frame. Downstream, the caret sits
    /// at the reading start of the character after the offset — its left edge, or its right edge
    /// when that character is right to left; upstream, at the reading end of the character before.
    /// At a direction change the two are different places on the line, and where a line wraps,
    /// upstream is the end of the first line and downstream the start of the next. Offsets clamp
    /// to the text, and inside a character move to its start; offsets in text that was not laid
    /// out (cut by the container) go to the end of the last line. Nil when there are no lines.
    func lineCaretRect(for position: TextCaretPosition) -> Rect? {
        guard let last = lines.last else { return nil }
        let index = min(max(position.index, 0), shaped.storage.count)
        let line = caretLine(for: index, affinity: position.affinity) ?? last
        let cells = cells(of: line)
        let x: Double
        let before = cells.first { $0.end == index && $0.offset < index && $0.offset >= line.range.lowerBound }
        let after = cells.first { $0.offset == index && $0.end > index }
        let inside = cells.first { $0.offset < index && index < $0.end }
        switch (position.affinity, before, after) {
        case (.upstream, let before?, _), (.downstream, let before?, nil):
            x = before.trailingX
        case (_, _, let after?):
            x = after.leadingX
        default:
            if let inside {
                x = inside.leadingX
            } else {
                // Past the drawn text (hanging spaces, a hard break, an empty line, cut text): the
                // paragraph's trailing end; at an empty line's start, its leading end.
                let rightToLeft = shaped.isRightToLeftParagraph(at: min(line.range.lowerBound, max(shaped.storage.count - 1, 0)))
                let atStart = index <= line.range.lowerBound && !cells.contains { $0.offset < index }
                x = rightToLeft == atStart ? line.width : 0
            }
        }
        // Glyphs kerned past their line's ends (negative kerning) do not take the caret with them.
        return Rect(x: line.origin.x + x.clamped(to: 0...max(line.width, 0)), y: line.origin.y - line.ascent, width: 0,
                    height: line.ascent + line.descent)
    }

    /// The caret position nearest `point` (in the line frame, ``TextLayout/lineFrameTransform``): on the nearest line, the
    /// character edge nearest the point — a character's reading start gives its offset,
    /// downstream; its reading end the offset after it, upstream. Nil when there are no lines.
    func caretPosition(inLinesAt point: Point) -> TextCaretPosition? {
        guard point.isFinite, let line = nearestLine(to: point) else { return nil }
        let cells = cells(of: line)
        guard !cells.isEmpty else { return TextCaretPosition(index: line.range.lowerBound) }
        let x = point.x - line.origin.x
        let cell = cells.first { x < $0.maxX } ?? cells[cells.count - 1]
        let nearLeft = x < (cell.minX + cell.maxX) / 2
        // The left edge is the reading start of a left-to-right character, the end of a
        // right-to-left one.
        return nearLeft != cell.isRightToLeft
            ? TextCaretPosition(index: cell.offset, affinity: .downstream)
            : TextCaretPosition(index: cell.end, affinity: .upstream)
    }

    /// The rectangles covering the characters of `range` that were laid out, in container
    /// coordinates: on each line, one for each stretch of selected characters that sit side by
    /// side — a range that crosses a direction change covers several pieces of its line, as a
    /// selection does. From each line's ascent to its descent, and inside the line's box.
    func lineSelectionRects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for line in lines where line.range.overlaps(range) {
            var open: (minX: Double, maxX: Double)?
            func flush() {
                guard let stretch = open else { return }
                let limit = max(line.width, 0)
                let minX = stretch.minX.clamped(to: 0...limit), maxX = stretch.maxX.clamped(to: 0...limit)
                rects.append(Rect(x: line.origin.x + minX, y: line.origin.y - line.ascent, width: maxX - minX,
                                  height: line.ascent + line.descent))
                open = nil
            }
            for cell in cells(of: line) {
                guard cell.offset < cell.end, range.contains(cell.offset) else {
                    flush()
                    continue
                }
                open = open.map { ($0.minX, max($0.maxX, cell.maxX)) } ?? (cell.minX, cell.maxX)
            }
            flush()
        }
        return rects
    }

    /// The line a caret at `index` with `affinity` belongs on: upstream, the line holding the
    /// character before; downstream, the line holding the character after; the other when there
    /// is none.
    private func caretLine(for index: Int, affinity: TextAffinity) -> TextLine? {
        let holdingBefore = lines.first { $0.range.lowerBound < index && index <= $0.range.upperBound }
        let holdingAfter = lines.first { $0.range.contains(index) }
        switch affinity {
        case .upstream: return holdingBefore ?? holdingAfter
        case .downstream: return holdingAfter ?? holdingBefore
        }
    }
}

extension TextLayout {
    /// Whether the paragraph holding the UTF-16 offset `index` reads right to left: its base
    /// direction as laid out (``ParagraphStyle/baseWritingDirection``, and for `natural` the
    /// first strong character, UAX #9 rules P2–P3). What an editor's arrow keys and Home and End
    /// need to know which way a line starts.
    public func isRightToLeftParagraph(at index: Int) -> Bool {
        guard let levels = shaped.bidi?.paragraphLevels, !levels.isEmpty else { return false }
        return levels[min(max(index, 0), levels.count - 1)] & 1 == 1
    }
}
