import FeedScene
import Foundation
import Lamina

/// Every mode at every rate: a fresh window and scene (cold image caches), the rows measured off
/// the main thread, the first screen settled, then the measured scroll. Prints the table.
@MainActor
func runMeasured(posts: [FeedPost], images: FeedImages, options: FeedDemoCommand) {
    #if DEBUG
    emit("A debug build: the figures below are several times a release build's (swift run -c release FeedDemo).")
    #endif
    emit("""
        \(posts.count) rows in a \(Int(options.size.width))×\(Int(options.size.height)) pt window at scale \
        \(FeedReport.fixed(options.scale, 0)), scrolled at \(Int(options.speed)) pt/s for \(options.frames) frames per run\
        \(options.expandEvery > 0 ? ", every \(options.expandEvery)th row expanded as it comes into view" : "").
        """)
    var results: [FeedRunResult] = []
    for rate in options.rates {
        for mode in options.modes {
            guard let result = measuredRun(mode: mode, rate: rate, posts: posts, images: images, options: options) else { continue }
            results.append(result)
        }
    }
    emit("\n" + FeedReport.header)
    for result in results { emit(FeedReport.line(result)) }
    emit("\n" + FeedReport.legend)
}

/// One mode at one rate; nil when the window cannot be made.
@MainActor
private func measuredRun(mode: FeedMode, rate: Int, posts: [FeedPost], images: FeedImages,
                         options: FeedDemoCommand) -> FeedRunResult? {
    let log = PresentationLog(wrapping: HeadlessPresenter())
    let interval = rate == 120 ? FrameClock.oneHundredTwentyHertz : FrameClock.sixtyHertz
    let window: Window
    do {
        window = try Window(size: options.size, scale: options.scale, presenter: log, frameInterval: interval)
    } catch {
        emit("Could not make a window: \(error)")
        return nil
    }
    let scene = FeedScene(posts: posts, mode: mode, window: window, images: images)
    defer { scene.tearDown() }
    let started = ContinuousClock.now
    guard scene.waitForLayouts() else {
        emit("\(mode), \(rate) Hz: the rows were not measured in time")
        return nil
    }
    let measuring = ContinuousClock.now - started
    scene.settleFirstScreen()
    let label = "\(mode), \(rate) Hz"
    emit("\(label): \(posts.count) rows laid out off the main thread in \(FeedReport.fixed(measuring.seconds * 1_000, 0)) ms; scrolling…", terminator: "")
    let run = FeedScrollRun(scene: scene, log: log, speed: options.speed, frames: options.frames,
                            expandEvery: options.expandEvery)
    let result = run.run { fraction in emit(" \(Int(fraction * 100)) %", terminator: "") }
    emit(" done")
    return result
}
