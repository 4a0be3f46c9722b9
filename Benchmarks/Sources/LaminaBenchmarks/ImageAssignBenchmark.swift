import Foundation
import LaminaGraphics
import LaminaImages
import LaminaLayers
import LaminaLoop
import LaminaTestServer
import LaminaUI

/// `image-assign-main-thread`: the main thread's CPU time per image assigned. 100
/// `AsyncImageView`s (64×64 points at 2×, in a window) are pointed at 20 URLs of the loopback
/// server with a cold loader, and the main loop runs until every image is assigned and
/// committed (A); the same 100 plain `ImageView`s are given the same decoded images directly and
/// committed (B). A sample is main-thread CPU time (`CLOCK_THREAD_CPUTIME_ID`) divided by 100:
/// A includes the visibility checks, the memory-cache probes, the callbacks and the commits;
/// fetching and decoding are on other threads and not in it.
final class ImageAssignBenchmark: Benchmark, @unchecked Sendable {
    let name = "image-assign-main-thread"
    let summary = "main-thread CPU per image, 100 AsyncImageViews over 20 URLs, cold loader (A) vs ImageView given decoded images (B)"

    private var server: LoopbackHTTPServer?
    private var urls: [URL] = []
    private var images: [Image] = []
    private var drain: MainLoopDrain?
    private var failures = 0

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 1)
            : Plan(warmUpRounds: 2, measuredRounds: 12, samplesPerRound: 2)
    }

    func setUp() {
        var routes: [String: Route] = [:]
        for index in 0..<20 { routes["/images/\(index).png"] = .bytes(SyntheticImages.png(index: index, pixelSize: 256)) }
        guard let server = try? LoopbackHTTPServer(routes: routes) else { Hang.report("image-assign: no server") }
        self.server = server
        urls = (0..<20).map { server.url(for: "/images/\($0).png") }
        images = (0..<20).compactMap { try? ImageDecoder.decode(SyntheticImages.png(index: $0, pixelSize: 256), maximumPixelSize: 128, scale: 2) }
        MainActor.assumeIsolated { drain = MainLoopDrain() }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in
            MainActor.assumeIsolated {
                guard let window = try? Window(size: Size(width: 640, height: 640), scale: 2) else { return 0 }
                let loader = ImageLoader()
                let start = MonotonicClock.threadCPUNow()
                var views: [ImageView] = []
                for index in 0..<100 {
                    let frame = Rect(x: Double(index % 10) * 64, y: Double(index / 10) * 64, width: 64, height: 64)
                    if variant == .lamina {
                        let view = AsyncImageView(frame: frame)
                        view.loader = loader
                        view.imageURL = urls[index % 20]
                        views.append(view)
                    } else {
                        let view = ImageView(frame: frame)
                        view.image = images[index % 20]
                        views.append(view)
                    }
                    window.addSubview(views[index])
                }
                Transaction.flush()
                drain?.run("image-assign: 100 views")
                let end = MonotonicClock.threadCPUNow()
                if views.contains(where: { $0.image == nil }) { failures += 1 }
                return MonotonicClock.elapsed(from: start, to: end) / 100
            }
        }
    }

    func tearDown() {
        MainActor.assumeIsolated { drain?.invalidate() }
        server?.shutdown()
    }

    var notes: [String] {
        failures == 0 ? [] : ["\(failures) batches left a view without its image"]
    }
}
