import FeedScene
import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaTestServer
import LaminaUI

/// `feed-scroll`: the main thread's CPU time per frame while FeedDemo's feed scrolls — the same
/// 1000 rows, 390×844-point window at scale 2, 60 Hz and 3,000 points per second — with async
/// display on (A: labels drawn on display queues, pictures fetched and decoded by the loader)
/// against async display off (B: labels drawn in the commit, pictures decoded on the main thread
/// when a row is shown). A sample is one run of 240 frames from the top (120 in `--smoke`): the
/// main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) over the run divided by its display-link
/// frames. Each run is a fresh window and scene with a cold loader; the rows are measured off the
/// main thread and the first screen settled before the clock starts. The image server runs in
/// this process (on its own thread): both variants share it, and B does not use it.
final class FeedScrollBenchmark: Benchmark, @unchecked Sendable {
    let name = "feed-scroll"
    let summary = "main-thread CPU per frame scrolling the 1000-row feed at 3000 pt/s, 390×844 @2, 60 Hz: async on (A) vs off (B)"

    private var server: LoopbackHTTPServer?
    private var images: FeedImages?
    private let posts = FeedPost.feed(count: 1_000)
    private var frames = 240
    private var lateFrames: [Variant: [Double]] = [:]

    func plan(smoke: Bool) -> Plan {
        frames = smoke ? 120 : 240
        return smoke
            ? Plan(warmUpRounds: 0, measuredRounds: 1, samplesPerRound: 1)
            : Plan(warmUpRounds: 1, measuredRounds: 5, samplesPerRound: 1)
    }

    func setUp() {
        guard let server = try? LoopbackHTTPServer(routes: FeedImageServer.routes(pixelSize: 512)) else { Hang.report("feed-scroll: no server") }
        self.server = server
        images = FeedImages(baseURL: server.baseURL, pixelSize: 512)
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in
            MainActor.assumeIsolated {
                guard let images else { return 0 }
                let log = PresentationLog(wrapping: HeadlessPresenter())
                guard let window = try? Window(size: Size(width: 390, height: 844), scale: 2, presenter: log) else { return 0 }
                let scene = FeedScene(posts: posts, mode: variant == .lamina ? .asyncOn : .asyncOff, window: window, images: images)
                defer { scene.tearDown() }
                guard scene.waitForLayouts() else { Hang.report("feed-scroll: rows not measured") }
                scene.settleFirstScreen()
                guard let result = FeedScrollRun(scene: scene, log: log, speed: 3_000, frames: frames).run() else { return 0 }
                lateFrames[variant, default: []].append(result.latePercentage)
                let cpu = result.mainThreadCPU
                return cpu.isEmpty ? 0 : cpu.reduce(0, +) / Double(cpu.count) * 1e6
            }
        }
    }

    func tearDown() {
        server?.shutdown()
    }

    var notes: [String] {
        func mean(_ values: [Double]) -> String {
            values.isEmpty ? "-" : String(format: "%.1f %%", values.reduce(0, +) / Double(values.count))
        }
        return ["frames over deadline: async on \(mean(lateFrames[.lamina] ?? [])), async off \(mean(lateFrames[.baseline] ?? []))"]
    }
}
