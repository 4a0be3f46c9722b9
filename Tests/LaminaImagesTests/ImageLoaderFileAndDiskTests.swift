import Foundation
import LaminaGraphics
import LaminaImages
import LaminaLoop
import LaminaTestServer
import LaminaTesting
import LaminaTrace
import Testing
import XCTest

/// `file://` URLs, read directly with a bounded read.
@Suite("ImageLoader with file URLs")
struct ImageLoaderFileTests {
    @Test("a PNG file loads, and decodes at the size asked for")
    func fileLoads() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("picture.png")
        try Fixtures.png(40, pixelSize: 128).write(to: file)
        let loader = ImageLoader(configuration: testConfiguration())
        let full = try await loader.image(for: file)
        #expect((full.width, full.height) == (128, 128))
        let small = try await loader.image(for: file, sizing: .maximumPixelSize(32), scale: 2)
        #expect((small.width, small.height) == (32, 32))
        #expect(small.scale == 2)
        let cover = try await loader.image(for: file, sizing: .covering(width: 20, height: 50))
        #expect((cover.width, cover.height) == (50, 50))
    }

    @Test("a missing file, a directory and a device are transport errors")
    func notRegularFiles() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = ImageLoader(configuration: testConfiguration())
        for url in [directory.appendingPathComponent("missing.png"), directory, URL(fileURLWithPath: "/dev/zero")] {
            do {
                _ = try await loader.image(for: url)
                Issue.record("\(url) loaded")
            } catch .transport {
            } catch {
                Issue.record("\(url): expected a transport error, got \(error)")
            }
        }
    }

    @Test("a file over the byte limit is refused before it is read")
    func oversizeFile() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.png")
        try Data(repeating: 0, count: 4096).write(to: file)
        var configuration = testConfiguration()
        configuration.maximumBodyBytes = 1000
        let loader = ImageLoader(configuration: configuration)
        await #expect(throws: ImageLoadingError.tooLarge(limit: 1000)) { try await loader.image(for: file) }
    }

    @Test("a file that is not an image is refused, and a corrupt one is a decoding error")
    func badFiles() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("notes.png")
        try Data("hello".utf8).write(to: text)
        let corrupt = directory.appendingPathComponent("corrupt.png")
        let png = Fixtures.png(41, pixelSize: 128)
        try png.prefix(png.count / 2).write(to: corrupt)
        let loader = ImageLoader(configuration: testConfiguration())
        await #expect(throws: ImageLoadingError.notAnImage(contentType: nil)) { try await loader.image(for: text) }
        do {
            _ = try await loader.image(for: corrupt)
            Issue.record("a truncated PNG decoded")
        } catch .decoding {
        } catch {
            Issue.record("expected a decoding error, got \(error)")
        }
        #expect(loader.memoryCache.count == 0)
    }
}

/// A disk entry that no longer decodes is deleted and fetched again.
final class ImageLoaderCorruptDiskTests: XCTestCase {
    func testACorruptedDiskEntryIsFetchedAgain() throws {
        let server = try LoopbackHTTPServer(routes: ["/c.png": .bytes(Fixtures.png(42, pixelSize: 96))])
        defer { server.shutdown() }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try onMainActor {
            let url = server.url(for: "/c.png")
            var results: [Result<Image, ImageLoadingError>] = []
            let first = ImageLoader(configuration: testConfiguration(), diskCache: try ImageDiskCache(directory: directory))
            first.loadImage(for: url) { results.append($0) }
            drainLoads()
            let file = try XCTUnwrap(first.diskCache).fileURL(for: url)
            let stored = try Data(contentsOf: file)
            try stored.prefix(stored.count / 2).write(to: file)  // truncated on disk

            let second = ImageLoader(configuration: testConfiguration(), diskCache: try ImageDiskCache(directory: directory))
            let (_, trace) = recordingTrace {
                second.loadImage(for: url) { results.append($0) }
                drainLoads()
            }
            XCTAssertEqual(results.count, 2)
            XCTAssertNotNil(try? results[1].get(), "the image, fetched again")
            XCTAssertEqual(server.requestCount(for: "/c.png"), 2)
            XCTAssertEqual(trace.count(.diskHit), 1)
            XCTAssertEqual(trace.count(.cachedBytesCorrupt), 1)
            XCTAssertEqual(try Data(contentsOf: file), stored, "the disk entry is whole again")
        }
    }
}

/// URLs whose paths try to climb out of the cache directory, fetched for real.
final class ImageLoaderPathTraversalTests: XCTestCase {
    func testFetchedURLsWithDotSegmentsNeverWriteOutsideTheCacheDirectory() throws {
        let png = Fixtures.png(50)
        let server = try LoopbackHTTPServer(routes: [
            "/x.png": .bytes(png), "/../../x.png": .bytes(png), "/%2e%2e/%2e%2e/x.png": .bytes(png),
        ])
        defer { server.shutdown() }
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("cache")
        try onMainActor {
            let loader = ImageLoader(configuration: testConfiguration(), diskCache: try ImageDiskCache(directory: directory))
            let texts = ["\(server.baseURL.absoluteString)/../../x.png", "\(server.baseURL.absoluteString)/%2e%2e/%2e%2e/x.png",
                         "\(server.baseURL.absoluteString)/" + String(repeating: "a", count: 5000)]
            var outcomes = 0
            for text in texts {
                loader.loadImage(for: try XCTUnwrap(URL(string: text))) { _ in outcomes += 1 }
            }
            drainLoads()
            XCTAssertEqual(outcomes, 3)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["cache"])
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertTrue(names.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }, "\(names)")
            XCTAssertGreaterThanOrEqual(names.count, 1, "the dot-segment URLs were fetched and cached")
        }
    }
}
