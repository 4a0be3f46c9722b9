// FeedDemo: the 1000-row feed of the Juejin article 「iOS列表性能优化之异步绘制」 (Docs/08-the-feed.md
// says more), scrolled at 3,000 points per second with async display on, off, and with
// per-container commits, measured frame by frame; then a short run of each mode with the damage
// overlay and the trace on, for frames, contact sheets, frame pictures and feed-trace.json.
// `--x11` shows the feed in a window instead.
//
//   swift run -c release FeedDemo      the measured run (Docs/08-the-feed.md shows its table)
//   swift run FeedDemo --help          the options
//
// Synchronous on purpose, as PipelineTour: EventLoop.main belongs to the main thread.
import ArgumentParser
import FeedScene
import Foundation
import Lamina

// Parses the command line, or prints the help, an error with the usage, or a completion script
// and exits.
let options = FeedDemoCommand.parseOrExit()

let server: FeedImageServer
do {
    server = try FeedImageServer(pixelSize: options.pixelSize)
} catch {
    FileHandle.standardError.write(Data("FeedDemo: the image server did not start: \(error)\n".utf8))
    exit(1)
}
emit("Image server: \(server.description), at \(server.baseURL)")
let images = FeedImages(baseURL: server.baseURL, pixelSize: options.pixelSize)
let posts = FeedPost.feed(count: options.rows)

var succeeded = true
MainActor.assumeIsolated {
    if let frames = options.soakFrames {
        succeeded = runSoak(posts: posts, images: images, options: options, frames: frames)
    } else if options.x11 {
        runInteractive(posts: posts, images: images, options: options)
    } else {
        runMeasured(posts: posts, images: images, options: options)
        writePictures(posts: posts, images: images, options: options)
    }
}
server.stop()
exit(succeeded ? 0 : 1)

/// Writes `text` to standard output at once (unbuffered, so progress shows while a run goes on
/// and lines stay in order when the output is piped).
func emit(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}
