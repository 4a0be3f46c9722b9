import Foundation
import LaminaGraphics
import LaminaImages
import LaminaTestServer
import Testing

/// Every way a server can misbehave ends in a typed error, within the loader's deadline, with
/// nothing cached — through the `async` API (no main loop involved).
@Suite("ImageLoader against hostile servers")
struct ImageLoaderHostileTests {
    /// The outcome of loading `route` with a 1 MiB limit and a 10 s deadline, and whether
    /// anything was left in either cache. The deadline is generous so that a slow run (Thread
    /// Sanitizer, every suite in parallel) still ends in the error under test; the tests of the
    /// deadline itself set a short one.
    static func load(_ route: Route, path: String = "/x.png",
                     configuration: ImageLoader.Configuration = testConfiguration(timeout: .seconds(10)))
        async throws -> (error: ImageLoadingError?, cachedAnything: Bool, requests: Int) {
        let server = try LoopbackHTTPServer(routes: [path: route])
        defer { server.shutdown() }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try ImageDiskCache(directory: directory)
        let loader = ImageLoader(configuration: configuration, diskCache: disk)
        var error: ImageLoadingError?
        do {
            _ = try await loader.image(for: server.url(for: path))
        } catch let caught {
            error = caught
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return (error, loader.memoryCache.count > 0 || disk.count > 0 || !files.isEmpty, server.requestCount(for: path))
    }

    @Test("error statuses are HTTP status errors", arguments: [404, 410, 500, 503])
    func errorStatuses(code: Int) async throws {
        let outcome = try await Self.load(.status(code))
        #expect(outcome.error == .httpStatus(code))
        #expect(!outcome.cachedAnything)
    }

    @Test("a body cut short by a closed connection is a transport error")
    func truncatedBody() async throws {
        let png = Fixtures.png(7, pixelSize: 128)
        let outcome = try await Self.load(.truncated(png, sentBytes: png.count / 2))
        guard case .transport = outcome.error else {
            Issue.record("expected a transport error, got \(String(describing: outcome.error))")
            return
        }
        #expect(!outcome.cachedAnything)
    }

    @Test("a Content-Length that promises more than is sent ends at the deadline")
    func lyingContentLength() async throws {
        let png = Fixtures.png(8)
        let outcome = try await Self.load(.lyingContentLength(png, declaredLength: png.count + 1000),
                                          configuration: testConfiguration(timeout: .seconds(1)))
        #expect(outcome.error == .timedOut)
        #expect(!outcome.cachedAnything)
    }

    @Test("a body trickling one byte at a time is ended by the loader's deadline")
    func tricklingBody() async throws {
        let outcome = try await Self.load(.trickle(Fixtures.png(9, pixelSize: 256), interval: .milliseconds(5)),
                                          configuration: testConfiguration(timeout: .milliseconds(400)))
        #expect(outcome.error == .timedOut)
        #expect(!outcome.cachedAnything)
    }

    @Test("a body larger than the limit is cut off while streaming")
    func oversizeBody() async throws {
        let outcome = try await Self.load(.huge(totalBytes: 512 << 20))
        #expect(outcome.error == .tooLarge(limit: 1 << 20))
        #expect(!outcome.cachedAnything)
    }

    @Test("a declared Content-Length over the limit fails before the body")
    func declaredOversize() async throws {
        var configuration = testConfiguration(timeout: .seconds(10))
        configuration.maximumBodyBytes = 100
        let outcome = try await Self.load(.bytes(Fixtures.png(10)), configuration: configuration)
        #expect(outcome.error == .tooLarge(limit: 100))
        #expect(!outcome.cachedAnything)
    }

    @Test("a gzip bomb is cut off by the decompressor's limit")
    func gzipBomb() async throws {
        // 16 MiB of zeros in about 100 KiB: sixteen times the limit (the server builds the body
        // per request, so a larger bomb would only slow the test down).
        let outcome = try await Self.load(.gzipBomb(decompressedBytes: 16 << 20),
                                          configuration: testConfiguration(timeout: .seconds(5)))
        #expect(outcome.error == .tooLarge(limit: 1 << 20))
        #expect(!outcome.cachedAnything)
    }

    @Test("HTML served as HTML is not an image")
    func htmlContentType() async throws {
        let outcome = try await Self.load(.bytes(Data("<html><body>hi</body></html>".utf8), contentType: "text/html"))
        #expect(outcome.error == .notAnImage(contentType: "text/html"))
        #expect(!outcome.cachedAnything)
    }

    @Test("HTML served as image/png is not an image either")
    func htmlWithImageType() async throws {
        let outcome = try await Self.load(.bytes(Data("<html><body>hi</body></html>".utf8), contentType: "image/png"))
        #expect(outcome.error == .notAnImage(contentType: nil))
        #expect(!outcome.cachedAnything)
    }

    @Test("a PNG whose header claims 100,000 × 100,000 pixels is refused before decoding")
    func hugeHeader() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../LaminaGraphicsTests/Fixtures/huge-header.png").standardizedFileURL
        let outcome = try await Self.load(.bytes(try Data(contentsOf: fixture)))
        guard case .decoding(.tooLarge(100_000, 100_000, _)) = outcome.error else {
            Issue.record("expected a too-large decoding error, got \(String(describing: outcome.error))")
            return
        }
        #expect(!outcome.cachedAnything)
    }

    @Test("a redirect loop fails at once")
    func redirectLoop() async throws {
        let server = try LoopbackHTTPServer(routes: ["/a": .redirect(to: "/b"), "/b": .redirect(to: "/a")])
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration(timeout: .seconds(10)))
        await #expect(throws: ImageLoadingError.tooManyRedirects) { try await loader.image(for: server.url(for: "/a")) }
        #expect(server.statistics.requests <= 3)
    }

    @Test("redirects past the limit fail")
    func redirectChain() async throws {
        var routes: [String: Route] = [:]
        for index in 0..<10 { routes["/r\(index)"] = .redirect(to: "/r\(index + 1)") }
        routes["/r10"] = .bytes(Fixtures.png(11))
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration(timeout: .seconds(10)))
        await #expect(throws: ImageLoadingError.tooManyRedirects) { try await loader.image(for: server.url(for: "/r0")) }
        // Within the limit, a redirect is followed.
        _ = try await loader.image(for: server.url(for: "/r7"))
    }

    @Test("an unreachable port is a transport error")
    func unreachablePort() async throws {
        let server = try LoopbackHTTPServer()
        let url = server.url(for: "/gone.png")
        server.shutdown()
        let loader = ImageLoader(configuration: testConfiguration(timeout: .seconds(10)))
        do {
            _ = try await loader.image(for: url)
            Issue.record("loaded from a closed port")
        } catch .transport {
        } catch {
            Issue.record("expected a transport error, got \(error)")
        }
    }

    @Test("URLs that are neither file nor http(s) are refused", arguments: ["ftp://127.0.0.1/x.png", "data:,x", "http:///x.png"])
    func unsupportedURLs(text: String) async throws {
        let loader = ImageLoader(configuration: testConfiguration())
        let url = try #require(URL(string: text))
        await #expect(throws: ImageLoadingError.self) { try await loader.image(for: url) }
    }

    @Test("cancelling the calling task throws cancelled")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer(routes: ["/slow.png": .bytes(Fixtures.png(12), delay: .seconds(5))])
        defer { server.shutdown() }
        let loader = ImageLoader(configuration: testConfiguration(timeout: .seconds(10)))
        let task = Task { try await loader.image(for: server.url(for: "/slow.png")) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: ImageLoadingError.cancelled) { try await task.value }
    }
}

@Suite("ImageLoader with configurations that cannot work")
struct ImageLoaderConfigurationTests {
    @Test("zero concurrent fetches means one, and a negative byte limit refuses every body")
    func impossibleValuesAreClamped() async throws {
        let server = try LoopbackHTTPServer(routes: ["/p.png": .bytes(Fixtures.png(60))])
        defer { server.shutdown() }
        var configuration = testConfiguration()
        configuration.maximumConcurrentFetches = 0
        configuration.maximumRedirects = -3
        let loader = ImageLoader(configuration: configuration)
        #expect(loader.configuration.maximumConcurrentFetches == 1)
        _ = try await loader.image(for: server.url(for: "/p.png"))
        configuration.maximumBodyBytes = -1
        let refusing = ImageLoader(configuration: configuration)
        await #expect(throws: ImageLoadingError.tooLarge(limit: 0)) {
            try await refusing.image(for: server.url(for: "/p.png"), sizing: .maximumPixelSize(8))
        }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("p.png")
        try Fixtures.png(60).write(to: file)
        await #expect(throws: ImageLoadingError.tooLarge(limit: 0)) { try await refusing.image(for: file) }
    }

    @Test("nonsense sizings decode at a size that exists", arguments: [
        ImageSizing.maximumPixelSize(0), .maximumPixelSize(-5), .covering(width: -1, height: 0), .fitting(width: 0, height: 0),
    ])
    func nonsenseSizings(sizing: ImageSizing) async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.png")
        try Fixtures.png(61, pixelSize: 32).write(to: file)
        let image = try await ImageLoader(configuration: testConfiguration()).image(for: file, sizing: sizing)
        #expect(image.width >= 1 && image.width <= 32)
    }
}
