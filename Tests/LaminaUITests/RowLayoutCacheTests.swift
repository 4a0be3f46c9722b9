import Foundation
import Glibc
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaText
import LaminaTrace
import LaminaUI
import Synchronization
import XCTest

/// Where `measure` ran, by the calling thread: a main-thread call is a bug.
private final class MeasureLog: Sendable {
    let rows = Mutex<[Int]>([])
    let onMainThread = Mutex(0)

    func note(_ row: Int) {
        rows.withLock { $0.append(row) }
        if Thread.isMainThread { onMainThread.withLock { $0 += 1 } }
    }
}

/// A row's height at a width: 20 + (row mod 7) × 10, plus a point per 100 of width.
private func height(of row: Int, width: Double) -> Double {
    20 + Double(row % 7) * 10 + width / 100
}

@MainActor
private func makeCache(log: MeasureLog, batchSize: Int = 16) -> RowLayoutCache<Int> {
    RowLayoutCache<Int>(batchSize: batchSize) { row, width in
        log.note(row)
        return (row * 10, height(of: row, width: width))
    }
}

/// A list whose heights come from a cache: the cache's measured height, or the estimate.
@MainActor
private final class CachedRows: ListViewDataSource {
    let cache: RowLayoutCache<TextLayout>
    let texts: [String]

    init(cache: RowLayoutCache<TextLayout>, texts: [String]) {
        self.cache = cache
        self.texts = texts
    }

    func numberOfRows(in list: ListView) -> Int { texts.count }
    func listView(_ list: ListView, heightForRow row: Int) -> Double? { cache.height(forRow: row) }
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = (list.dequeueReusableCell(withIdentifier: "text") as? TextCell) ?? TextCell(reuseIdentifier: "text")
        cell.label.frame = Rect(x: 0, y: 0, width: list.bounds.width, height: list.rectForRow(row).height)
        if let layout = cache.layout(forRow: row) {
            cell.label.textLayout = layout
        } else {
            cell.label.text = texts[row]
        }
        return cell
    }
}

@MainActor
private final class TextCell: ListCell {
    let label = AsyncLabel(frame: .zero)
    override init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(label)
    }
}

/// RowLayoutCache: rows measured off the main thread in batches, visible rows first, resets
/// dropping stale batches, bad input; a list anchored while heights arrive; a scroll that lays
/// no text out on the main thread.
final class RowLayoutCacheTests: LaminaTestCase {
    func test_everyRowIsMeasuredOffTheMainThreadInBatches() {
        onMainActor {
            let log = MeasureLog()
            let cache = makeCache(log: log)
            var batches: [[Int]] = []
            cache.didMeasure = { batches.append($0) }
            cache.reset(rowCount: 100, width: 300)
            XCTAssertNil(cache.height(forRow: 0), "nothing is measured on the main thread at reset")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(cache.isComplete)
            XCTAssertEqual(cache.measuredCount, 100)
            for row in 0..<100 {
                XCTAssertEqual(cache.height(forRow: row), height(of: row, width: 300))
                XCTAssertEqual(cache.layout(forRow: row), row * 10)
            }
            XCTAssertEqual(batches.count, 7, "100 rows in batches of 16")
            XCTAssertEqual(batches.first, Array(0..<16))
            XCTAssertEqual(log.onMainThread.withLock { $0 }, 0)
            XCTAssertEqual(log.rows.withLock { $0 }.count, 100, "each row measured once")
        }
    }

    func test_remeasuredRowsAreMeasuredAgainFirstAndKeepTheirOldValuesUntilThen() {
        onMainActor {
            let log = MeasureLog()
            let bonus = Mutex(0.0)
            let cache = RowLayoutCache<Int>(batchSize: 4) { row, width in
                log.note(row)
                return (row * 10, height(of: row, width: width) + bonus.withLock { $0 })
            }
            var batches: [[Int]] = []
            cache.didMeasure = { batches.append($0) }
            cache.reset(rowCount: 12, width: 300)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            batches = []
            bonus.withLock { $0 = 50 }
            cache.remeasure([7, 2, 99, -1])
            XCTAssertEqual(cache.height(forRow: 7), height(of: 7, width: 300), "the old height until the new one comes")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(batches, [[2, 7]], "only the rows asked for (out-of-range ones ignored), in one batch")
            XCTAssertEqual(cache.height(forRow: 7), height(of: 7, width: 300) + 50)
            XCTAssertEqual(cache.height(forRow: 3), height(of: 3, width: 300), "the others stand")
            XCTAssertEqual(cache.measuredCount, 12)
            cache.remeasure([])
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(batches.count, 1)
        }
    }

    func test_prioritizedRowsAreMeasuredBeforeTheRest() {
        onMainActor {
            let log = MeasureLog()
            let cache = makeCache(log: log, batchSize: 8)
            var batches: [[Int]] = []
            cache.didMeasure = { batches.append($0) }
            cache.reset(rowCount: 1_000, width: 300)
            cache.prioritize(900..<905)
            cache.prioritize(995..<1_200)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(batches.first, Array(0..<8), "the batch under way at reset")
            XCTAssertEqual(batches.dropFirst().first, [8, 9, 10, 995, 996, 997, 998, 999],
                           "then the latest priority (out-of-range rows ignored), filled up from the top")
            XCTAssertEqual(batches.dropFirst(2).first, Array(11..<19), "the older priority was replaced")
            XCTAssertTrue(cache.isComplete)
            XCTAssertEqual(log.rows.withLock { $0 }.count, 1_000, "no row measured twice")
        }
    }

    func test_layoutsFarFromTheFocusAreLetGoAndMeasuredAgainWhenPrioritized() {
        onMainActor {
            let log = MeasureLog()
            let cache = makeCache(log: log, batchSize: 8)
            cache.layoutLimit = 20
            cache.reset(rowCount: 200, width: 300)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(cache.isComplete)
            XCTAssertEqual(cache.layoutCount, 20)
            XCTAssertEqual((0..<200).filter { cache.layout(forRow: $0) != nil }, Array(0..<20),
                           "without a focus, the rows nearest the top keep theirs")
            XCTAssertEqual((0..<200).compactMap { cache.height(forRow: $0) }.count, 200, "every row keeps its height")
            var measuredAgain: [[Int]] = []
            cache.didMeasure = { measuredAgain.append($0) }
            cache.prioritize(150..<160)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(measuredAgain.flatMap { $0 }, Array(150..<160))
            XCTAssertEqual(cache.layout(forRow: 155), 1_550)
            XCTAssertEqual(cache.layoutCount, 20)
            XCTAssertEqual((0..<200).filter { cache.layout(forRow: $0) != nil }, Array(10..<20) + Array(150..<160),
                           "the rows farthest from the focus let their layouts go")
            XCTAssertEqual(cache.measuredCount, 200)
            XCTAssertEqual(log.rows.withLock { $0 }.count, 210)
            XCTAssertEqual(log.onMainThread.withLock { $0 }, 0)
        }
    }

    func test_aResetDropsTheBatchUnderWayAndMeasuresAtTheNewWidth() {
        onMainActor {
            let cache = makeCache(log: MeasureLog())
            cache.reset(rowCount: 40, width: 300)
            cache.reset(rowCount: 30, width: 500)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(cache.rowCount, 30)
            XCTAssertTrue(cache.isComplete)
            for row in 0..<30 { XCTAssertEqual(cache.height(forRow: row), height(of: row, width: 500)) }
            XCTAssertNil(cache.height(forRow: 30))
        }
    }

    func test_badInputMeasuresNothing() {
        onMainActor {
            let log = MeasureLog()
            let cache = makeCache(log: log)
            cache.reset(rowCount: -5, width: 300)
            XCTAssertEqual(cache.rowCount, 0)
            XCTAssertTrue(cache.isComplete)
            cache.prioritize(-10..<10)
            for width in [0, -1, .nan, .infinity] {
                cache.reset(rowCount: 10, width: width)
                cache.prioritize(0..<10)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                XCTAssertEqual(cache.measuredCount, 0, "width \(width)")
                XCTAssertFalse(cache.isComplete)
            }
            XCTAssertNil(cache.height(forRow: -1))
            XCTAssertNil(cache.layout(forRow: 10))
            XCTAssertEqual(log.rows.withLock { $0 }, [])
        }
    }

    func test_theRowAtTheTopStaysPutWhileHeightsArrive() throws {
        try onMainActor {
            let texts = (0..<400).map { "Row \($0): " + String(repeating: "word ", count: $0 % 13 * 6) }
            let cache = RowLayoutCache<TextLayout> { row, width in
                let layout = TextLayout(container: TextContainer(width: width), string: texts[row])
                return (layout, layout.textBoundingSize.height.rounded(.up) + 8)
            }
            let window = try makeWindow(size: Size(width: 240, height: 300))
            let list = ListView(frame: Rect(x: 0, y: 0, width: 240, height: 300))
            list.estimatedRowHeight = 30
            let rows = CachedRows(cache: cache, texts: texts)
            list.dataSource = rows
            window.addSubview(list)
            list.layoutIfNeeded()
            list.contentOffset = Point(x: 0, y: 200 * 30 + 12)
            list.layoutIfNeeded()
            let anchorTop = list.rectForRow(200).minY - list.contentOffset.y
            cache.didMeasure = { _ in list.rowHeightsChanged() }
            cache.reset(rowCount: texts.count, width: 240)
            XCTAssertTrue(EventLoop.main.runUntilIdle(for: window))
            XCTAssertTrue(cache.isComplete)
            XCTAssertEqual(list.rectForRow(200).minY - list.contentOffset.y, anchorTop, accuracy: 1e-9,
                           "row 200 is where it was on screen")
            XCTAssertNotEqual(list.rectForRow(200).minY, 200 * 30, "the rows above it changed height")
            XCTAssertEqual(list.contentSize.height, (0..<400).reduce(0) { $0 + (cache.height(forRow: $1) ?? 0) },
                           accuracy: 1e-6)
        }
    }

    func test_aScrollOverMeasuredRowsLaysNoTextOutOnTheMainThread() throws {
        try onMainActor {
            let texts = (0..<300).map { "Row \($0) — " + String(repeating: "lorem ipsum ", count: 3 + $0 % 9) }
            let cache = RowLayoutCache<TextLayout> { row, width in
                let layout = TextLayout(container: TextContainer(width: width), string: texts[row])
                let height = layout.textBoundingSize.height.rounded(.up)
                // The label gets the layout at its own size: a container of the row's height.
                return (TextLayout(container: TextContainer(size: Size(width: width, height: height)), string: texts[row]),
                        height)
            }
            let window = try makeWindow(size: Size(width: 200, height: 300))
            let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
            let rows = CachedRows(cache: cache, texts: texts)
            list.dataSource = rows
            window.addSubview(list)
            cache.didMeasure = { _ in list.rowHeightsChanged() }
            cache.reset(rowCount: texts.count, width: 200)
            XCTAssertTrue(EventLoop.main.runUntilIdle(for: window))
            let (_, trace) = recordingTrace {
                for step in 0..<60 {
                    list.contentOffset = Point(x: 0, y: Double(step) * 97)
                    XCTAssertTrue(EventLoop.main.runUntilIdle(for: window))
                }
            }
            let layouts = trace.occurrences(of: .textLayout).filter { $0.phase == .begin }
            let draws = trace.occurrences(of: .textDraw).filter { $0.phase == .begin }
            XCTAssertGreaterThan(draws.count, 20, "the labels drew as rows came into view")
            XCTAssertTrue(layouts.allSatisfy { $0.threadID != getpid() },
                          "text laid out on the main thread: \(layouts.filter { $0.threadID == getpid() }.count) times")
            XCTAssertEqual(layouts.count, 0, "the labels drew the cache's layouts without laying out again")
        }
    }
}
