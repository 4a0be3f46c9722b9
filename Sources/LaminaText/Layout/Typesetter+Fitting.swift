extension Typesetter {
    /// The longest line from `start` that fits `width`: through the last break opportunity whose
    /// text (hanging spaces aside) fits, or — when the first word alone is too wide, or in
    /// character wrapping — through the last grapheme boundary that fits. Nil when not even one
    /// grapheme fits.
    func fit(from start: Int, width: Double, mode: LineBreakMode) -> (range: Range<Int>, mandatory: Bool)? {
        let tolerance = 1e-6
        var index = breaks.firstIndex(after: start)
        switch mode {
        case .wordWrapping:
            var best: (Int, Bool)?
            while index < breaks.count {
                let end = breaks.offset(index)
                guard lineWidth(of: trimmed(start..<end)) <= width + tolerance else { break }
                best = (end, breaks.isMandatory(index))
                if breaks.isMandatory(index) { break }
                index += 1
            }
            if let best { return (start..<best.0, best.1) }
            let limit = index < breaks.count ? breaks.offset(index) : breaks.lastOffset ?? start
            return graphemeFit(from: start, limit: limit, width: width).map { ($0, false) }
        case .charWrapping:
            while index < breaks.count && !breaks.isMandatory(index) { index += 1 }
            let end = index < breaks.count ? breaks.offset(index) : breaks.lastOffset ?? start
            if lineWidth(of: trimmed(start..<end)) <= width + tolerance {
                return (start..<end, index < breaks.count)
            }
            return graphemeFit(from: start, limit: end, width: width).map { ($0, false) }
        }
    }

    /// The width `range` takes on a line: the shaped advances, with its tabs reaching their stops
    /// (``ShapedText/tabbedLine(_:origin:style:)``), or — when the range starts or ends inside a
    /// ligature, whose advance the units share — the width of the range shaped on its own, which
    /// is what the line will draw.
    private func lineWidth(of range: Range<Int>) -> Double {
        if shaped.containsTab(range) { return shaped.tabbedLine(range, origin: tabOrigin, style: tabStyle).width }
        return shaped.drawnWidth(of: range)
    }

    /// The longest run of whole graphemes from `start` (before `limit`) no wider than `width`.
    /// Only the graphemes near the edge are segmented (Swift's `Character`), so a 100,000-unit
    /// word costs a line's worth of work per line.
    private func graphemeFit(from start: Int, limit: Int, width: Double) -> Range<Int>? {
        guard limit > start else { return nil }
        let prefix = shaped.prefixWidths
        let target = prefix[start] + width + 1e-6
        // The last unit boundary whose width fits (widths only grow, save negative kerning).
        var low = start, high = limit
        while low < high {
            let middle = (low + high + 1) / 2
            if prefix[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let fitting = low
        guard fitting > start else { return nil }
        let sliceEnd = min(limit, fitting + 16)
        let text = String(decoding: units[start..<sliceEnd], as: UTF16.self)
        var boundary = start
        var boundaries: [Int] = []
        for character in text {
            boundary += character.utf16.count
            guard boundary <= fitting else { break }
            boundaries.append(boundary)
        }
        // A line that starts or ends inside a ligature was measured with a share of it:
        // re-shaped, it may be wider.
        while let best = boundaries.last, lineWidth(of: trimmed(start..<best)) > width + 1e-6 {
            boundaries.removeLast()
        }
        return boundaries.last.map { start..<$0 }
    }

    /// The first grapheme from `start`, and the spaces that hang after it up to the next break
    /// opportunity: the line a row too narrow for anything else holds.
    func forcedFit(from start: Int) -> (range: Range<Int>, mandatory: Bool) {
        let sliceEnd = min(units.count, start + 16)
        let first = String(decoding: units[start..<sliceEnd], as: UTF16.self).first
        let graphemeEnd = min(units.count, start + max(first?.utf16.count ?? 1, 1))
        let index = breaks.firstIndex(after: start)
        guard index < breaks.count else { return (start..<graphemeEnd, false) }
        let next = breaks.offset(index)
        // Only spaces (or the hard break) between the grapheme and the opportunity: they hang.
        if next > graphemeEnd, trimmed(start..<next).upperBound <= graphemeEnd {
            return (start..<next, breaks.isMandatory(index))
        }
        return (start..<graphemeEnd, next == graphemeEnd && breaks.isMandatory(index))
    }
}
