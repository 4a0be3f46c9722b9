import Foundation
import LaminaGraphics
import LaminaImages
import LaminaLayers
import LaminaLoop
import LaminaTestServer
import LaminaTesting
import LaminaUI
import XCTest

/// A fresh directory under the system's temporary directory, removed by the caller.
func makeTemporaryDirectory(_ name: String = #function) -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-images-\(safe)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Loader limits small enough that hostile servers are cut off fast, with a deadline generous
/// enough for a slow run (Thread Sanitizer, suites in parallel); deadline tests set a short one.
func testConfiguration(timeout: Duration = .seconds(10), maximumBodyBytes: Int = 1 << 20,
                       maximumConcurrentFetches: Int = 6) -> ImageLoader.Configuration {
    var configuration = ImageLoader.Configuration()
    configuration.timeout = timeout
    configuration.maximumBodyBytes = maximumBodyBytes
    configuration.maximumConcurrentFetches = maximumConcurrentFetches
    return configuration
}

/// A distinct PNG per index (see `SyntheticImages`), cached so tests do not re-encode.
enum Fixtures {
    nonisolated(unsafe) private static var cache: [Int: Data] = [:]
    private static let lock = NSLock()

    static func png(_ index: Int, pixelSize: Int = 64) -> Data {
        lock.lock()
        defer { lock.unlock() }
        let key = index * 10_000 + pixelSize
        if let data = cache[key] { return data }
        let data = SyntheticImages.png(index: index, pixelSize: pixelSize)
        cache[key] = data
        return data
    }
}

/// Runs the main loop until every load, fetch and delivery has come back.
@MainActor
func drainLoads(timeout: Duration = .seconds(10), file: StaticString = #filePath, line: UInt = #line) {
    Transaction.flush()
    XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: timeout), "the main loop became idle", file: file, line: line)
}

/// Runs the main loop in short slices until `condition` holds (true) or `timeout` passes
/// (false): for what happens on other threads with no result coming back to the loop, such as
/// a server noticing a closed connection.
@MainActor
func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(5), returnAfterSourceHandled: true)
    }
    return true
}
