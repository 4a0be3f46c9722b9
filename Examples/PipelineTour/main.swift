// PipelineTour: a narrated run through Lamina's pipeline, one chapter per stage.
//
//   swift run PipelineTour              every chapter written so far
//   swift run PipelineTour 1            chapter 1 only
//   swift run PipelineTour --trace-out PATH   where to write the Chrome trace (default trace.json)
//
// Each chapter prints what happens as it happens, then the trace timeline of its run. All
// chapters' events go into one Chrome-trace file: open it at https://ui.perfetto.dev.
//
// The entry point is synchronous on purpose: after the first `await` of an async main, code no
// longer runs on the main thread, and EventLoop.main belongs to the main thread.
import Lamina

let options = TourOptions(arguments: Array(CommandLine.arguments.dropFirst()))
/// One chapter's events: cleared before each chapter, read by the chapter and its timeline.
let recorder = TraceRecorder()
/// Every chapter's events, for the one Chrome-trace file written at the end.
let wholeTour = TraceRecorder()
let chapters: [(number: Int, title: String, run: @MainActor () -> Void)] = [
    (1, "The run loop", runChapterOne),
    (2, "Why setNeedsDisplay does not draw immediately", runChapterTwo),
    (3, "Drawing off the main thread", { runChapterThree(trace: recorder) }),
    (4, "One label's text: layout, fallback, truncation, sync and async", { runChapterFour(trace: recorder) }),
    (5, "Images: one fetch for many views", { runChapterFive(trace: recorder) }),
]

for chapter in chapters where options.chapters.isEmpty || options.chapters.contains(chapter.number) {
    print("\n══ Chapter \(chapter.number): \(chapter.title) ══\n")
    recorder.removeAll()
    Trace.start(into: recorder)
    chapter.run()
    Trace.stop()
    print("\n── Trace of chapter \(chapter.number) (time since start, thread, category, event) ──")
    print(recorder.textTimeline())
    for event in recorder.events { wholeTour.record(event) }
}
do {
    try wholeTour.writeChromeTrace(toPath: options.traceOutputPath)
    print("\nChrome trace of the chapters run written to \(options.traceOutputPath): open it at https://ui.perfetto.dev")
} catch {
    print("Could not write the Chrome trace: \(error)")
}
