import LaminaGraphics
import LaminaLayers

/// What a ``ListView`` shows: how many rows, how tall each is, and a cell for a row. Main thread.
@MainActor
public protocol ListViewDataSource: AnyObject {
    /// The number of rows.
    func numberOfRows(in list: ListView) -> Int
    /// Row `row`'s height in points, or nil when it is not known yet: the list then uses its
    /// ``ListView/estimatedRowHeight`` until ``ListView/rowHeightsChanged()`` is called.
    func listView(_ list: ListView, heightForRow row: Int) -> Double?
    /// A cell showing row `row`: from ``ListView/dequeueReusableCell(withIdentifier:)`` when one
    /// is free, a new one otherwise.
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell
}

/// A vertical list of rows on a ``ScrollView`` — UITableView's core. Only the rows in view, plus
/// ``prefetchMargin`` points above and below, have cells; a row that leaves that range gives its
/// cell back to the reuse pool, and the data source dequeues it for a row coming in. Rows the data
/// source has not measured take ``estimatedRowHeight``. A tap (down and up without a drag) on a
/// row calls ``didSelectRow``. Main thread.
@MainActor
open class ListView: ScrollView {
    /// Where rows, heights and cells come from.
    public weak var dataSource: (any ListViewDataSource)? {
        didSet { reloadData() }
    }
    /// The height of a row the data source has not measured.
    public var estimatedRowHeight: Double = 44 {
        didSet { if estimatedRowHeight != oldValue { rowHeightsChanged() } }
    }
    /// How far beyond the visible area rows get cells, above and below, in points.
    public var prefetchMargin: Double = 200 {
        didSet { if prefetchMargin != oldValue { setNeedsLayout() } }
    }
    /// Called with the row tapped.
    public var didSelectRow: (@MainActor (Int) -> Void)?

    /// Each row's top, and one more entry: the content's height.
    private var rowTops: [Double] = [0]
    var cells: [Int: ListCell] = [:]
    private var reusePool: [String: [ListCell]] = [:]
    /// Cells of deleted or reloaded rows fading out; each goes back to the pool when its
    /// animation ends (ListView+Updates).
    var disappearingCells: [ListCell] = []
    /// The updates of the ``performBatchUpdates(_:completion:)`` under way (ListView+Updates).
    var pendingBatch: RowUpdateBatch?
    /// Whether the pointer down that is under way may still be a tap.
    private var mayBeTap = false

    /// The number of rows, as the data source last said.
    public var numberOfRows: Int { rowTops.count - 1 }

    /// The cells that exist now, by row: the visible rows and the prefetch margin's.
    public var visibleCells: [Int: ListCell] { cells }

    /// Asks the data source again for everything: row count, heights, cells. Main thread.
    public func reloadData() {
        for (_, cell) in cells { enqueue(cell) }
        cells = [:]
        for cell in disappearingCells { cell.layer.removeAllAnimations() }
        rebuildRowTops()
        setNeedsLayout()
    }

    /// Asks the data source for the heights again (rows measured since), keeping the cells.
    ///
    /// The row at the top of the view stays where it is on screen: rows above it that changed
    /// height move the content offset by as much (UITableView with estimated heights), so
    /// measurements arriving during a scroll never make the content jump.
    public func rowHeightsChanged() {
        let top = contentOffset.y
        let anchor = top > 0 ? rows(from: top, to: top).first : nil
        let anchorGap = anchor.map { top - rowTops[$0] }
        rebuildRowTops()
        if let anchor, let anchorGap, anchor < numberOfRows {
            contentOffset = clamped(Point(x: contentOffset.x, y: rowTops[anchor] + anchorGap))
        }
        for (row, cell) in cells { cell.frame = rectForRow(row) }
        setNeedsLayout()
    }

    /// The rows the view shows now, without the prefetch margin.
    public var rowsInView: Range<Int> {
        rows(from: contentOffset.y, to: contentOffset.y + bounds.height)
    }

    /// A free cell of kind `identifier` from the reuse pool, prepared for reuse; nil when none.
    public func dequeueReusableCell(withIdentifier identifier: String) -> ListCell? {
        guard let cell = reusePool[identifier]?.popLast() else { return nil }
        cell.prepareForReuse()
        return cell
    }

    /// Where row `row` is in the content; a null rect for a row that does not exist.
    public func rectForRow(_ row: Int) -> Rect {
        guard row >= 0, row < numberOfRows else { return .null }
        return Rect(x: 0, y: rowTops[row], width: bounds.width, height: rowTops[row + 1] - rowTops[row])
    }

    /// The row at `point` in the content, if any.
    public func row(at point: Point) -> Int? {
        guard point.y >= 0, point.y < rowTops[numberOfRows] else { return nil }
        return rows(from: point.y, to: point.y).first
    }

    /// Scrolls so that row `row` is at the top (as far as the content allows).
    public func scrollToRow(_ row: Int, animated: Bool) {
        let rect = rectForRow(row)
        guard !rect.isNull else { return }
        setContentOffset(clamped(Point(x: contentOffset.x, y: rect.minY)), animated: animated)
    }

    /// Gives cells to the rows in range and takes them back from the rows out of it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateCells()
    }

    /// Takes the cells back from the rows out of range and gives cells to the rows in range that
    /// have none, placed at their rows; returns the rows that got a new cell.
    @discardableResult
    func updateCells() -> [Int] {
        let wanted = rows(from: contentOffset.y - prefetchMargin, to: contentOffset.y + bounds.height + prefetchMargin)
        for (row, cell) in cells where !wanted.contains(row) {
            enqueue(cell)
            cells[row] = nil
        }
        guard let dataSource else { return [] }
        var added: [Int] = []
        for row in wanted where cells[row] == nil {
            let cell = dataSource.listView(self, cellForRow: row)
            cell.row = row
            View.performWithoutAnimation {
                cell.frame = rectForRow(row)
                cell.isHidden = false
            }
            if cell.superview !== self { addSubview(cell) }
            cells[row] = cell
            added.append(row)
        }
        return added
    }

    /// The rows overlapping `top…bottom` in the content (binary search over the row tops).
    private func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard numberOfRows > 0, bottom >= 0 else { return 0..<0 }
        var low = 0, high = numberOfRows
        while low < high {
            let mid = (low + high) / 2
            if rowTops[mid + 1] <= top { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < numberOfRows, rowTops[end] <= bottom { end += 1 }
        return low..<max(end, low)
    }

    func rebuildRowTops() {
        let count = max(dataSource?.numberOfRows(in: self) ?? 0, 0)
        var tops = [Double](repeating: 0, count: count + 1)
        for row in 0..<count {
            let height = dataSource?.listView(self, heightForRow: row) ?? estimatedRowHeight
            tops[row + 1] = tops[row] + (height.isFinite && height > 0 ? height : estimatedRowHeight)
        }
        rowTops = tops
        contentSize = Size(width: bounds.width, height: tops[count])
    }

    func enqueue(_ cell: ListCell) {
        cell.row = nil
        // A cell waits in the pool still: whatever moved it stops (its block hears `false`).
        cell.layer.removeAllAnimations()
        View.performWithoutAnimation {
            cell.isHidden = true
            cell.alpha = 1
        }
        reusePool[cell.reuseIdentifier, default: []].append(cell)
    }

    /// How many cells wait in the reuse pool.
    public var reusableCellCount: Int {
        reusePool.values.reduce(0) { $0 + $1.count }
    }

    // MARK: - Taps

    open override func pointerDown(_ event: PointerEvent) {
        mayBeTap = !isDecelerating
        super.pointerDown(event)
    }

    open override func pointerMoved(_ event: PointerEvent) {
        mayBeTap = false
        super.pointerMoved(event)
    }

    open override func pointerUp(_ event: PointerEvent) {
        let tapped = mayBeTap
        mayBeTap = false
        if tapped {
            if let row = row(at: convert(event.location, from: nil)) { didSelectRow?(row) }
            drag = nil
            return
        }
        super.pointerUp(event)
    }
}
