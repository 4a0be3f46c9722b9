import Lamina
@testable import PipelineTour
import Testing

/// The tour's command line: every option, chapter numbers, and errors for anything else.
@Suite struct TourOptionsTests {
    let chapters: Set<Int> = Set(1...8)

    func parse(_ arguments: String) throws(TourOptions.ParseError) -> TourOptions {
        try TourOptions(parsing: arguments.split(separator: " ").map(String.init), chapterNumbers: chapters)
    }

    @Test func noArgumentsRunEveryChapterWithTheDefaults() throws {
        let options = try parse("")
        #expect(options == TourOptions())
        #expect(options.chapters.isEmpty && options.framesPerSecond == 60 && options.asyncDisplay)
        #expect(options.frameInterval == FrameClock.sixtyHertz)
    }

    @Test @MainActor func theTourHasChaptersOneToTenInOrder() {
        #expect(tourChapters.map(\.number) == Array(1...10))
        #expect(tourChapters.last?.title == "Typing into a text view: one key through the pipeline")
    }

    @Test func everyOptionIsRead() throws {
        let options = try parse("3 --chapter 1,8 --step --only render,Text --frames out --debug damage,async "
                                + "--async off --queues 4 --fps 120 --slow-render 30 --trace-out t.json --x11")
        #expect(options.chapters == [1, 3, 8])
        #expect(options.steps)
        #expect(options.timelineCategories == [.render, .text])
        #expect(options.framesDirectory == "out")
        #expect(options.debugOverlays == [.damage, .async])
        #expect(!options.asyncDisplay)
        #expect(options.queueCount == 4)
        #expect(options.frameInterval == FrameClock.oneHundredTwentyHertz)
        #expect(options.slowRender == .milliseconds(30))
        #expect(options.traceOutputPath == "t.json")
        #expect(options.x11)
        #expect(try parse("-h").showsHelp && parse("--help").showsHelp)
    }

    @Test(arguments: [
        ("--bogus", TourOptions.ParseError.unknownArgument("--bogus")),
        ("extra", .unknownArgument("extra")),
        ("9", .badValue(option: "chapter", value: "9", expected: "a chapter number (1, 2, 3, 4, 5, 6, 7, 8)")),
        ("--chapter 5,9", .badValue(option: "--chapter", value: "9", expected: "a chapter number (1, 2, 3, 4, 5, 6, 7, 8)")),
        ("--chapter 0", .badValue(option: "--chapter", value: "0", expected: "a chapter number (1, 2, 3, 4, 5, 6, 7, 8)")),
        ("--fps 90", .badValue(option: "--fps", value: "90", expected: "60 or 120")),
        ("--async maybe", .badValue(option: "--async", value: "maybe", expected: "on or off")),
        ("--queues 0", .badValue(option: "--queues", value: "0", expected: "1…64")),
        ("--slow-render -5", .badValue(option: "--slow-render", value: "-5", expected: "milliseconds, 0…1000")),
        ("--frames", .missingValue(option: "--frames")),
        ("--trace-out", .missingValue(option: "--trace-out")),
    ])
    func badArgumentsAreErrors(arguments: String, error: TourOptions.ParseError) {
        #expect(throws: error) { try parse(arguments) }
    }

    @Test func badListsNameWhatIsExpected() {
        #expect(throws: TourOptions.ParseError.self) { try parse("--only render,nothing") }
        #expect(throws: TourOptions.ParseError.self) { try parse("--debug damage,sparkles") }
        #expect("\(TourOptions.ParseError.unknownArgument("-x"))" == "unknown argument '-x'")
    }

    @Test func theUsageListsTheChaptersAndEveryOption() {
        let usage = TourOptions.usage(chapters: [(1, "The run loop"), (7, "A dropped frame"),
                                                 (8, "An animation the main thread cannot stop")])
        #expect(usage.contains("  1  The run loop\n  7  A dropped frame\n  8  An animation the main thread cannot stop"))
        for option in ["--chapter", "--step", "--only", "--frames", "--debug", "--fps", "--async", "--queues",
                       "--slow-render", "--x11", "--trace-out", "--help"] {
            #expect(usage.contains(option), "\(option)")
        }
    }
}
