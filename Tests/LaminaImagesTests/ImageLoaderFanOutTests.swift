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

/// One fetch per URL however many wait; caches that answer without a request; the fetch limit
/// and order, counted by the server.
final class ImageLoaderFanOutTests: LaminaTestCase {
    func testFiftyViewsAskingForOneURLMakeOneRequestAndGetFiftyImages() throws {
        let server = try LoopbackHTTPServer(routes: ["/one.png": .bytes(Fixtures.png(1), delay: .milliseconds(50))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow(size: Size(width: 200, height: 200))
            let views = (0..<50).map { index in
                let view = AsyncImageView(frame: Rect(x: Double(index % 10) * 20, y: Double(index / 10) * 20,
                                                      width: 20, height: 20))
                view.loader = loader
                view.imageURL = server.url(for: "/one.png")
                window.addSubview(view)
                return view
            }
            let (_, trace) = recordingTrace { drainLoads() }
            XCTAssertEqual(server.requestCount(for: "/one.png"), 1)
            XCTAssertEqual(views.filter { $0.loadState == .loaded }.count, 50)
            let first = try XCTUnwrap(views[0].image)
            XCTAssertTrue(views.allSatisfy { $0.image?.isIdentical(to: first) == true }, "one decoded image, shared")
            XCTAssertEqual(trace.count(.fetchStart), 1)
            XCTAssertEqual(trace.count(.decode), 1, "one decode")
            XCTAssertEqual(trace.threadNames(of: .decode), ["image decode 1"], "off the main thread")
            XCTAssertEqual(trace.threadNames(of: .imageAssigned), ["main"])
            XCTAssertEqual(trace.count(.joinedLoadInFlight), 49)
            XCTAssertEqual(trace.count(.imageAssigned), 50)
        }
    }

    func testAMemoryHitMakesNoRequestAndAssignsInTheSameCommit() throws {
        let server = try LoopbackHTTPServer(routes: ["/a.png": .bytes(Fixtures.png(2))])
        defer { server.shutdown() }
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            let window = try makeWindow(size: Size(width: 200, height: 200))
            let first = AsyncImageView(frame: Rect(x: 0, y: 0, width: 30, height: 30))
            first.loader = loader
            first.imageURL = server.url(for: "/a.png")
            window.addSubview(first)
            drainLoads()
            XCTAssertEqual(first.loadState, .loaded)

            let second = AsyncImageView(frame: Rect(x: 40, y: 0, width: 30, height: 30))
            second.loader = loader
            second.imageURL = server.url(for: "/a.png")
            window.addSubview(second)
            let (_, trace) = recordingTrace { Transaction.flush() }
            XCTAssertEqual(second.loadState, .loaded, "assigned in the commit's layout phase, no loop pass needed")
            XCTAssertTrue(second.image?.isIdentical(to: try XCTUnwrap(first.image)) == true)
            XCTAssertEqual(trace.count(.fetchStart), 0)
            XCTAssertEqual(server.requestCount(for: "/a.png"), 1)
        }
    }

    func testADiskHitFromAnotherLoaderMakesNoRequest() throws {
        let server = try LoopbackHTTPServer(routes: ["/d.png": .bytes(Fixtures.png(3))])
        defer { server.shutdown() }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try onMainActor {
            let url = server.url(for: "/d.png")
            var results: [Result<Image, ImageLoadingError>] = []
            let first = ImageLoader(configuration: testConfiguration(), diskCache: try ImageDiskCache(directory: directory))
            first.loadImage(for: url) { results.append($0) }
            drainLoads()
            // A new loader: empty memory, the same directory.
            let second = ImageLoader(configuration: testConfiguration(), diskCache: try ImageDiskCache(directory: directory))
            let (_, trace) = recordingTrace {
                second.loadImage(for: url) { results.append($0) }
                drainLoads()
            }
            XCTAssertEqual(results.count, 2)
            XCTAssertNotNil(try? results[1].get())
            XCTAssertEqual(server.requestCount(for: "/d.png"), 1)
            XCTAssertEqual(trace.count(.diskHit), 1)
            XCTAssertEqual(trace.count(.fetchStart), 0)
        }
    }

    func testConcurrentFetchesNeverExceedTheLimitCountedByTheServer() throws {
        var routes: [String: Route] = [:]
        for index in 0..<20 { routes["/c\(index).png"] = .bytes(Fixtures.png(index), delay: .milliseconds(40)) }
        let server = try LoopbackHTTPServer(routes: routes, threads: 2)
        defer { server.shutdown() }
        onMainActor {
            let loader = ImageLoader(configuration: testConfiguration(maximumConcurrentFetches: 3))
            var delivered = 0
            for index in 0..<20 {
                loader.loadImage(for: server.url(for: "/c\(index).png")) { result in
                    if case .success = result { delivered += 1 }
                }
            }
            drainLoads()
            XCTAssertEqual(delivered, 20)
            XCTAssertEqual(server.statistics.requests, 20)
            XCTAssertLessThanOrEqual(server.statistics.peakActiveRequests, 3)
            XCTAssertGreaterThanOrEqual(server.statistics.peakActiveRequests, 2, "fetches do overlap")
        }
    }

    func testWaitingFetchesStartMostRecentlyRequestedFirst() throws {
        var routes: [String: Route] = [:]
        for name in ["a", "b", "c", "d"] { routes["/\(name).png"] = .bytes(Fixtures.png(name.hashValue & 7), delay: .milliseconds(30)) }
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.shutdown() }
        onMainActor {
            let loader = ImageLoader(configuration: testConfiguration(maximumConcurrentFetches: 1))
            for name in ["a", "b", "c", "d"] { loader.loadImage(for: server.url(for: "/\(name).png")) { _ in } }
            drainLoads()
            XCTAssertEqual(server.statistics.requestOrder, ["/a.png", "/d.png", "/c.png", "/b.png"])
        }
    }

    func testCancellingOneWaiterKeepsTheFetchForTheOthersAndTheLastCancelStopsIt() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/shared.png": .bytes(Fixtures.png(4), delay: .milliseconds(50)),
            "/alone.png": .trickle(Fixtures.png(5), interval: .milliseconds(20)),
        ])
        defer { server.shutdown() }
        onMainActor {
            let loader = ImageLoader(configuration: testConfiguration())
            var outcomes: [String] = []
            let cancelled = loader.loadImage(for: server.url(for: "/shared.png")) { _ in outcomes.append("cancelled one ran") }
            loader.loadImage(for: server.url(for: "/shared.png")) { result in
                outcomes.append((try? result.get()) == nil ? "failed" : "kept")
            }
            cancelled.cancel()
            let alone = loader.loadImage(for: server.url(for: "/alone.png")) { _ in outcomes.append("alone ran") }
            _ = EventLoop.main.runUntilIdle(timeout: .milliseconds(30))
            alone.cancel()
            drainLoads()
            // The last waiter's cancel stops the fetch: the client closes the connection long
            // before the trickle (one byte per 20 ms) could end.
            XCTAssertTrue(waitUntil { server.statistics.activeRequests == 0 }, "the trickling request was abandoned")
            XCTAssertEqual(outcomes, ["kept"])
            XCTAssertEqual(server.requestCount(for: "/shared.png"), 1)
            XCTAssertTrue(alone.isCancelled)
            XCTAssertEqual(loader.memoryCache.count, 1, "only the kept image was decoded and cached")
        }
    }
}
