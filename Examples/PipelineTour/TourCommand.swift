import ArgumentParser
import Lamina

/// The tour's command line, and what it asks of every chapter: chapter numbers and options read
/// by swift-argument-parser, which gives `--help`, errors followed by the usage, and shell
/// completion scripts (`--generate-completion-script bash|zsh|fish`); ``validate()`` refuses
/// what the parser cannot know. The chapters read it through `TourSession.options`.
struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "PipelineTour",
        abstract: "A narrated run through Lamina's pipeline, one chapter per stage.",
        discussion: """
            Each chapter prints what happens as it happens, then the trace timeline of its run. \
            With no chapter, every chapter runs.

            Chapters:
            \(tourChapters.map { "  \($0.number)  \($0.title)" }.joined(separator: "\n"))
            """
    )

    @Argument(help: ArgumentHelp("The chapters to run (default: all).", valueName: "chapter"))
    var chapterNumbers: [Int] = []

    @Option(name: .customLong("chapter"),
            help: ArgumentHelp("Run these chapters (same as giving the numbers).", valueName: "n[,n…]"),
            transform: TourCommand.chapterList)
    var chapterLists: [[Int]] = []

    @Flag(name: .customLong("step"),
          help: """
              Pause at each commit phase (after layout, after display, after the delta is sent), \
              print the layer tree, wait for Enter.
              """)
    var steps = false

    @Option(name: .customLong("only"),
            help: ArgumentHelp("Print only these trace categories in the timelines (\(TourCommand.categoryNames)).",
                               valueName: "category,…"),
            transform: TourCommand.categories)
    var timelineCategories: Set<TraceCategory>?

    @Option(name: .customLong("frames"),
            help: ArgumentHelp("Write every presented frame as DIR/chapter-N/frame-0001.png, and a contact sheet per chapter.",
                               valueName: "dir"))
    var framesDirectory: String?

    @Option(name: .customLong("debug"),
            help: ArgumentHelp("Draw debug overlays over the frames: damage, blended, misaligned, offscreen, async, or all.",
                               valueName: "overlays"),
            transform: { list in try DebugOverlays(parsing: list) })
    var debugOverlays: DebugOverlays = []

    @Option(name: .customLong("fps"), help: ArgumentHelp("The windows' frame clock: 60 or 120.", valueName: "60|120"))
    var framesPerSecond = 60

    @Option(name: .customLong("async"),
            help: ArgumentHelp("Chapter 7: async layers draw on display queues (on), or on the main thread (off).",
                               valueName: "on|off"))
    var asyncSwitch: Switch = .on

    @Option(name: .customLong("queues"), help: ArgumentHelp("Chapter 7: display queues in the pool.", valueName: "n"))
    var queueCount = 2

    @Option(name: .customLong("slow-render"), help: ArgumentHelp("Chapter 7: how long each render takes, 0…1000.", valueName: "ms"))
    var slowRenderMilliseconds = 12

    @Flag(help: "Also show each chapter's windows in an X11 window on $DISPLAY (headless, saying why, when no X server answers).")
    var x11 = false

    @Option(name: .customLong("trace-out"),
            help: ArgumentHelp("The Chrome trace of the chapters run.", valueName: "path"))
    var traceOutputPath = "trace.json"

    /// `on` or `off`, as `--async` takes it.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    /// The chapters asked for, by number and by `--chapter`.
    var chapters: Set<Int> {
        Set(chapterNumbers + chapterLists.joined())
    }

    /// Refuses what the parser cannot know: chapters the tour does not have, and numbers out of
    /// their ranges.
    func validate() throws {
        let known = Set(tourChapters.map(\.number))
        for number in chapters.sorted() where !known.contains(number) {
            throw ValidationError("\(number) is not a chapter: expected a chapter number (\(known.sorted().map(String.init).joined(separator: ", ")))")
        }
        guard framesPerSecond == 60 || framesPerSecond == 120 else {
            throw ValidationError("--fps \(framesPerSecond): expected 60 or 120")
        }
        guard (1...DisplayQueuePool.maximumQueueCount).contains(queueCount) else {
            throw ValidationError("--queues \(queueCount): expected 1…\(DisplayQueuePool.maximumQueueCount)")
        }
        guard (0...1000).contains(slowRenderMilliseconds) else {
            throw ValidationError("--slow-render \(slowRenderMilliseconds): expected milliseconds, 0…1000")
        }
    }

    /// Whether the async layers of chapter 7 draw on display queues.
    var asyncDisplay: Bool { asyncSwitch == .on }

    /// How long each render of chapter 7 takes.
    var slowRender: Duration { .milliseconds(slowRenderMilliseconds) }

    /// The frame clock's interval for ``framesPerSecond``.
    var frameInterval: Duration {
        framesPerSecond == 120 ? FrameClock.oneHundredTwentyHertz : FrameClock.sixtyHertz
    }

    private static let categoryNames = TraceCategory.allCases.map(\.rawValue).joined(separator: ", ")

    /// `--chapter`'s value: numbers separated by commas.
    private static func chapterList(_ list: String) throws -> [Int] {
        let numbers = list.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else {
            throw ValidationError("expected chapter numbers separated by commas")
        }
        return numbers.compactMap { $0 }
    }

    /// `--only`'s value: category names (any case) separated by commas, at least one.
    private static func categories(_ list: String) throws -> Set<TraceCategory> {
        var categories: Set<TraceCategory> = []
        for item in list.split(separator: ",") {
            guard let category = TraceCategory(rawValue: item.lowercased()) else {
                throw ValidationError("expected categories (\(categoryNames)), not '\(item)'")
            }
            categories.insert(category)
        }
        guard !categories.isEmpty else { throw ValidationError("expected at least one category") }
        return categories
    }
}
