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
    /// The UTF-16 offset of the character under `point` (container coordinates), or of the
    /// nearest character on the nearest line; nil when there are no lines. A point left of a line
    /// gives its first character, right of it its last.
    public func characterIndex(at point: Point) -> Int? {
        guard point.isFinite, let line = nearestLine(to: point) else { return nil }
        let x = point.x - line.origin.x
        var last: Int?
        for cell in cells(of: line) {
            if x < cell.maxX { return cell.offset }
            last = cell.offset
        }
        return last ?? line.range.lowerBound
    }

    /// The rectangles (one per line, container coordinates) covering the characters of `range`
    /// that were laid out, from their line's ascent to its descent.
    public func rects(for range: Range<Int>) -> [Rect] {
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

    /// The rectangles (container coordinates) covering a highlight found by
    /// ``highlight(at:)``: those of its text, or of its part of the truncation token.
    public func rects(for hit: TextHighlightHit) -> [Rect] {
        guard hit.isInTruncationToken else { return rects(for: hit.range) }
        guard let line = truncatedLine else { return [] }
        return line.runs.filter { $0.isTruncationToken && $0.tokenRange.overlaps(hit.range) }.map { run in
            Rect(x: line.origin.x + run.x, y: line.origin.y - line.ascent, width: run.width,
                 height: line.ascent + line.descent)
        }
    }

    /// The highlight under `point`, if the point is on a character that carries one — in the
    /// text, or in the truncation token of a truncated layout (YYLabel looks only in the text, so
    /// YYText's demo makes a tappable "more" an attachment holding a second label).
    public func highlight(at point: Point) -> TextHighlightHit? {
        if let hit = truncationTokenHighlight(at: point) { return hit }
        guard let line = nearestLine(to: point), line.bounds.insetBy(dx: -2, dy: -2).contains(point),
              let index = characterIndex(at: point) else { return nil }
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
    private func nearestLine(to point: Point) -> TextLine? {
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

    /// The character cells of a line: each UTF-16 offset that starts a character with its x
    /// span relative to the line's origin. A ligature's width is shared among its characters.
    func cells(of line: TextLine) -> [(offset: Int, minX: Double, maxX: Double)] {
        var cells: [(offset: Int, minX: Double, maxX: Double)] = []
        for run in line.runs {
            if run.isTruncationToken {
                cells.append((run.range.lowerBound, run.x, run.x + run.width))
                continue
            }
            if run.glyphCount == 0 {
                let offsets = characterStarts(in: run.range)
                let share = offsets.isEmpty ? 0 : run.width / Double(offsets.count)
                for (index, offset) in offsets.enumerated() {
                    cells.append((offset, run.x + share * Double(index), run.x + share * Double(index + 1)))
                }
                continue
            }
            if run.isRightToLeft {
                cells += rightToLeftCells(of: run)
                continue
            }
            // Each cluster's glyphs share the span from the pen before its first glyph to the
            // pen before the next cluster's, divided among the cluster's characters.
            var clusterStart: (cluster: Int, pen: Double)?
            func close(at end: Double, next clusterEnd: Int) {
                guard let (cluster, start) = clusterStart else { return }
                let offsets = characterStarts(in: cluster..<max(clusterEnd, cluster + 1))
                let share = (end - start) / Double(max(offsets.count, 1))
                for (position, offset) in offsets.enumerated() {
                    cells.append((offset, start + share * Double(position), start + share * Double(position + 1)))
                }
            }
            run.forEachGlyph { glyph, _, pen in
                let cluster = Int(glyph.cluster)
                if let open = clusterStart, open.cluster == cluster { return }
                close(at: pen, next: cluster)
                clusterStart = (cluster, pen)
            }
            close(at: run.x + run.width, next: run.range.upperBound)
        }
        // Right-to-left runs put their characters right to left: sorted, the cells go left to right.
        if line.runs.contains(where: \.isRightToLeft) { cells.sort { $0.minX < $1.minX } }
        return cells
    }

    /// The cells of a right-to-left run: its glyphs are kept in logical order, so each cluster's
    /// span is measured from the run's right edge leftwards, and its characters share it from the
    /// right (the first character rightmost).
    private func rightToLeftCells(of run: GlyphRun) -> [(offset: Int, minX: Double, maxX: Double)] {
        var cells: [(offset: Int, minX: Double, maxX: Double)] = []
        let right = run.x + run.width
        var logicalPen = 0.0
        var clusterStart: (cluster: Int, pen: Double)?
        func close(at end: Double, next clusterEnd: Int) {
            guard let (cluster, start) = clusterStart else { return }
            let offsets = characterStarts(in: cluster..<max(clusterEnd, cluster + 1))
            let share = (end - start) / Double(max(offsets.count, 1))
            for (position, offset) in offsets.enumerated() {
                cells.append((offset, right - start - share * Double(position + 1), right - start - share * Double(position)))
            }
        }
        for index in run.glyphRange {
            let glyph = run.shapedGlyphs[index]
            let cluster = Int(glyph.cluster)
            if clusterStart?.cluster != cluster {
                close(at: logicalPen, next: cluster)
                clusterStart = (cluster, logicalPen)
            }
            logicalPen += glyph.advance
        }
        close(at: logicalPen, next: run.range.upperBound)
        return cells
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
