import Dispatch
import LaminaLoop
import LaminaTrace

/// Row layouts and heights for a ``ListView``, made off the main thread — the height cache of a
/// fast feed (YYText's precomputed `YYTextLayout`s, Texture's measured nodes).
///
/// `measure(row, width)` runs on a background queue (never the main thread) and returns the
/// row's layout — whatever the cells need to show the row without laying anything out: text
/// layouts for their ``AsyncLabel``s, the frames of their subviews — and its height. The cache
/// measures rows in batches, one batch at a time: first the rows asked for with
/// ``prioritize(_:)`` (the rows in and near view), then every other row from the top, until all
/// are measured. Each batch's results reach the main thread in one block, which stores them and
/// calls ``didMeasure`` with the rows — where a list data source calls
/// ``ListView/rowHeightsChanged()`` and hands the new layouts to the cells on screen.
///
/// **Heights are kept for every row; layouts for at most ``layoutLimit`` rows**, those nearest
/// the rows last prioritized: a layout holds shaped text, tens of kilobytes per row, and a feed of
/// thousands of rows cannot keep them all. (Texture's `ASDataController` keeps every measured
/// node's layout; letting the far ones go is Lamina's choice.) Prioritizing a row whose layout
/// was let go measures it again, off the main thread; its height does not change.
///
/// Until a row is measured, ``height(forRow:)`` is nil, and a list shows it at its
/// ``ListView/estimatedRowHeight``. Changing the width or the row count with
/// ``reset(rowCount:width:)`` forgets every measurement; a batch under way when that happens is
/// dropped on arrival. Each batch counts as outstanding work on the main loop, so test drivers
/// (`runUntilIdle`) wait for the cache to fill. Main thread, but for `measure`.
@MainActor
public final class RowLayoutCache<Layout: Sendable> {
    /// Measures one row at a width: its layout and its height in points. Runs on the cache's
    /// background queue.
    public typealias Measure = @Sendable (_ row: Int, _ width: Double) -> (layout: Layout, height: Double)

    /// Called on the main thread after each batch, with the rows it measured (ascending).
    public var didMeasure: (@MainActor ([Int]) -> Void)?

    /// How many rows one trip to the background queue measures.
    public let batchSize: Int
    /// How many rows keep their layout; those farthest from the rows last prioritized let theirs
    /// go first. At least one.
    public var layoutLimit: Int {
        didSet {
            layoutLimit = max(layoutLimit, 1)
            evictLayouts()
        }
    }
    /// The number of rows, as last reset.
    public private(set) var rowCount = 0
    /// The width rows are measured at, as last reset.
    public private(set) var width = 0.0
    /// How many rows have a height.
    public private(set) var measuredCount = 0

    private let measure: Measure
    private let queue: DispatchQueue
    private var heights: [Double?] = []
    private var layouts: [Int: Layout] = [:]
    /// Rows to measure before the rest, in order.
    private var priority: [Int] = []
    /// The rows last prioritized: layouts farthest from them are let go first.
    private var focus = 0..<0
    /// The next row, from the top, that may still lack a height.
    private var cursor = 0
    /// Rows to measure again although they have a layout (``remeasure(_:)``).
    private var remeasuring: Set<Int> = []
    /// Bumped by every reset: a batch measured for an older generation is dropped.
    private var generation = 0
    private var batchInFlight = false

    /// A cache measuring with `measure`, `batchSize` rows per trip to a background queue, keeping
    /// the layouts of `layoutLimit` rows.
    public init(batchSize: Int = 16, layoutLimit: Int = 256, queueName: String = "row layouts",
                measure: @escaping Measure) {
        self.batchSize = max(batchSize, 1)
        self.layoutLimit = max(layoutLimit, 1)
        self.measure = measure
        queue = DispatchQueue(label: queueName, qos: .userInitiated)
    }

    /// Whether every row has a height.
    public var isComplete: Bool { measuredCount == rowCount }

    /// How many rows keep a layout now.
    public var layoutCount: Int { layouts.count }

    /// Row `row`'s height, or nil when it is not measured yet (or does not exist).
    public func height(forRow row: Int) -> Double? {
        heights.indices.contains(row) ? heights[row] : nil
    }

    /// Row `row`'s layout, or nil when it is not measured yet, was let go, or does not exist.
    public func layout(forRow row: Int) -> Layout? {
        layouts[row]
    }

    /// Whether row `row` keeps a layout — found without copying it (a layout is a large value).
    private func hasLayout(_ row: Int) -> Bool {
        layouts.index(forKey: row) != nil
    }

    /// Forgets every row and measures `rowCount` rows at `width` from the top. A negative count
    /// is taken as zero; a width that is not a positive finite number measures nothing until the
    /// next reset.
    public func reset(rowCount: Int, width: Double) {
        generation &+= 1
        remeasuring = []
        self.rowCount = max(rowCount, 0)
        self.width = width
        heights = Array(repeating: nil, count: self.rowCount)
        layouts = [:]
        measuredCount = 0
        priority = []
        focus = 0..<0
        cursor = 0
        scheduleBatch()
    }

    /// Measures `rows` again, before any other, keeping their heights and layouts until the new
    /// ones arrive (``didMeasure`` names them): for rows whose content changed — a feed row
    /// expanded — when the others stand. Rows out of range are ignored.
    public func remeasure(_ rows: [Int]) {
        let rows = rows.filter { (0..<rowCount).contains($0) }
        guard !rows.isEmpty else { return }
        remeasuring.formUnion(rows)
        priority = rows + priority.filter { !rows.contains($0) }
        scheduleBatch()
    }

    /// Measures `rows` before the others — those without a layout, in order, instead of the rows
    /// prioritized before — and keeps the layouts nearest them: the rows in and near view of a
    /// list as it scrolls. Rows out of range are ignored.
    public func prioritize(_ rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<rowCount)
        focus = rows
        let wanted = rows.filter { !hasLayout($0) }
        guard !wanted.isEmpty else { return }
        priority = wanted
        scheduleBatch()
    }

    /// The next rows to measure: the priority ones without a layout first, then those without a
    /// height from the cursor down.
    private func nextBatch() -> [Int] {
        var batch: [Int] = []
        while batch.count < batchSize, let row = priority.first {
            priority.removeFirst()
            if !hasLayout(row) || remeasuring.contains(row), !batch.contains(row) {
                batch.append(row)
                remeasuring.remove(row)
            }
        }
        while batch.count < batchSize, cursor < rowCount {
            if heights[cursor] == nil, !batch.contains(cursor) { batch.append(cursor) }
            cursor += 1
        }
        return batch.sorted()
    }

    private func scheduleBatch() {
        guard !batchInFlight, width.isFinite, width > 0 else { return }
        let rows = nextBatch()
        guard !rows.isEmpty else { return }
        batchInFlight = true
        let measure = measure, width = width, expected = generation
        let main = EventLoop.main
        main.beginOutstandingWork()
        queue.async {
            let results = Trace.interval(.rowLayouts, arguments: ["rows": "\(rows.count)"]) {
                rows.map { row in measure(row, width) }
            }
            main.perform {
                MainActor.assumeIsolated {
                    self.deliver(results, for: rows, generation: expected)
                }
                main.endOutstandingWork()
            }
            main.wakeUp()
        }
    }

    private func deliver(_ results: [(layout: Layout, height: Double)], for rows: [Int], generation: Int) {
        batchInFlight = false
        guard generation == self.generation else { return scheduleBatch() }
        for (row, result) in zip(rows, results) {
            if heights[row] == nil { measuredCount += 1 }
            heights[row] = result.height
            layouts[row] = result.layout
        }
        evictLayouts()
        didMeasure?(rows)
        scheduleBatch()
    }

    /// Lets the layouts farthest from the focus go until at most ``layoutLimit`` remain.
    private func evictLayouts() {
        let excess = layouts.count - layoutLimit
        guard excess > 0 else { return }
        func distance(_ row: Int) -> Int {
            row < focus.lowerBound ? focus.lowerBound - row : row >= focus.upperBound ? row - focus.upperBound + 1 : 0
        }
        let farthest = layouts.keys.sorted { distance($0) > distance($1) }.prefix(excess)
        for row in farthest { layouts[row] = nil }
    }
}
