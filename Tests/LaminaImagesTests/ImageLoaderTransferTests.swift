import Foundation
import LaminaGraphics
@testable import LaminaImages
import LaminaTestServer
import Testing

/// What the loader's own HTTP transfers do beyond the hostile servers' errors: redirects it
/// follows itself, connections kept between fetches, and `shutdown()`.
@Suite("ImageLoader's HTTP transfers")
struct ImageLoaderTransferTests {
    @Test("a redirect loop is refused at its first repeated URL, after two requests")
    func redirectLoopStopsAtTheRepeat() async throws {
        let server = try LoopbackHTTPServer(routes: ["/a": .redirect(to: "/b"), "/b": .redirect(to: "/a")])
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration())
        await #expect(throws: ImageLoadingError.tooManyRedirects) { try await loader.image(for: server.url(for: "/a")) }
        #expect(server.statistics.requestOrder == ["/a", "/b"])
    }

    @Test("redirects are followed to absolute and relative locations, and only to http(s)")
    func redirectTargets() async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        server.setRoute(.redirect(to: server.url(for: "/relative").absoluteString), for: "/absolute")
        server.setRoute(.redirect(to: "images/final.png"), for: "/relative")
        server.setRoute(.bytes(Fixtures.png(70)), for: "/images/final.png")
        server.setRoute(.redirect(to: "ftp://127.0.0.1/x.png"), for: "/elsewhere")
        let loader = ImageLoader(configuration: testConfiguration())
        let image = try await loader.image(for: server.url(for: "/absolute"))
        #expect(image.width == 64)
        #expect(server.statistics.requestOrder == ["/absolute", "/relative", "/images/final.png"])
        await #expect(throws: ImageLoadingError.unsupportedURL("ftp://127.0.0.1/x.png")) {
            try await loader.image(for: server.url(for: "/elsewhere"))
        }
    }

    @Test("fetches one after another reuse one connection")
    func connectionsAreKept() async throws {
        var routes: [String: Route] = [:]
        for index in 0..<5 { routes["/k\(index).png"] = .bytes(Fixtures.png(71 + index, pixelSize: 16)) }
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration())
        for index in 0..<5 { _ = try await loader.image(for: server.url(for: "/k\(index).png")) }
        #expect(server.statistics.requests == 5)
        #expect(server.statistics.peakConnections == 1)
    }

    @Test("shutdown ends a fetch under way and fails later ones with a transport error")
    func shutdownEndsFetches() async throws {
        let server = try LoopbackHTTPServer(routes: ["/slow.png": .bytes(Fixtures.png(76), delay: .seconds(5)),
                                                     "/fast.png": .bytes(Fixtures.png(77))])
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration())
        let slow = Task { try await loader.image(for: server.url(for: "/slow.png")) }
        while server.requestCount(for: "/slow.png") == 0 { try await Task.sleep(for: .milliseconds(5)) }
        loader.shutdown()
        // The route answers after 5 s with an image: the error says the shutdown ended it first.
        await #expect(throws: ImageLoadingError.transport("the image loader was shut down")) { try await slow.value }
        await #expect(throws: ImageLoadingError.transport("the image loader was shut down")) {
            try await loader.image(for: server.url(for: "/fast.png"))
        }
        // Another loader is not affected: the transfer thread is shared, the shutdown is not.
        _ = try await ImageLoader(configuration: testConfiguration()).image(for: server.url(for: "/fast.png"))
    }
}

@Suite("ImageLoader's HTTP transfers are freed")
struct ImageLoaderTransferLifetimeTests {
    @Test("no transfer outlives its fetch: bodies, errors, redirects, cancellations, deadlines, shutdown")
    func transfersAreFreed() async throws {
        let png = Fixtures.png(80)
        let server = try LoopbackHTTPServer(routes: [
            "/ok.png": .bytes(png), "/missing.png": .status(404), "/hop": .redirect(to: "/ok.png"),
            "/loop-a": .redirect(to: "/loop-b"), "/loop-b": .redirect(to: "/loop-a"),
            "/slow.png": .bytes(png, delay: .seconds(5)), "/cut.png": .truncated(png, sentBytes: png.count / 2),
            "/trickle.png": .trickle(png, interval: .milliseconds(20)),
        ])
        defer { server.shutdown() }
        var loaders: [ImageLoader] = []
        for round in 0..<10 {
            let loader = ImageLoader(configuration: testConfiguration(timeout: .milliseconds(300)))
            for path in ["/ok.png", "/missing.png", "/hop", "/loop-a", "/cut.png", "/trickle.png"] {
                // Each path once per loader (the memory cache would answer the second time).
                _ = try? await loader.image(for: server.url(for: path), sizing: .maximumPixelSize(round + 1))
            }
            // Each slow fetch is ended once the server has its request.
            var asked = server.requestCount(for: "/slow.png")
            let cancelled = Task { try await loader.image(for: server.url(for: "/slow.png")) }
            while server.requestCount(for: "/slow.png") == asked { try await Task.sleep(for: .milliseconds(5)) }
            cancelled.cancel()
            _ = try? await cancelled.value
            asked = server.requestCount(for: "/slow.png")
            let shutDown = Task { try await loader.image(for: server.url(for: "/slow.png"), sizing: .maximumPixelSize(99)) }
            while server.requestCount(for: "/slow.png") == asked { try await Task.sleep(for: .milliseconds(5)) }
            loader.shutdown()
            _ = try? await shutDown.value
            loaders.append(loader)
        }
        // 8 fetches a loader made transfers: the slow ones twice, the others once.
        #expect(server.statistics.requests >= 80)
        // A transfer is freed on the transfer thread just after its fetch resumes.
        func live() -> Int { loaders.reduce(0) { $0 + $1.http.transfers.live.load(ordering: .relaxed) } }
        for _ in 0..<200 where live() > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(live() == 0)
    }
}
