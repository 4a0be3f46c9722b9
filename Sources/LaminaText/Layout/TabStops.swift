extension ShapedText {
    /// Whether `range` holds a tab.
    func containsTab(_ range: Range<Int>) -> Bool {
        guard !tabOffsets.isEmpty, !range.isEmpty else { return false }
        var low = 0, high = tabOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if tabOffsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < tabOffsets.count && tabOffsets[low] < range.upperBound
    }

    /// How wide each tab of `range` is on a line whose start is `origin` points from the
    /// container's leading edge, and the line's width with them. Each tab reaches the first of
    /// `style`'s stops past where it starts — or, past the last, the next multiple of the
    /// default interval; with none, it keeps its width as a space — and the text up to the next
    /// tab (or the line's end) lines up there by the stop's alignment: it starts there (left),
    /// is centred on it, ends there (right), or has its first "." centred on it (decimal). A tab whose
    /// text is too wide for its stop takes no room.
    func tabbedLine(_ range: Range<Int>, origin: Double, style: ParagraphStyle) -> (width: Double, tabWidths: [Int: Double]) {
        var tabWidths: [Int: Double] = [:]
        var pen = 0.0
        var segmentStart = range.lowerBound
        // A tab whose stop aligns the text after it by more than its start waits for that text.
        var waiting: (offset: Int, stop: TextTab, penBefore: Double)?
        let tabs = tabOffsets.filter { range.contains($0) }
        for boundary in tabs + [range.upperBound] {
            let segment = segmentStart..<max(boundary, segmentStart)
            let segmentWidth = drawnWidth(of: segment)
            if let (offset, stop, penBefore) = waiting {
                let aligned = switch stop.alignment {
                case .left: 0.0
                case .center: segmentWidth / 2
                case .right: segmentWidth
                case .decimal: decimalWidth(of: segment) ?? segmentWidth
                }
                let tab = max(stop.location - (origin + penBefore) - aligned, 0)
                tabWidths[offset] = tab
                pen = penBefore + tab + segmentWidth
                waiting = nil
            } else {
                pen += segmentWidth
            }
            guard boundary < range.upperBound else { break }
            // The text after the tab starts after its cluster: a mark attached to the tab is
            // part of the tab's width.
            var next = boundary + 1
            while next < range.upperBound && clusterStarts[next] == 0 { next += 1 }
            if let stop = Self.nextStop(after: origin + pen, in: style) {
                if stop.alignment == .left {
                    let tab = stop.location - (origin + pen)
                    tabWidths[boundary] = tab
                    pen += tab
                } else {
                    waiting = (boundary, stop, pen)
                }
            } else {
                pen += width(of: boundary..<next)
            }
            segmentStart = next
        }
        return (pen, tabWidths)
    }

    /// The first stop strictly past `position`: one of the style's, or a multiple of its default
    /// interval past the last; nil when there is none.
    private static func nextStop(after position: Double, in style: ParagraphStyle) -> TextTab? {
        if let stop = style.tabStops.first(where: { $0.location > position + 1e-9 }) { return stop }
        let interval = style.defaultTabInterval
        guard interval > 0 else { return nil }
        return TextTab(location: ((position + 1e-9) / interval).rounded(.down) * interval + interval)
    }

    /// The width of `segment` up to the middle of its first ".", nil when it has none: the
    /// point is centred on a decimal stop, as Pango centres it.
    private func decimalWidth(of segment: Range<Int>) -> Double? {
        guard let point = segment.first(where: { storage.units[$0] == 0x2E }) else { return nil }
        return width(of: segment.lowerBound..<point) + width(of: point..<(point + 1)) / 2
    }
}
