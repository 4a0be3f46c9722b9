import Foundation
import Lamina
import LaminaTestServer

/// Chapter 5: images. Fifty `AsyncImageView`s ask for five URLs of a loopback HTTP server. The
/// loader fetches each URL once and decodes it once, fanning the result out to every view that
/// waits for it; a second screenful of views finds the images in the memory cache and a new
/// loader finds the bytes in the disk cache. The trace is read back to count each step.
@MainActor
func runChapterFive(trace recorder: TraceRecorder) {
    print("""
        An AsyncImageView asks an ImageLoader for its URL once it is visible. The loader keeps one
        load per URL and size: the first view starts a fetch, the others join it. Bytes are
        fetched (libcurl, at most 6 at once), decoded on the loader's queue at the
        view's pixel size, and delivered on the main loop with perform + wakeUp. Here 50 views
        of 40×40 points ask for 5 URLs of a loopback server that answers after 30 ms.
        """)
    var routes: [String: Route] = [:]
    for index in 0..<5 {
        routes["/photos/\(index).png"] = .bytes(SyntheticImages.png(index: index * 3, pixelSize: 160), delay: .milliseconds(30))
    }
    let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-tour-\(getpid())")
    defer { try? FileManager.default.removeItem(at: cacheDirectory) }
    guard let server = try? LoopbackHTTPServer(routes: routes),
          let window = try? session.makeWindow(size: Size(width: 400, height: 200), scale: 2),
          let disk = try? ImageDiskCache(directory: cacheDirectory) else {
        print("Could not start the server, the window or the disk cache")
        return
    }
    defer {
        window.renderServer.shutdown()
        server.shutdown()
    }
    let urls = (0..<5).map { server.url(for: "/photos/\($0).png") }
    let loader = ImageLoader(diskCache: disk)

    say("\n1. Cold: 50 views, 5 URLs, empty caches.")
    let first = showGrid(in: window, urls: urls, loader: loader)
    waitUntilLoaded(first)
    report(recorder, server: server, views: first)

    say("\n2. Warm: 50 new views for the same URLs, same loader — the memory cache answers.")
    recorder.removeAll()
    server.resetStatistics()
    first.forEach { $0.removeFromSuperview() }
    let second = showGrid(in: window, urls: urls, loader: loader)
    waitUntilLoaded(second)
    report(recorder, server: server, views: second)

    say("\n3. A new loader (an empty memory cache) over the same disk cache — the disk answers.")
    recorder.removeAll()
    server.resetStatistics()
    second.forEach { $0.removeFromSuperview() }
    let third = showGrid(in: window, urls: urls, loader: ImageLoader(diskCache: disk))
    waitUntilLoaded(third)
    report(recorder, server: server, views: third)
    say("""

        No request: each URL was read from disk once and decoded once. Views checked late in the
        same commit can find an image already in memory — the disk read and the decode run on
        their own threads while the main thread is still checking the rest.
        """)
}

/// Fifty 40×40 views in a 10 × 5 grid, view `i` showing `urls[i % 5]`.
@MainActor
private func showGrid(in window: Window, urls: [URL], loader: ImageLoader) -> [AsyncImageView] {
    (0..<50).map { index in
        let view = AsyncImageView(frame: Rect(x: Double(index % 10) * 40, y: Double(index / 10) * 40, width: 40, height: 40))
        view.loader = loader
        view.contentMode = .scaleAspectFill
        view.imageURL = urls[index % urls.count]
        window.addSubview(view)
        return view
    }
}

/// Runs the main loop until every view shows its image (or 10 s pass), then until the frame
/// that shows them is presented (the render server's ticks do not wait for the main thread, but
/// the frame of the last commit still needs its tick).
@MainActor
private func waitUntilLoaded(_ views: [AsyncImageView]) {
    let deadline = ContinuousClock.now + .seconds(10)
    while views.contains(where: { $0.loadState != .loaded }), ContinuousClock.now < deadline {
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(20), returnAfterSourceHandled: true)
    }
    guard let window = views.first?.window else { return Transaction.flush() }
    _ = window.snapshot()
}

/// What the trace and the server say about the part that just ran.
@MainActor
private func report(_ recorder: TraceRecorder, server: LoopbackHTTPServer, views: [AsyncImageView]) {
    let events = recorder.events.filter { $0.category == .image && $0.phase != .end }
    func count(_ name: String) -> Int { events.filter { $0.name == name }.count }
    let decodeThreads = Set(events.filter { $0.name == "decode" }.map(\.threadName)).sorted()
    say("   views showing their image: \(views.filter { $0.loadState == .loaded }.count) of \(views.count)")
    say("   requests the server received: \(server.statistics.requests)")
    say("   memory hits \(count("memory hit")), misses \(count("memory miss")); disk hits \(count("disk hit")), misses \(count("disk miss"))")
    say("   fetches \(count("fetch start")), joined a load in flight \(count("joined load in flight")), decodes \(count("decode"))"
        + (decodeThreads.isEmpty ? "" : " on \(decodeThreads.joined(separator: ", "))"))
    say("   images assigned on the main thread: \(count("image assigned"))")
}
