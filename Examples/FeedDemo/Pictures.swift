import FeedScene
import Foundation
import Lamina

/// A short scroll of each mode at 60 Hz with the damage overlay and the trace on: a few frames
/// and a contact sheet per mode, a frame picture per mode, and feed-trace.json. Unmeasured: the
/// overlay and the trace cost time.
@MainActor
func writePictures(posts: [FeedPost], images: FeedImages, options: FeedDemoCommand) {
    guard options.pictureFrames > 0 else { return }
    let directory = options.outputDirectory
    let everything = TraceRecorder()
    emit("\nPictures of each mode (damage overlay on, traced) in \(directory)/:")
    for mode in options.modes {
        let recorder = FrameRecorder(capacity: options.pictureFrames + 8)
        let log = PresentationLog(wrapping: recorder)
        guard let window = try? Window(size: options.size, scale: options.scale, presenter: log) else { continue }
        window.debugOverlays = [.damage]
        let scene = FeedScene(posts: posts, mode: mode, window: window, images: images)
        scene.waitForLayouts()
        scene.settleFirstScreen()
        recorder.removeAll()
        let trace = TraceRecorder()
        Trace.start(into: trace)
        _ = FeedScrollRun(scene: scene, log: log, speed: options.speed, frames: options.pictureFrames,
                          expandEvery: options.expandEvery).run()
        Trace.stop()
        scene.tearDown()
        for event in trace.events { everything.record(event) }
        writeFrames(of: mode, recorder.frames, to: directory)
        writeFramePicture(of: mode, events: trace.events, to: directory)
    }
    let tracePath = (directory as NSString).appendingPathComponent("feed-trace.json")
    do {
        try everything.writeChromeTrace(toPath: tracePath)
        emit("  the trace of these runs: \(tracePath) (open it at https://ui.perfetto.dev)")
    } catch {
        emit("  could not write \(tracePath): \(error)")
    }
}

/// Four frames spread over the run and a contact sheet of the last twelve.
private func writeFrames(of mode: FeedMode, _ frames: [PresentedFrame], to directory: String) {
    guard !frames.isEmpty else { return emit("  \(mode): no frames presented") }
    let folder = (directory as NSString).appendingPathComponent(mode.rawValue)
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let picks = Set((0..<4).map { $0 * (frames.count - 1) / 3 })
        for index in picks.sorted() {
            let frame = frames[index]
            try frame.image.pngData().write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(FrameRecorder.fileName(of: frame))))
        }
        let sheet = (folder as NSString).appendingPathComponent("contact-sheet.png")
        try ContactSheet(frames: Array(frames.suffix(12)), columns: 6, thumbnailWidth: 195).writePNG(toPath: sheet)
        emit("  \(mode): \(picks.count) frames and a contact sheet in \(folder)/")
    } catch {
        emit("  \(mode): could not write the frames: \(error)")
    }
}

/// The run's last frames as a frame picture: feed-<mode>-frame.svg and .png.
private func writeFramePicture(of mode: FeedMode, events: [TraceEvent], to directory: String) {
    guard !events.isEmpty else { return }
    let base = (directory as NSString).appendingPathComponent("feed-\(mode.rawValue)-frame")
    do {
        let options = FramePictureOptions(window: .lastFrames(of: events), title: "FeedDemo, \(mode): the last frames of a fast scroll")
        let picture = try FramePicture(events: events, options: options)
        try picture.svg().write(toFile: base + ".svg", atomically: true, encoding: .utf8)
        try picture.writePNG(toPath: base + ".png")
        emit("  \(mode): frame picture \(base).svg and .png")
    } catch {
        emit("  \(mode): could not write the frame picture: \(error)")
    }
}
