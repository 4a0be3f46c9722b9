import Foundation
import Lamina

/// Writes the frame picture of one tour chapter — `chapter-N-frame.svg` and `chapter-N-frame.png`
/// in `directory` — and says where. Call it after `Trace.stop()` (drawing the PNG lays out text,
/// which is traced while tracing is on), with the chapter's events.
///
/// The picture shows the chapter's last frames (`FramePictureWindow.lastFrames`): the whole
/// chapter when it is short, otherwise the six frame intervals that end with the last presented
/// frame (or, when nothing was presented, the first ones) — unless the chapter chose a stretch
/// of its own (`stretch`: chapter 8 draws the main thread's long sleep).
///
/// - Parameters:
///   - frameInterval: the grid's interval: the window's frame interval (`--fps`).
///   - categories: the categories drawn (`--only`); every category when nil.
///   - stretch: the chapter's own stretch of the trace and grid origin; nil for its last frames.
/// - Returns: the paths written; none when the chapter recorded nothing or a file could not be
///   written (which is printed).
@discardableResult
func writeFramePictures(chapter: Int, title: String, events: [TraceEvent], directory: String,
                        frameInterval: Duration = FrameClock.sixtyHertz,
                        categories: Set<TraceCategory>? = nil,
                        stretch: TourSession.FramePictureStretch? = nil) -> [String] {
    guard !events.isEmpty else { return [] }
    let options = FramePictureOptions(window: stretch?.window ?? .lastFrames(of: events, frameInterval: frameInterval),
                                      frameInterval: frameInterval,
                                      gridOrigin: stretch?.gridOrigin,
                                      categories: categories ?? Set(TraceCategory.allCases),
                                      title: "Tour chapter \(chapter): \(title)")
    let base = (directory.isEmpty ? "." : directory) + "/chapter-\(chapter)-frame"
    do {
        let picture = try FramePicture(events: events, options: options)
        try picture.svg().write(toFile: base + ".svg", atomically: true, encoding: .utf8)
        try picture.writePNG(toPath: base + ".png")
        print("Frame picture of chapter \(chapter) written to \(base).svg and \(base).png")
        return [base + ".svg", base + ".png"]
    } catch {
        print("Could not write the frame picture of chapter \(chapter): \(error)")
        return []
    }
}

/// The directory a file path is in: `"."` for a bare file name, for writing pictures next to
/// the Chrome trace.
func traceDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
