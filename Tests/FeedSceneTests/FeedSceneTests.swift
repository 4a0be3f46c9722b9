import FeedScene
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The feed scene: cells reused within the prefetch range, no text laid out on the main thread
/// while scrolling, the right pixels after fast scrolls, synchronous drawing in the sync mode, a
/// tap on a row's link, and a measured scroll on the virtual clock.
final class FeedSceneTests: LaminaTestCase {
    func test_cellsExistOnlyForTheRowsInRangeAndAreReused() throws {
        try onMainActor {
            let feed = try FeedFixture(mode: .asyncOn)
            defer { feed.close() }
            let list = feed.scene.list
            var most = 0
            for y in stride(from: 0.0, through: list.maximumContentOffset.y, by: 137) {
                list.contentOffset = Point(x: 0, y: y)
                list.layoutIfNeeded()
                let top = y - list.prefetchMargin, bottom = y + list.bounds.height + list.prefetchMargin
                let inRange = Set((0..<list.numberOfRows).filter {
                    let rect = list.rectForRow($0)
                    return rect.maxY > top && rect.minY <= bottom
                })
                XCTAssertEqual(Set(list.visibleCells.keys), inRange, "offset \(y)")
                most = max(most, list.visibleCells.count)
            }
            XCTAssertLessThanOrEqual(feed.scene.cellsMade, most + 1, "cells are dequeued as rows scroll by, not made")
            XCTAssertLessThan(most, 12)
        }
    }

    func test_aScrollLaysNoTextOutOnTheMainThreadAndAsyncModesDrawOffIt() throws {
        for mode in FeedMode.allCases {
            try onMainActor {
                let feed = try FeedFixture(mode: mode)
                defer { feed.close() }
                feed.settle(at: 0)
                let (_, trace) = recordingTrace {
                    for step in 1...12 { feed.settle(at: Double(step) * 350) }
                }
                let main = getpid()
                let layouts = trace.occurrences(of: .textLayout).filter { $0.phase == .begin }
                XCTAssertTrue(layouts.allSatisfy { $0.threadID != main }, "\(mode): text laid out on the main thread")
                let draws = trace.occurrences(of: .textDraw).filter { $0.phase == .begin }
                XCTAssertGreaterThan(draws.count, 12, "\(mode): labels drew as rows came into view")
                let drawnOnMain = draws.filter { $0.threadID == main }.count
                if mode.isAsync {
                    XCTAssertEqual(drawnOnMain, 0, "\(mode): labels draw on display queues")
                } else {
                    XCTAssertEqual(drawnOnMain, draws.count, "\(mode): labels draw on the main thread")
                    XCTAssertEqual(trace.count(.imageAssigned), 0, "\(mode): pictures are decoded in place, not loaded")
                }
            }
        }
    }

    func test_rowsShowTheRightPixelsAfterFastScrollsBackAndForth() throws {
        for mode in [FeedMode.asyncOn, .grouped, .asyncOff] {
            try onMainActor {
                let feed = try FeedFixture(mode: mode)
                defer { feed.close() }
                feed.settle(at: 1_000)
                let before = try feed.snapshot()
                let list = feed.scene.list
                // Fast: one loop pass per offset, renders and loads cut short by reuse.
                for y in [6_000.0, 200, 9_000, 3_000, 12_000, 1_000, 7_500, 0] {
                    list.contentOffset = Point(x: 0, y: min(y, list.maximumContentOffset.y))
                    _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(1), returnAfterSourceHandled: true)
                }
                feed.settle(at: 1_000)
                let after = try feed.snapshot()
                let scratch = try XCTUnwrap(feed.window.renderServer.recompositeFromScratch())
                XCTAssertEqual(ImageDifference(between: after, and: scratch, perChannel: 0).differingPixelCount, 0,
                               "\(mode): the frame made from damage equals a full recomposite")
                let difference = ImageDifference(between: after, and: before, perChannel: 0)
                XCTAssertTrue(difference.sizesMatch)
                XCTAssertEqual(difference.differingPixelCount, 0, "\(mode): the rows at 1,000 points differ after scrolling away and back: \(difference)")
            }
        }
    }

    func test_tappingTheLinkInARowCallsTheHandlerWithTheRow() throws {
        try onMainActor {
            let feed = try FeedFixture(mode: .asyncOn)
            defer { feed.close() }
            feed.settle(at: 0)
            var taps: [(Int, String?)] = []
            feed.scene.linkTapped = { row, hit in taps.append((row, hit.highlight.userInfo["link"])) }
            let list = feed.scene.list
            let cell = try XCTUnwrap(list.visibleCells[2])
            let layout = try XCTUnwrap(feed.scene.layouts.layout(forRow: 2))
            let y = layout.metaFrame.height / 2
            let linkX = try XCTUnwrap(stride(from: 0.0, to: layout.metaFrame.width, by: 2).first {
                layout.meta.highlight(at: Point(x: $0, y: y)) != nil
            }, "the meta line has its link")
            let point = cell.convert(Point(x: layout.metaFrame.minX + linkX + 8, y: layout.metaFrame.minY + y), to: nil)
            feed.window.send(PointerEvent(phase: .down, location: point))
            feed.window.send(PointerEvent(phase: .up, location: point))
            XCTAssertEqual(taps.map(\.0), [2])
            XCTAssertEqual(taps.first?.1, "lamina.dev/p/3")
            // Off the link (the age), the row is tapped instead.
            var rows: [Int] = []
            list.didSelectRow = { rows.append($0) }
            let name = cell.convert(Point(x: layout.metaFrame.minX + 4, y: layout.metaFrame.minY + y), to: nil)
            feed.window.send(PointerEvent(phase: .down, location: name))
            feed.window.send(PointerEvent(phase: .up, location: name))
            XCTAssertEqual(taps.count, 1)
            XCTAssertEqual(rows, [2])
        }
    }

    func test_tappingMoreExpandsTheRowWithAnAnimatedHeightChange() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let feed = try FeedFixture(mode: .asyncOn)
                defer { feed.close() }
                feed.settle(at: 0)
                let list = feed.scene.list
                let row = try XCTUnwrap(list.rowsInView.first { row in
                    list.rectForRow(row).maxY < list.bounds.height && feed.scene.layouts.layout(forRow: row)?.summary.truncatedLine != nil
                }, "a whole row in view with its summary cut")
                let oldHeight = list.rectForRow(row).height
                let below = try XCTUnwrap(list.visibleCells[row + 1])
                let belowTop = below.frame.minY
                // The ellipsis before "more" is not the link.
                let more = try XCTUnwrap(feed.scene.morePoint(ofRow: row))
                for point in [Point(x: more.x - 30, y: more.y), more] {
                    feed.window.send(PointerEvent(phase: .down, location: point))
                    feed.window.send(PointerEvent(phase: .up, location: point))
                }
                XCTAssertTrue(feed.scene.isRowExpanded(row))
                XCTAssertFalse(feed.scene.isRowExpanded(row + 1))
                XCTAssertFalse(feed.scene.expandRow(row), "expanded already")
                XCTAssertFalse(feed.scene.expandRow(-1))
                XCTAssertFalse(feed.scene.expandRow(list.numberOfRows))
                // The new layout is measured off the main thread; then the row grows, animated.
                let measured = feed.window.run(until: { feed.scene.layouts.layout(forRow: row)?.isExpanded == true },
                                               timeout: .seconds(30))
                XCTAssertTrue(measured)
                let layout = try XCTUnwrap(feed.scene.layouts.layout(forRow: row))
                XCTAssertNil(layout.summary.truncatedLine, "the whole summary")
                XCTAssertGreaterThan(layout.height, oldHeight)
                XCTAssertEqual(list.rectForRow(row).height, layout.height)
                XCTAssertEqual(below.frame.minY, belowTop + layout.height - oldHeight, "the row below, at its new place")
                let cell = try XCTUnwrap(list.visibleCells[row])
                XCTAssertTrue(cell.clipsToBounds, "clipping while it grows")
                XCTAssertEqual(cell.layer.animationKeys.sorted(), ["bounds", "position"])
                XCTAssertNotNil(feed.window.snapshot())
                var tops: [Double] = []
                for _ in 0..<24 {
                    XCTAssertTrue(EventLoop.main.advance(by: FrameClock.sixtyHertz))
                    let shown = try XCTUnwrap(below.layer.presentation())
                    tops.append(shown.position.y - shown.bounds.height / 2)
                }
                XCTAssertLessThan(tops.first ?? 0, belowTop + (layout.height - oldHeight) / 2, "the row below starts near its old place")
                XCTAssertEqual(tops.last ?? 0, below.frame.minY, accuracy: 1e-9, "and slides down to its new one")
                for (earlier, later) in zip(tops, tops.dropFirst()) { XCTAssertGreaterThanOrEqual(later, earlier - 1e-9) }
                XCTAssertTrue(EventLoop.main.runUntilIdle(for: feed.window, timeout: .seconds(30)))
                XCTAssertFalse(cell.clipsToBounds, "not after the animation")
                XCTAssertTrue(feed.scene.settleFirstScreen())
                // The frame equals a full recomposite, and a feed whose row was expanded before it
                // was ever shown.
                let frame = try feed.snapshot()
                let scratch = try XCTUnwrap(feed.window.renderServer.recompositeFromScratch())
                XCTAssertEqual(ImageDifference(between: frame, and: scratch, perChannel: 0).differingPixelCount, 0)
                let fresh = try FeedFixture(mode: .asyncOn)
                defer { fresh.close() }
                XCTAssertTrue(fresh.scene.expandRow(row))
                XCTAssertTrue(EventLoop.main.runUntilIdle(for: fresh.window, timeout: .seconds(30)))
                XCTAssertTrue(EventLoop.main.advance(by: .seconds(1)), "past the growth's animation")
                fresh.settle(at: 0)
                let expected = try fresh.snapshot()
                XCTAssertEqual(ImageDifference(between: frame, and: expected, perChannel: 0).differingPixelCount, 0)
            }
        }
    }

    func test_rowsWhoseSummaryIsNotCutDoNotExpand() throws {
        try onMainActor {
            let feed = try FeedFixture(mode: .asyncOff, rows: 10, size: Size(width: 1_600, height: 480))
            defer { feed.close() }
            let uncut = try XCTUnwrap((0..<feed.scene.list.numberOfRows).first {
                feed.scene.layouts.layout(forRow: $0).map { $0.summary.truncatedLine == nil } ?? false
            }, "a row whose summary fits its three lines")
            XCTAssertFalse(feed.scene.expandRow(uncut))
            XCTAssertFalse(feed.scene.isRowExpanded(uncut))
        }
    }

    func test_aMeasuredScrollOnTheVirtualClockTakesOneStepPerTick() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let feed = try FeedFixture(mode: .asyncOn)
                defer { feed.close() }
                feed.settle(at: 0)
                let run = FeedScrollRun(scene: feed.scene, log: feed.log, speed: 3_000, frames: 30, expandEvery: 3)
                let result = try XCTUnwrap(run.run())
                XCTAssertEqual(result.mainThreadCPU.count, 29, "one CPU sample between each two callbacks")
                XCTAssertEqual(result.skippedLinkFrames, 0)
                XCTAssertEqual(result.ticks, 30)
                XCTAssertEqual(result.distance, 3_000 * 29 * FrameClock.sixtyHertz.seconds, accuracy: 0.25,
                               "to the nearest device pixel")
                XCTAssertEqual(feed.scene.list.contentOffset.y, result.distance)
                XCTAssertEqual(result.distance * feed.scene.window.scale, (result.distance * feed.scene.window.scale).rounded(),
                               "the offset is on a whole device pixel")
                XCTAssertGreaterThan(result.contentLatencies.count, 0, "rows came into view and got their content")
                XCTAssertNotNil(result.peakMemory)
                XCTAssertGreaterThan(result.rowsExpanded, 0, "rows expanded as they came into view")
                XCTAssertEqual(result.rowsExpanded, (0..<feed.scene.list.numberOfRows).filter(feed.scene.isRowExpanded).count)
                XCTAssertTrue(FeedReport.line(result).hasPrefix("async on"))
            }
        }
    }

    func test_aSceneOnAWindowWithoutAFrameClockCannotBeMeasured() throws {
        try onMainActor {
            let window = try Window(size: Size(width: 200, height: 300), frameInterval: .zero)
            let images = FeedImages(baseURL: URL(string: "http://127.0.0.1:9")!, pixelSize: 16)
            let scene = FeedScene(posts: FeedPost.feed(count: 3), mode: .asyncOff, window: window, images: images)
            defer { scene.tearDown() }
            XCTAssertNil(FeedScrollRun(scene: scene, log: PresentationLog(wrapping: HeadlessPresenter())).run())
        }
    }

    func test_aSceneClosedWhileARowGrowsFreesItsCells() throws {
        try onMainActor {
            weak var list: ListView?
            weak var cell: ListCell?
            try EventLoop.main.withVirtualClock { _ in
                let feed = try FeedFixture(mode: .asyncOn)
                feed.settle(at: 0)
                list = feed.scene.list
                cell = feed.scene.list.visibleCells[1]
                XCTAssertTrue(feed.scene.expandRow(1))
                XCTAssertTrue(feed.window.run(until: { feed.scene.layouts.layout(forRow: 1)?.isExpanded == true },
                                              timeout: .seconds(30)))
                XCTAssertNotNil(feed.window.snapshot())
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(50)))
                XCTAssertEqual(feed.scene.list.visibleCells[1]?.clipsToBounds, true, "growing")
                feed.close()
                // The growth stops unfinished at the next turn: its block lets the cells go.
                _ = EventLoop.main.run(mode: .default, timeout: .zero, returnAfterSourceHandled: false)
            }
            XCTAssertNil(list)
            XCTAssertNil(cell)
        }
    }
}
