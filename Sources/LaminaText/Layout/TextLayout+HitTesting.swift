import LaminaGraphics

/// A highlight found under a point: its attributes and the whole range it covers.
///
/// A highlight can sit in the layout's text or in the truncation token (a "… more" whose "more"
/// is tappable): ``isInTruncationToken`` tells which, and ``range`` is a range of that text.
public struct TextHighlightHit: Sendable, Hashable {
    /// The highlight attribute.
    public let highlight: TextHighlight
    /// The UTF-16 range carrying it: of the layout's text, or of the container's
    /// ``TextContainer/truncationToken`` when ``isInTruncationToken``.
    public let range: Range<Int>
    /// Whether the highlight is in the truncation token rather than in the text.
    public let isInTruncationToken: Bool

    init(highlight: TextHighlight, range: Range<Int>, isInTruncationToken: Bool = false) {
        self.highlight = highlight
        self.range = range
        self.isInTruncationToken = isInTruncationToken
    }
}

extension TextLayout {
    /// The UTF-16 offset of the character under `point` (in the line frame, ``TextLayout/lineFrameTransform``), or of the
    /// nearest character on the nearest line; nil when there are no lines. A point left of a line
    /// gives its first character, right of it its last.
    func characterIndex(inLinesAt point: Point) -> Int? {
        guard point.isFinite, let line = nearestLine(to: point) else { return nil }
        let x = point.x - line.origin.x
        var last: Int?
        for cell in cells(of: line) {
            if x < cell.maxX { return cell.offset }
            last = cell.offset
        }
        return last ?? line.range.lowerBound
    }

    /// The rectangles (one per line, in the line frame) covering the characters of `range`
    /// that were laid out, from their line's ascent to its descent.
    func lineRects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for line in lines where line.range.overlaps(range) {
            var minX = Double.infinity, maxX = -Double.infinity
            for cell in cells(of: line) where range.contains(cell.offset) {
                minX = min(minX, cell.minX)
                maxX = max(maxX, cell.maxX)
            }
            guard minX <= maxX else { continue }
            rects.append(Rect(x: line.origin.x + minX, y: line.origin.y - line.ascent, width: maxX - minX,
                              height: line.ascent + line.descent))
        }
        return rects
    }

    /// The rectangles (in the line frame, ``TextLayout/lineFrameTransform``) covering a highlight found by
    /// ``highlight(at:)``: those of its text, or of its part of the truncation token.
    func lineRects(for hit: TextHighlightHit) -> [Rect] {
        guard hit.isInTruncationToken else { return lineRects(for: hit.range) }
        guard let line = truncatedLine else { return [] }
        return line.runs.filter { $0.isTruncationToken && $0.tokenRange.overlaps(hit.range) }.map { run in
            Rect(x: line.origin.x + run.x, y: line.origin.y - line.ascent, width: run.width,
                 height: line.ascent + line.descent)
        }
    }

    /// The highlight under `point`, if the point is on a character that carries one — in the
    /// text, or in the truncation token of a truncated layout (YYLabel looks only in the text, so
    /// YYText's demo makes a tappable "more" an attachment holding a second label).
    func highlight(inLinesAt point: Point) -> TextHighlightHit? {
        if let hit = truncationTokenHighlight(at: point) { return hit }
        guard let line = nearestLine(to: point), line.bounds.insetBy(dx: -2, dy: -2).contains(point),
              let index = characterIndex(inLinesAt: point) else { return nil }
        let runs = shaped.storage.runs
        guard !runs.isEmpty else { return nil }
        let position = shaped.storage.runIndex(at: index)
        guard let highlight = runs[position].attributes.highlight else { return nil }
        var first = position, last = position
        while first > 0 && runs[first - 1].attributes.highlight == highlight { first -= 1 }
        while last + 1 < runs.count && runs[last + 1].attributes.highlight == highlight { last += 1 }
        return TextHighlightHit(highlight: highlight, range: runs[first].range.lowerBound..<runs[last].range.upperBound)
    }

    /// The highlight of the truncation token's run under `point`, with its whole range in the
    /// token's text.
    private func truncationTokenHighlight(at point: Point) -> TextHighlightHit? {
        guard let line = truncatedLine, line.bounds.insetBy(dx: -2, dy: -2).contains(point) else { return nil }
        let x = point.x - line.origin.x
        guard let run = line.runs.first(where: { $0.isTruncationToken && x >= $0.x && x < $0.x + $0.width }),
              let highlight = run.attributes.highlight else { return nil }
        let runs = run.storage.runs
        var first = run.attributeIndex, last = run.attributeIndex
        while first > 0 && runs[first - 1].attributes.highlight == highlight { first -= 1 }
        while last + 1 < runs.count && runs[last + 1].attributes.highlight == highlight { last += 1 }
        return TextHighlightHit(highlight: highlight, range: runs[first].range.lowerBound..<runs[last].range.upperBound,
                                isInTruncationToken: true)
    }

    /// The line whose row band holds `point.y` (the closest row otherwise), and within the row
    /// the line whose fragment holds `point.x` (the closest otherwise).
    func nearestLine(to point: Point) -> TextLine? {
        var best: TextLine?
        var bestDistance = Double.infinity
        for line in lines {
            let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
            let dy = point.y < top ? top - point.y : (point.y > bottom ? point.y - bottom : 0)
            let left = line.origin.x, right = line.origin.x + line.width
            let dx = point.x < left ? left - point.x : (point.x > right ? point.x - right : 0)
            // Rows first: a line on the right row always beats one on another row.
            let distance = dy * 1e6 + dx
            if distance < bestDistance {
                bestDistance = distance
                best = line
            }
        }
        return best
    }

    /// The character cells of a line, left to right: each character's UTF-16 range with its x
    /// span relative to the line's origin and its direction. A ligature's width is shared among
    /// its characters (from the left in a left-to-right run, from the right in a right-to-left one).
    func cells(of line: TextLine) -> [CharacterCell] {
        var cells: [CharacterCell] = []
        for run in line.runs {
            if run.isTruncationToken {
                cells.append(CharacterCell(offset: run.range.lowerBound, end: run.range.lowerBound, minX: run.x,
                                           maxX: run.x + run.width, isRightToLeft: false))
                continue
            }
            if run.glyphCount == 0 {
                addCells(of: run.range, over: run.x..<(run.x + run.width), rightToLeft: run.isRightToLeft, to: &cells)
                continue
            }
            // Each cluster's glyphs share the span from the pen before its first glyph to the
            // pen before the next cluster's. A right-to-left run's glyphs are kept in logical
            // order: its clusters are measured from its right edge leftwards.
            let right = run.x + run.width
            var pen = 0.0
            var clusterStart: (cluster: Int, pen: Double)?
            func close(at end: Double, next clusterEnd: Int) {
                guard let (cluster, start) = clusterStart else { return }
                // Negative kerning can pull a cluster's end before its start, or past the run's
                // ends: cells stay inside the run.
                let limit = max(run.width, 0)
                let low = min(start, end).clamped(to: 0...limit), high = max(start, end).clamped(to: 0...limit)
                let span = run.isRightToLeft ? (right - high)..<(right - low) : (run.x + low)..<(run.x + high)
                addCells(of: cluster..<max(clusterEnd, cluster + 1), over: span, rightToLeft: run.isRightToLeft, to: &cells)
            }
            for index in run.glyphRange {
                let glyph = run.shapedGlyphs[index]
                let cluster = Int(glyph.cluster)
                if clusterStart?.cluster != cluster {
                    close(at: pen, next: cluster)
                    clusterStart = (cluster, pen)
                }
                pen += glyph.advance
            }
            close(at: run.width, next: run.range.upperBound)
        }
        // Right-to-left runs put their characters right to left: sorted, the cells go left to right.
        if line.runs.contains(where: \.isRightToLeft) { cells.sort { $0.minX < $1.minX } }
        return cells
    }

    /// The cells of the characters of `range` sharing the x span `span` evenly, in reading order.
    private func addCells(of range: Range<Int>, over span: Range<Double>, rightToLeft: Bool, to cells: inout [CharacterCell]) {
        let starts = characterStarts(in: range)
        let share = (span.upperBound - span.lowerBound) / Double(max(starts.count, 1))
        for (position, offset) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : range.upperBound
            let before = share * Double(position), after = share * Double(position + 1)
            cells.append(rightToLeft
                ? CharacterCell(offset: offset, end: end, minX: span.upperBound - after, maxX: span.upperBound - before,
                                isRightToLeft: true)
                : CharacterCell(offset: offset, end: end, minX: span.lowerBound + before, maxX: span.lowerBound + after,
                                isRightToLeft: false))
        }
    }

    /// Offsets in `range` where a character starts (not a low surrogate, not a mark or joiner).
    private func characterStarts(in range: Range<Int>) -> [Int] {
        let units = shaped.storage.units
        var starts: [Int] = []
        var offset = range.lowerBound
        let end = min(range.upperBound, units.count)
        var joined = false, previous: UInt32 = 0
        units.withUnsafeBufferPointer { buffer in
            while offset < end {
                let (scalar, length) = UnicodeClasses.scalar(in: buffer, at: offset, end: buffer.count)
                let flagHalf = UnicodeClasses.isRegionalIndicator(previous) && UnicodeClasses.isRegionalIndicator(scalar)
                if starts.isEmpty || !(joined || flagHalf || UnicodeClasses.extendsCluster(scalar)) {
                    starts.append(offset)
                    previous = scalar
                } else {
                    previous = 0
                }
                joined = scalar == 0x200D
                offset += length
            }
        }
        return starts
    }
}

/// One character on a line: its UTF-16 range, its x span relative to the line's origin, and its
/// direction.
struct CharacterCell: Sendable, Hashable {
    /// Where the character starts and ends (a truncation token's cell is empty, where it sits).
    let offset: Int, end: Int
    let minX: Double, maxX: Double
    let isRightToLeft: Bool

    /// The x of the edge the character's reading starts at: its left, or its right when right
    /// to left.
    var leadingX: Double { isRightToLeft ? maxX : minX }
    /// The x of the edge its reading ends at.
    var trailingX: Double { isRightToLeft ? minX : maxX }
}
