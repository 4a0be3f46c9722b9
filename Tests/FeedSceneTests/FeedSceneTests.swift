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

    func test_aMeasuredScrollOnTheVirtualClockTakesOneStepPerTick() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let feed = try FeedFixture(mode: .asyncOn)
                defer { feed.close() }
                feed.settle(at: 0)
                let run = FeedScrollRun(scene: feed.scene, log: feed.log, speed: 3_000, frames: 30)
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
}
