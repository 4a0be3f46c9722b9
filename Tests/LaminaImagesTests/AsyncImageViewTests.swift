import Foundation
import LaminaGraphics
import LaminaImages
import LaminaLayers
import LaminaLoop
import LaminaTestServer
import LaminaTesting
import LaminaTrace
import LaminaUI
import XCTest

/// AsyncImageView: reuse and cancellation races, visible-only decoding, the near-visible margin,
/// errors.
final class AsyncImageViewTests: LaminaTestCase {
    func testAViewRePointedAThousandTimesEndsWithTheLastURLsImageOnly() throws {
        var routes: [String: Route] = [:]
        for index in 0..<7 { routes["/r\(index).png"] = .bytes(Fixtures.png(index), delay: .milliseconds(index % 3)) }
        let server = try LoopbackHTTPServer(routes: routes, threads: 2)
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow(size: Size(width: 200, height: 200))
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 64, height: 64))
            view.loader = loader
            window.addSubview(view)
            for step in 0..<1000 {
                view.imageURL = server.url(for: "/r\((step * 5 + step / 7) % 7).png")
                if step % 10 == 0 {
                    // Let some loads land mid-way, so late results meet a re-pointed view.
                    Transaction.flush()
                    _ = EventLoop.main.runOneIteration()
                    if view.loadState == .loaded {
                        // Whatever landed so far is the picture of the URL the view has now.
                        let index = Int(view.imageURL!.lastPathComponent.dropFirst().prefix { $0.isNumber })!
                        let expected = try ImageDecoder.decode(Fixtures.png(index))
                        XCTAssertTrue(try XCTUnwrap(view.image).pixel(x: 0, y: 0)
                            .isApproximatelyEqual(to: expected.pixel(x: 0, y: 0), tolerance: 0.02), "step \(step)")
                    }
                }
            }
            let last = try XCTUnwrap(view.imageURL)
            drainLoads()
            XCTAssertEqual(view.loadState, .loaded)
            let expected = try ImageDecoder.decode(Fixtures.png(Int(last.lastPathComponent.dropFirst().prefix { $0.isNumber })!))
            let shown = try XCTUnwrap(view.image)
            XCTAssertTrue(shown.pixel(x: 0, y: 0).isApproximatelyEqual(to: expected.pixel(x: 0, y: 0), tolerance: 0.02),
                          "the last URL's picture, not a late one")
            XCTAssertTrue(shown.isIdentical(to: try XCTUnwrap(loader.cachedImage(for: last, sizing: view.decodeSizing))))
            XCTAssertEqual(EventLoop.main.outstandingWork, 0)
        }
    }

    func testAViewOutsideEveryClipNeitherFetchesNorDecodesUntilScrolledIntoSight() throws {
        let server = try LoopbackHTTPServer(routes: ["/v.png": .bytes(Fixtures.png(20))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            scroller.clipsToBounds = true
            window.addSubview(scroller)
            let view = AsyncImageView(frame: Rect(x: 0, y: 300, width: 50, height: 50))
            view.loader = loader
            scroller.addSubview(view)
            view.imageURL = server.url(for: "/v.png")
            let (_, before) = recordingTrace { drainLoads() }
            XCTAssertEqual(view.loadState, .waitingForVisibility)
            XCTAssertEqual(server.statistics.requests, 0)
            XCTAssertEqual(before.count(.decode), 0)

            // A scroll moves the clipping view's bounds origin; nothing marks the image view.
            scroller.bounds = Rect(x: 0, y: 280, width: 100, height: 100)
            let (_, after) = recordingTrace { drainLoads() }
            XCTAssertEqual(view.loadState, .loaded)
            XCTAssertEqual(server.statistics.requests, 1)
            XCTAssertEqual(after.count(.decode), 1)
        }
    }

    func testAHiddenViewOrOneOutsideTheWindowWaits() throws {
        let server = try LoopbackHTTPServer(routes: ["/h.png": .bytes(Fixtures.png(21))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let outside = AsyncImageView(frame: Rect(x: 150, y: 0, width: 20, height: 20))
            let hidden = AsyncImageView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            hidden.isHidden = true
            let detached = AsyncImageView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            for view in [outside, hidden, detached] {
                view.loader = loader
                view.imageURL = server.url(for: "/h.png")
            }
            window.addSubview(outside)
            window.addSubview(hidden)
            drainLoads()
            XCTAssertEqual([outside, hidden, detached].map(\.loadState), Array(repeating: .waitingForVisibility, count: 3))
            XCTAssertEqual(server.statistics.requests, 0)
            hidden.isHidden = false
            drainLoads()
            XCTAssertEqual(hidden.loadState, .loaded)
            XCTAssertEqual(outside.loadState, .waitingForVisibility)
        }
    }

    func testAViewNearTheVisibleAreaFetchesButDoesNotDecode() throws {
        let server = try LoopbackHTTPServer(routes: ["/n.png": .bytes(Fixtures.png(22))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            scroller.clipsToBounds = true
            window.addSubview(scroller)
            let view = AsyncImageView(frame: Rect(x: 0, y: 150, width: 50, height: 50))
            view.loader = loader
            view.prefetchMargin = 100
            scroller.addSubview(view)
            view.imageURL = server.url(for: "/n.png")
            let (_, near) = recordingTrace { drainLoads() }
            XCTAssertEqual(view.loadState, .waitingForVisibility)
            XCTAssertEqual(server.statistics.requests, 1, "fetched")
            XCTAssertEqual(near.count(.decode), 0, "not decoded")

            scroller.bounds = Rect(x: 0, y: 100, width: 100, height: 100)
            let (_, visible) = recordingTrace { drainLoads() }
            XCTAssertEqual(view.loadState, .loaded)
            XCTAssertEqual(server.statistics.requests, 1, "decoded from the prefetched bytes")
            XCTAssertEqual(visible.count(.decode), 1)
        }
    }

    func testAnErrorShowsThePlaceholderAndReachesTheHandler() throws {
        let server = try LoopbackHTTPServer(routes: ["/missing.png": .status(404), "/ok.png": .bytes(Fixtures.png(23))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow(size: Size(width: 200, height: 200))
            let placeholder = try ImageDecoder.decode(Fixtures.png(99, pixelSize: 8))
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            view.loader = loader
            view.placeholder = placeholder
            var errors: [ImageLoadingError] = []
            view.errorHandler = { _, error in errors.append(error) }
            window.addSubview(view)
            view.imageURL = server.url(for: "/ok.png")
            drainLoads()
            XCTAssertEqual(view.loadState, .loaded)
            XCTAssertFalse(view.image?.isIdentical(to: placeholder) ?? true)
            view.imageURL = server.url(for: "/missing.png")
            XCTAssertTrue(view.image?.isIdentical(to: placeholder) == true, "the placeholder while loading")
            drainLoads()
            XCTAssertEqual(view.loadState, .failed(.httpStatus(404)))
            XCTAssertTrue(view.image?.isIdentical(to: placeholder) == true)
            XCTAssertEqual(errors, [.httpStatus(404)])
            view.imageURL = nil
            XCTAssertEqual(view.loadState, .idle)
            XCTAssertTrue(view.image?.isIdentical(to: placeholder) == true)
        }
    }

    func testAReusedViewNeverShowsTheOldURLsLateResult() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/slow.png": .bytes(Fixtures.png(30), delay: .milliseconds(80)),
            "/fast.png": .bytes(Fixtures.png(31)),
        ])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow(size: Size(width: 200, height: 200))
            let cell = AsyncImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            cell.loader = loader
            window.addSubview(cell)
            cell.imageURL = server.url(for: "/slow.png")
            Transaction.flush()
            // Another view keeps the slow load alive, so its result does arrive.
            var otherGotIt = false
            loader.loadImage(for: server.url(for: "/slow.png"), sizing: cell.decodeSizing) { _ in otherGotIt = true }
            cell.imageURL = server.url(for: "/fast.png")
            drainLoads()
            XCTAssertTrue(otherGotIt)
            let expected = try ImageDecoder.decode(Fixtures.png(31))
            XCTAssertTrue(try XCTUnwrap(cell.image).pixel(x: 0, y: 0).isApproximatelyEqual(to: expected.pixel(x: 0, y: 0), tolerance: 0.02))
        }
    }
}

/// An image that arrives after its view left the visible area is not assigned until the view
/// is visible again, and then comes from the memory cache.
final class AsyncImageViewLateArrivalTests: LaminaTestCase {
    func testAnImageArrivingForAViewScrolledAwayWaitsForItToBeVisible() throws {
        let server = try LoopbackHTTPServer(routes: ["/late.png": .bytes(Fixtures.png(70), delay: .milliseconds(60))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            scroller.clipsToBounds = true
            window.addSubview(scroller)
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            view.loader = loader
            scroller.addSubview(view)
            view.imageURL = server.url(for: "/late.png")
            Transaction.flush()
            XCTAssertEqual(view.loadState, .loading)
            scroller.bounds = Rect(x: 0, y: 500, width: 100, height: 100)
            drainLoads()
            XCTAssertEqual(view.loadState, .waitingForVisibility, "arrived while out of sight: not assigned")
            XCTAssertNil(view.image)
            scroller.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            let (_, trace) = recordingTrace { Transaction.flush() }
            XCTAssertEqual(view.loadState, .loaded, "assigned in the commit that shows it")
            XCTAssertEqual(trace.count(.memoryHit), 1)
            XCTAssertEqual(server.statistics.requests, 1)
        }
    }

    /// The delivery trusts the check that started the load only while nothing has moved since:
    /// a view taken out of its window after its image was decoded, in the same turn as the
    /// delivery and before any commit, is not given the image.
    func testAnImageDecodedForAViewRemovedBeforeItsDeliveryWaits() throws {
        let server = try LoopbackHTTPServer(routes: ["/removed.png": .bytes(Fixtures.png(71))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow()
            let view = AsyncImageView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            view.loader = loader
            window.addSubview(view)
            let url = server.url(for: "/removed.png")
            view.imageURL = url
            Transaction.flush()
            XCTAssertEqual(view.loadState, .loading)
            // Decoded and posted to the main loop, which has not run since.
            let deadline = Date().addingTimeInterval(30)
            while loader.cachedImage(for: url, sizing: view.decodeSizing, scale: window.scale) == nil, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            XCTAssertNotNil(loader.cachedImage(for: url, sizing: view.decodeSizing, scale: window.scale))
            view.removeFromSuperview()
            // No flush first: the delivery's block runs before this turn's commit.
            XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: .seconds(10)))
            XCTAssertEqual(view.loadState, .waitingForVisibility, "delivered after it left the window: not assigned")
            XCTAssertNil(view.image)
            window.addSubview(view)
            Transaction.flush()
            XCTAssertEqual(view.loadState, .loaded, "assigned from memory in the commit that shows it again")
            XCTAssertEqual(server.statistics.requests, 1)
        }
    }
}
