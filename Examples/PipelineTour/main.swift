// PipelineTour: a narrated run through Lamina's pipeline, one chapter per stage.
//
//   swift run PipelineTour --help       the chapters and every option
//   swift run PipelineTour              every chapter
//   swift run PipelineTour 1            chapter 1 only (also --chapter 1)
//
// Each chapter prints what happens as it happens, then the trace timeline of its run. All
// chapters' events go into one Chrome-trace file: open it at https://ui.perfetto.dev.
//
// The entry point is synchronous on purpose: after the first `await` of an async main, code no
// longer runs on the main thread, and EventLoop.main belongs to the main thread.
import ArgumentParser
import Foundation
import Lamina

// Parses the command line, or prints the help, an error with the usage, or a completion script
// and exits.
let options = TourCommand.parseOrExit()
let session = TourSession(options: options)
/// One chapter's events: cleared before each chapter, read by the chapter and its timeline.
let recorder = TraceRecorder()
/// Every chapter's events, for the one Chrome-trace file written at the end.
let wholeTour = TraceRecorder()

for chapter in tourChapters where options.chapters.isEmpty || options.chapters.contains(chapter.number) {
    print("\n══ Chapter \(chapter.number): \(chapter.title) ══\n")
    recorder.removeAll()
    Trace.start(into: recorder)
    chapter.run(recorder)
    Trace.stop()
    print("\n── Trace of chapter \(chapter.number) (time since start, thread, category, event) ──")
    print(session.timeline(of: recorder.events))
    let stretch = session.framePicture
    session.finishChapter(chapter.number)
    writeFramePictures(chapter: chapter.number, title: chapter.title, events: recorder.events,
                       directory: traceDirectory(of: options.traceOutputPath), frameInterval: options.frameInterval,
                       categories: options.timelineCategories, stretch: stretch)
    for event in recorder.events { wholeTour.record(event) }
}
do {
    try wholeTour.writeChromeTrace(toPath: options.traceOutputPath)
    print("\nChrome trace of the chapters run written to \(options.traceOutputPath): open it at https://ui.perfetto.dev")
} catch {
    print("Could not write the Chrome trace: \(error)")
}
