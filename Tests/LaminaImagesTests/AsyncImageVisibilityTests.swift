import Foundation
import LaminaGraphics
@testable import LaminaImages
import LaminaLayers
import LaminaLoop
import LaminaTestServer
import LaminaTesting
import LaminaUI
import XCTest

/// The visibility check of waiting async image views runs only after commits that may have moved
/// something, yet a view revealed by any kind of move starts loading in the commit that shows it.
final class AsyncImageVisibilityTests: LaminaTestCase {
    func testACommitThatOnlyBringsContentsSkipsTheCheckAndAScrollStartsTheLoadInItsCommit() throws {
        let server = try LoopbackHTTPServer(routes: ["/s.png": .bytes(Fixtures.png(40))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let (window, scroller, view) = try makeScene(server: server, path: "/s.png", loader: loader)
            let other = ImageView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(other)
            Transaction.flush()
            let checks = AsyncImageVisibility.checkCount
            for index in 0..<3 {
                // What an async result landing does: new contents, nothing moves.
                other.image = try ImageDecoder.decode(Fixtures.png(50 + index, pixelSize: 8))
                Transaction.flush()
            }
            XCTAssertEqual(AsyncImageVisibility.checkCount, checks, "contents-only commits do not check")
            XCTAssertEqual(view.loadState, .waitingForVisibility)

            scroller.bounds = Rect(x: 0, y: 280, width: 100, height: 100)
            Transaction.flush()
            XCTAssertEqual(AsyncImageVisibility.checkCount, checks + 1)
            XCTAssertNotEqual(view.loadState, .waitingForVisibility, "the load starts in the scroll's commit")
            drainLoads()
            XCTAssertEqual(view.loadState, .loaded)
            XCTAssertEqual(server.statistics.requests, 1)
        }
    }

    func testAViewMovedIntoSightWithoutAnyLayoutStartsLoadingInThatCommit() throws {
        let server = try LoopbackHTTPServer(routes: ["/m.png": .bytes(Fixtures.png(41))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let (_, scroller, view) = try makeScene(server: server, path: "/m.png", loader: loader)
            // Same size: only the position changes, so nothing is marked for layout.
            view.frame = Rect(x: 10, y: 10, width: 50, height: 50)
            XCTAssertFalse(view.layer.needsLayout)
            XCTAssertFalse(scroller.layer.needsLayout)
            Transaction.flush()
            XCTAssertNotEqual(view.loadState, .waitingForVisibility)
            drainLoads()
            XCTAssertEqual(view.loadState, .loaded)
        }
    }

    func testARevealByOpacityOrByUnhidingAnAncestorIsSeenInItsCommit() throws {
        let server = try LoopbackHTTPServer(routes: ["/a.png": .bytes(Fixtures.png(42)), "/b.png": .bytes(Fixtures.png(43))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let faded = AsyncImageView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            faded.alpha = 0
            let box = View(frame: Rect(x: 30, y: 0, width: 40, height: 40))
            box.isHidden = true
            let inBox = AsyncImageView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            box.addSubview(inBox)
            window.addSubview(faded)
            window.addSubview(box)
            for (view, path) in [(faded, "/a.png"), (inBox, "/b.png")] {
                view.loader = loader
                view.imageURL = server.url(for: path)
            }
            drainLoads()
            XCTAssertEqual([faded.loadState, inBox.loadState], [.waitingForVisibility, .waitingForVisibility])
            faded.alpha = 1
            Transaction.flush()
            XCTAssertNotEqual(faded.loadState, .waitingForVisibility)
            box.isHidden = false
            Transaction.flush()
            XCTAssertNotEqual(inBox.loadState, .waitingForVisibility)
            drainLoads()
            XCTAssertEqual([faded.loadState, inBox.loadState], [.loaded, .loaded])
        }
    }

    func testAWaitingViewJoiningTheWindowLaidOutEarlyStillLoadsInThatCommit() throws {
        let server = try LoopbackHTTPServer(routes: ["/j.png": .bytes(Fixtures.png(44))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 30, height: 30))
            view.loader = loader
            view.imageURL = server.url(for: "/j.png")
            drainLoads()
            XCTAssertEqual(view.loadState, .waitingForVisibility, "detached")
            window.addSubview(view)
            window.layoutIfNeeded()
            Transaction.flush()
            XCTAssertNotEqual(view.loadState, .waitingForVisibility)
            drainLoads()
            XCTAssertEqual(view.loadState, .loaded)
        }
    }

    func testAGrownPrefetchMarginIsAnsweredByTheNextCommitEvenIfNothingMoves() throws {
        let server = try LoopbackHTTPServer(routes: ["/p.png": .bytes(Fixtures.png(45))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let (window, _, view) = try makeScene(server: server, path: "/p.png", loader: loader,
                                                  viewFrame: Rect(x: 0, y: 150, width: 50, height: 50))
            let other = ImageView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(other)
            drainLoads()
            XCTAssertEqual(server.statistics.requests, 0)
            view.prefetchMargin = 100
            // The next commit only brings contents; the margin alone must make it look again.
            other.image = try ImageDecoder.decode(Fixtures.png(46, pixelSize: 8))
            drainLoads()
            XCTAssertEqual(view.loadState, .waitingForVisibility)
            XCTAssertEqual(server.statistics.requests, 1, "fetched, not decoded")
        }
    }

    func testViewsSharingAncestorsEachGetTheirOwnBranchesClipAndHiding() throws {
        var routes: [String: Route] = [:]
        for index in 0..<6 { routes["/c\(index).png"] = .bytes(Fixtures.png(60 + index)) }
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let list = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            list.clipsToBounds = true
            window.addSubview(list)
            // Three cells: one shown, one hidden, one clipping its own content to a strip.
            let cells = (0..<3).map { View(frame: Rect(x: 0, y: Double($0) * 30, width: 50, height: 30)) }
            cells[1].isHidden = true
            cells[2].clipsToBounds = true
            var views: [AsyncImageView] = []
            for (index, cell) in cells.enumerated() {
                list.addSubview(cell)
                // The second view of each cell sits right of it: outside the clipping cell, inside
                // the list.
                for slot in 0..<2 {
                    let view = AsyncImageView(frame: Rect(x: Double(slot) * 60, y: 10, width: 10, height: 10))
                    view.loader = loader
                    cell.addSubview(view)
                    view.imageURL = server.url(for: "/c\(index * 2 + slot).png")
                    views.append(view)
                }
            }
            drainLoads()
            XCTAssertEqual(views.map(\.loadState), [.loaded, .loaded, .waitingForVisibility, .waitingForVisibility,
                                                    .loaded, .waitingForVisibility])
            cells[1].isHidden = false
            cells[2].clipsToBounds = false
            drainLoads()
            XCTAssertEqual(views.map(\.loadState), Array(repeating: .loaded, count: 6))
        }
    }

    func testNoCheckRunsWhenNoViewWaitsAndBadGeometryNeverCountsAsVisible() throws {
        let server = try LoopbackHTTPServer(routes: ["/z.png": .bytes(Fixtures.png(47))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 0, height: 0))
            view.loader = loader
            window.addSubview(view)
            view.imageURL = server.url(for: "/z.png")
            // Non-finite geometry is ignored; an empty view is never visible.
            view.frame = Rect(x: .nan, y: 0, width: .infinity, height: 20)
            drainLoads()
            XCTAssertEqual(view.loadState, .waitingForVisibility)
            view.imageURL = nil
            let checks = AsyncImageVisibility.checkCount
            view.frame = Rect(x: 5, y: 5, width: 20, height: 20)
            drainLoads()
            XCTAssertEqual(AsyncImageVisibility.checkCount, checks, "nobody waits: nothing to check")
            XCTAssertEqual(view.loadState, .idle)
            XCTAssertEqual(server.statistics.requests, 0)
        }
    }

    /// The pass carries each ancestor's transform to the window down the tree instead of
    /// converting every view up to it; on random trees — offsets, scales, rotations, sublayer
    /// transforms, scrolled bounds, a layer hung apart from its view's superview — its rectangles
    /// and clips are `layer.convert(_:to:)`'s.
    func testThePassGivesTheRectanglesOfConvertingEachViewToTheWindow() throws {
        try onMainActor {
            var generator = SplitMix64(seed: 7)
            func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
            for round in 0..<20 {
                let window = try makeWindow(size: Size(width: 400, height: 300))
                var views: [View] = [window]
                for _ in 0..<24 {
                    let parent = views[Int(generator.next() % UInt64(views.count))]
                    let view = View(frame: Rect(x: unit() * 300 - 50, y: unit() * 200 - 50,
                                                width: unit() * 150 + 1, height: unit() * 120 + 1))
                    switch generator.next() % 5 {
                    case 0: view.transform = AffineTransform(rotationAngle: unit() * 6)
                    case 1: view.transform = AffineTransform(scaleX: 0.5 + unit(), y: 0.5 + unit())
                    case 2: view.bounds.origin = Point(x: unit() * 40, y: unit() * 90)
                    case 3: view.layer.sublayerTransform = AffineTransform(translationX: unit() * 20, y: 5)
                    default: break
                    }
                    view.clipsToBounds = generator.next() % 3 == 0
                    parent.addSubview(view)
                    views.append(view)
                }
                // A view whose layer was moved under another view's layer: the pass converts it.
                let stray = views[5]
                views[9].layer.addSublayer(stray.layer)
                var pass = VisibilityPass()
                for view in views.dropFirst() {
                    guard let parent = view.superview, let parentClip = pass.clip(inside: parent) else { continue }
                    let expected = view.layer.convert(view.bounds, to: window.layer)
                    let rect = pass.windowRect(of: view, inside: parentClip)
                    for (a, b) in [(rect.minX, expected.minX), (rect.minY, expected.minY), (rect.maxX, expected.maxX), (rect.maxY, expected.maxY)] {
                        XCTAssertEqual(a, b, accuracy: 1e-6, "round \(round)")
                    }
                    guard let clip = pass.clip(inside: view) else { continue }
                    let expectedClip = view.clipsToBounds ? parentClip.rect.intersection(expected) : parentClip.rect
                    XCTAssertEqual(clip.rect.isNull, expectedClip.isNull, "round \(round)")
                    if !clip.rect.isNull {
                        XCTAssertEqual(clip.rect.minX, expectedClip.minX, accuracy: 1e-6)
                        XCTAssertEqual(clip.rect.maxY, expectedClip.maxY, accuracy: 1e-6)
                    }
                }
            }
        }
    }
}

/// A window with a clipping scroller and an image view waiting below its visible area.
@MainActor
private func makeScene(server: LoopbackHTTPServer, path: String, loader: ImageLoader,
                       viewFrame: Rect = Rect(x: 0, y: 300, width: 50, height: 50)) throws
    -> (window: Window, scroller: View, view: AsyncImageView) {
    let window = try makeWindow()
    let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroller.clipsToBounds = true
    window.addSubview(scroller)
    let view = AsyncImageView(frame: viewFrame)
    view.loader = loader
    scroller.addSubview(view)
    view.imageURL = server.url(for: path)
    drainLoads()
    XCTAssertEqual(view.loadState, .waitingForVisibility)
    return (window, scroller, view)
}
