import Dispatch
import Foundation
import LaminaGraphics
import LaminaImages
import LaminaLayers
import LaminaLoop
import LaminaTestServer
import LaminaUI

/// `image-fetch`: 100 requests for 20 distinct URLs (five views' worth each) from the loopback
/// server, through `ImageLoader`'s callback API, until all 100 are delivered on the main loop.
/// A is warm (the images are in the loader's memory cache), B is cold (a new loader: empty
/// caches, no disk cache). A sample is the wall time of one batch of 100. The notes give the
/// fetches the server counted per batch: 20 cold (one per URL however many ask), 0 warm.
final class ImageFetchBenchmark: Benchmark, @unchecked Sendable {
    let name = "image-fetch"
    let summary = "100 loads of 20 URLs from the loopback server, delivered on the main loop: warm memory cache (A) vs cold loader (B)"

    private var server: LoopbackHTTPServer?
    private var warmLoader: ImageLoader?
    private var urls: [URL] = []
    private var fetches: [Variant: [Int]] = [:]
    private var drain: MainLoopDrain?

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 2)
            : Plan(warmUpRounds: 2, measuredRounds: 15, samplesPerRound: 3)
    }

    func setUp() {
        var routes: [String: Route] = [:]
        for index in 0..<20 { routes["/images/\(index).png"] = .bytes(SyntheticImages.png(index: index, pixelSize: 256)) }
        guard let server = try? LoopbackHTTPServer(routes: routes, threads: 1) else {
            Hang.report("image-fetch: the loopback server did not start")
        }
        self.server = server
        urls = (0..<20).map { server.url(for: "/images/\($0).png") }
        MainActor.assumeIsolated { drain = MainLoopDrain() }
        let loader = ImageLoader()
        runBatch(with: loader)
        warmLoader = loader
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in
            guard let server else { return 0 }
            let loader = variant == .lamina ? warmLoader! : ImageLoader()
            let before = server.statistics.requests
            let start = MonotonicClock.now()
            runBatch(with: loader)
            let end = MonotonicClock.now()
            fetches[variant, default: []].append(server.statistics.requests - before)
            return MonotonicClock.elapsed(from: start, to: end)
        }
    }

    /// Asks for each of the 20 URLs five times, interleaved as a scrolling feed would, and runs
    /// the main loop until every callback ran.
    private func runBatch(with loader: ImageLoader) {
        MainActor.assumeIsolated {
            var delivered = 0
            for request in 0..<100 {
                loader.loadImage(for: urls[(request * 7) % 20]) { result in
                    if case .success = result { delivered += 1 }
                }
            }
            drain?.run("image-fetch: 100 loads")
            if delivered != 100 { Hang.report("image-fetch: \(delivered) of 100 images delivered") }
        }
    }

    func tearDown() {
        MainActor.assumeIsolated { drain?.invalidate() }
        warmLoader = nil
        server?.shutdown()
    }

    var notes: [String] {
        let cold = fetches[.baseline] ?? [], warm = fetches[.lamina] ?? []
        return ["fetches per batch of 100: cold \(Set(cold).sorted()) (one per URL), warm \(Set(warm).sorted())"]
    }
}

/// `image-loader-decode`: one 512×512 photo-like PNG loaded through `ImageLoader` from a
/// `file://` URL with its memory cache emptied before each load (A: the bounded read, the header
/// check, the hop to the decoding queue, the decode and the delivery), against
/// `ImageDecoder.decode` on the same bytes on the calling thread (B). Target A/B ≤ 1.1.
final class ImageLoaderDecodeBenchmark: Benchmark, @unchecked Sendable {
    let name = "image-loader-decode"
    let summary = "512×512 PNG: ImageLoader from a file URL, memory cache emptied (A) vs ImageDecoder.decode on the same bytes (B); target ≤ 1.1"

    private var data = Data()
    private var directory: URL?
    private var file: URL?
    private let loader = ImageLoader()
    private var failures = 0

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 6, measuredRounds: 3, samplesPerRound: 2)
            : Plan(warmUpRounds: 6, measuredRounds: 30, samplesPerRound: 5)
    }

    func setUp() {
        data = PhotoLikeImage.make(size: 512).pngData()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("photo.png")
        try? data.write(to: file)
        self.directory = directory
        self.file = file
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in
            let start = MonotonicClock.now()
            let succeeded = variant == .lamina ? loadThroughLoader() : (try? ImageDecoder.decode(data)) != nil
            let end = MonotonicClock.now()
            if !succeeded { failures += 1 }
            return MonotonicClock.elapsed(from: start, to: end)
        }
    }

    /// The `async` API, awaited from a task while this thread waits on a semaphore: the loader
    /// itself never needs the main loop for it.
    private func loadThroughLoader() -> Bool {
        guard let file else { return false }
        loader.memoryCache.removeAll()
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let loader = self.loader
        Task.detached {
            outcome.succeeded = (try? await loader.image(for: file)) != nil
            done.signal()
        }
        done.wait()
        return outcome.succeeded
    }

    func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    var notes: [String] {
        failures == 0 ? [] : ["\(failures) loads failed"]
    }

    private final class Outcome: @unchecked Sendable {
        var succeeded = false
    }
}
