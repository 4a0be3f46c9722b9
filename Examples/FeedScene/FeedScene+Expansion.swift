import Lamina
import Synchronization

/// The rows whose summary shows in full: written on the main thread when a row expands, read on
/// the measuring queue as it lays rows out.
final class FeedExpansions: Sendable {
    private let rows = Mutex<Set<Int>>([])

    func contains(_ row: Int) -> Bool { rows.withLock { $0.contains(row) } }

    /// Adds `row`; false when it was there already.
    func insert(_ row: Int) -> Bool { rows.withLock { $0.insert(row).inserted } }
}

extension FeedScene {
    /// Shows row `row`'s whole summary, as tapping its "… more" does: the row is measured again
    /// off the main thread, and when its new layout arrives it grows to its new height in an
    /// animated list update — the rows below slide down while the longer summary is revealed.
    /// Returns false, and does nothing, for a row out of range, one expanded already, or one whose
    /// summary is not cut (its layout, when known, has no truncated line).
    @discardableResult
    public func expandRow(_ row: Int) -> Bool {
        guard posts.indices.contains(row), !expansions.contains(row) else { return false }
        if let layout = layouts.layout(forRow: row), layout.summary.truncatedLine == nil { return false }
        _ = expansions.insert(row)
        rowsGrowing.insert(row)
        layouts.remeasure([row])
        return true
    }

    /// Where the "more" of row `row`'s summary is, in the window's coordinates: the point a tap
    /// expands the row at. Nil when the row has no cell, or its summary is not cut.
    public func morePoint(ofRow row: Int) -> Point? {
        guard let cell = cell(forRow: row), let layout = cell.layout, let line = layout.summary.truncatedLine,
              let more = line.runs.last(where: \.isTruncationToken) else { return nil }
        let point = Point(x: layout.summaryFrame.minX + line.origin.x + more.x + more.width / 2,
                          y: layout.summaryFrame.minY + line.origin.y - line.ascent / 2)
        return cell.convert(point, to: nil)
    }

    /// Whether row `row` shows its whole summary (or will, once its new layout arrives).
    public func isRowExpanded(_ row: Int) -> Bool {
        expansions.contains(row)
    }

    /// Animates the rows just measured expanded to their new heights: the cells on screen take
    /// the longer summary at once and clip to their growing bounds until the update ends.
    func growRows(_ rows: [Int]) {
        var growing: [(cell: FeedCell, growth: Int)] = []
        list.performBatchUpdates {
            for row in rows {
                guard let cell = cell(forRow: row), let layout = layouts.layout(forRow: row) else { continue }
                growing.append((cell, cell.beginGrowing(into: layout)))
            }
        } completion: { _ in
            for (cell, growth) in growing { cell.endGrowing(growth) }
        }
    }
}
