import Lamina

/// The tour's chapters, in order: number, title, and the function that runs it (given the
/// chapter's trace recorder), on the main actor. The list itself is not isolated, so that the
/// command line (`TourCommand`) can list and check the chapters on any thread.
let tourChapters: [(number: Int, title: String, run: @MainActor (TraceRecorder) -> Void)] = [
    (1, "The run loop", { _ in runChapterOne() }),
    (2, "Why setNeedsDisplay does not draw immediately", { _ in runChapterTwo() }),
    (3, "Drawing off the main thread", { runChapterThree(trace: $0) }),
    (4, "One label's text: layout, fallback, truncation, sync and async", { runChapterFour(trace: $0) }),
    (5, "Images: one fetch for many views", { runChapterFive(trace: $0) }),
    (6, "Timers and run-loop modes: why a timer stops during a drag", { _ in runChapterSix() }),
    (7, "A dropped frame: the frame clock's deadline", { runChapterSeven(trace: $0) }),
    (8, "An animation the main thread cannot stop", { runChapterEight(trace: $0) }),
    (9, "Who decides what animates: actions, transactions, view blocks", { runChapterNine(trace: $0) }),
    (10, "Typing into a text view: one key through the pipeline", { runChapterTen(trace: $0) }),
]
