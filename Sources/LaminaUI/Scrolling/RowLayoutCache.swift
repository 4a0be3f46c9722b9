import Dispatch
import LaminaLoop
import LaminaTrace

/// Row layouts and heights for a ``ListView``, made off the main thread and kept per row — the
/// height cache of a fast feed (YYText's precomputed `YYTextLayout`s, Texture's measured nodes).
///
/// `measure(row, width)` runs on a background queue (never the main thread) and returns the
/// row's layout — whatever the cells need to show the row without laying anything out: text
/// layouts for their ``AsyncLabel``s, the frames of their subviews — and its height. The cache
/// measures rows in batches, one batch at a time: first the rows asked for with
/// ``prioritize(_:)`` (the visible ones), then every other row from the top, until all are
/// measured. Each batch's results reach the main thread in one block, which stores them and calls
/// ``didMeasure`` with the rows — where a list data source calls
/// ``ListView/rowHeightsChanged()`` and hands the new layouts to the cells on screen.
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
    /// The number of rows, as last reset.
    public private(set) var rowCount = 0
    /// The width rows are measured at, as last reset.
    public private(set) var width = 0.0
    /// How many rows have a layout.
    public private(set) var measuredCount = 0

    private let measure: Measure
    private let queue: DispatchQueue
    private var entries: [(layout: Layout, height: Double)?] = []
    /// Rows to measure before the rest, in order.
    private var priority: [Int] = []
    /// The next row, from the top, that may still lack a layout.
    private var cursor = 0
    /// Bumped by every reset: a batch measured for an older generation is dropped.
    private var generation = 0
    private var batchInFlight = false

    /// A cache measuring with `measure`, `batchSize` rows per trip to a background queue.
    public init(batchSize: Int = 16, queueName: String = "row layouts", measure: @escaping Measure) {
        self.batchSize = max(batchSize, 1)
        self.measure = measure
        queue = DispatchQueue(label: queueName, qos: .userInitiated)
    }

    /// Whether every row is measured.
    public var isComplete: Bool { measuredCount == rowCount }

    /// Row `row`'s height, or nil when it is not measured yet (or does not exist).
    public func height(forRow row: Int) -> Double? {
        entries.indices.contains(row) ? entries[row]?.height : nil
    }

    /// Row `row`'s layout, or nil when it is not measured yet (or does not exist).
    public func layout(forRow row: Int) -> Layout? {
        entries.indices.contains(row) ? entries[row]?.layout : nil
    }

    /// Forgets every row and measures `rowCount` rows at `width` from the top. A negative count
    /// is taken as zero; a width that is not a positive finite number measures nothing until the
    /// next reset.
    public func reset(rowCount: Int, width: Double) {
        generation &+= 1
        self.rowCount = max(rowCount, 0)
        self.width = width
        entries = Array(repeating: nil, count: self.rowCount)
        measuredCount = 0
        priority = []
        cursor = 0
        scheduleBatch()
    }

    /// Measures `rows` before the others (those not measured yet, in order) — the visible rows of
    /// a list, as it scrolls to where nothing is measured. Rows out of range are ignored.
    public func prioritize(_ rows: Range<Int>) {
        let wanted = rows.clamped(to: 0..<rowCount).filter { entries[$0] == nil }
        guard !wanted.isEmpty else { return }
        priority = wanted + priority.filter { !wanted.contains($0) }
        scheduleBatch()
    }

    /// The next rows without a layout: the priority ones first, then from the cursor down.
    private func nextBatch() -> [Int] {
        var batch: [Int] = []
        while batch.count < batchSize, let row = priority.first {
            priority.removeFirst()
            if entries[row] == nil { batch.append(row) }
        }
        while batch.count < batchSize, cursor < rowCount {
            if entries[cursor] == nil, !batch.contains(cursor) { batch.append(cursor) }
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
        for (row, result) in zip(rows, results) where entries[row] == nil {
            entries[row] = result
            measuredCount += 1
        }
        didMeasure?(rows)
        scheduleBatch()
    }
}
