import Foundation
import Lamina

/// How many frame intervals a chapter's picture spans at most: enough for a commit, an async
/// render and the frame that shows it, few enough for each slice to be wide enough to read.
let framePictureIntervals: UInt64 = 6

/// Writes the frame picture of one tour chapter — `chapter-N-frame.svg` and `chapter-N-frame.png`
/// in `directory` — and says where. Call it after `Trace.stop()` (drawing the PNG lays out text,
/// which is traced while tracing is on), with the chapter's events.
///
/// The picture shows the chapter's last frames: the whole chapter when it is short, otherwise the
/// ``framePictureIntervals`` frame intervals that end with the last presented frame (or, when
/// nothing was presented, the first ones).
///
/// - Parameters:
///   - frameInterval: the grid's interval: the window's frame interval (`--fps`).
///   - categories: the categories drawn (`--only`); every category when nil.
/// - Returns: the paths written; none when the chapter recorded nothing or a file could not be
///   written (which is printed).
@discardableResult
func writeFramePictures(chapter: Int, title: String, events: [TraceEvent], directory: String,
                        frameInterval: Duration = FrameClock.sixtyHertz,
                        categories: Set<TraceCategory>? = nil) -> [String] {
    guard !events.isEmpty else { return [] }
    let options = FramePictureOptions(window: framePictureWindow(events, frameInterval: frameInterval),
                                      frameInterval: frameInterval,
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

/// The whole trace when it is short; otherwise the last ``framePictureIntervals`` frame
/// intervals up to the end of the last presentation, plus a millisecond, or the first ones when
/// nothing was presented.
private func framePictureWindow(_ events: [TraceEvent], frameInterval: Duration) -> FramePictureWindow {
    let first = events.map(\.timestamp).min() ?? 0, last = events.map(\.timestamp).max() ?? 0
    let (seconds, attoseconds) = frameInterval.components
    let interval = max(UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000), 1)
    let span = framePictureIntervals * interval
    guard last - first > span else { return .wholeTrace }
    guard let lastPresent = events.last(where: { $0.phase == .end && TraceEventName.present.matches($0) }) else {
        // Nothing presented (the run loop's own chapter): its first frames, where it starts.
        return .between(start: first, end: first + span)
    }
    let end = min(lastPresent.timestamp + 1_000_000, last)
    return .between(start: max(end - span, first), end: end)
}
