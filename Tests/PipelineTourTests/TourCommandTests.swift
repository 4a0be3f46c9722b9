import ArgumentParser
import Lamina
@testable import PipelineTour
import Testing

/// The tour's command line: every option, chapter numbers, and errors for anything else.
@Suite struct TourCommandTests {
    func parse(_ arguments: String) throws -> TourCommand {
        try TourCommand.parse(arguments.split(separator: " ").map(String.init))
    }

    /// The error a bad command line throws, as the tool prints it (without the usage) and the
    /// status it exits with.
    func failure(parsing arguments: String) -> (message: String, status: Int32)? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return (TourCommand.message(for: error), TourCommand.exitCode(for: error).rawValue)
        }
    }

    @Test func noArgumentsRunEveryChapterWithTheDefaults() throws {
        let options = try parse("")
        #expect(options.chapters.isEmpty && options.framesPerSecond == 60 && options.asyncDisplay)
        #expect(options.frameInterval == FrameClock.sixtyHertz)
        #expect(options.traceOutputPath == "trace.json" && options.framesDirectory == nil)
        #expect(!options.steps && !options.x11 && options.timelineCategories == nil && options.debugOverlays == [])
        #expect(options.queueCount == 2 && options.slowRender == .milliseconds(12))
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
        #expect(try parse("--chapter 2 --chapter 4,5").chapters == [2, 4, 5])
    }

    /// The tour's command lines in the Makefile (`make demo`, `make docs-images`), the README
    /// and Docs.
    @Test(arguments: ["--frames demo-frames --trace-out trace.json", "4 --trace-out chapter-4.json", "--x11", "1",
                      "2 --only transaction,render", "2 --step", "2 --x11", "3 --frames out", "3 --trace-out chapter3.json",
                      "7 --async off", "7 --queues 6", "8 --fps 120", "--chapter 1"])
    func theDocumentedCommandLinesParse(arguments: String) throws {
        _ = try parse(arguments)
    }

    @Test(arguments: [
        ("--bogus", "Unknown option '--bogus'"),
        ("extra", "The value 'extra' is invalid for '<chapter>'"),
        ("11", "11 is not a chapter: expected a chapter number (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"),
        ("--chapter 5,11", "11 is not a chapter: expected a chapter number (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"),
        ("--chapter 0", "0 is not a chapter: expected a chapter number (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"),
        ("--chapter 1,x", "The value '1,x' is invalid for '--chapter <n[,n…]>': expected chapter numbers separated by commas"),
        ("--fps 90", "--fps 90: expected 60 or 120"),
        ("--async maybe", "The value 'maybe' is invalid for '--async <on|off>'. Please provide one of 'on' and 'off'."),
        ("--queues 0", "--queues 0: expected 1…64"),
        ("--slow-render 1001", "--slow-render 1001: expected milliseconds, 0…1000"),
        ("--slow-render -5", "Missing value for '--slow-render <ms>'"),
        ("--frames", "Missing value for '--frames <dir>'"),
        ("--trace-out", "Missing value for '--trace-out <path>'"),
        ("--only render,nothing", "The value 'render,nothing' is invalid for '--only <category,…>': expected categories"),
        ("--debug damage,sparkles", "The value 'damage,sparkles' is invalid for '--debug <overlays>': unknown debug overlay \"sparkles\""),
    ])
    func badArgumentsAreErrorsWithAUsageStatus(arguments: String, message: String) throws {
        let result = try #require(failure(parsing: arguments), "\(arguments) parsed")
        #expect(result.message.hasPrefix(message), "\(result.message)")
        #expect(result.status == ExitCode.validationFailure.rawValue)
    }

    @Test func anErrorIsFollowedByTheUsage() {
        do {
            _ = try parse("--bogus")
            Issue.record("--bogus parsed")
        } catch {
            let text = TourCommand.fullMessage(for: error, columns: 100)
            #expect(text.hasPrefix("Error: Unknown option '--bogus'"))
            #expect(text.contains("Usage: PipelineTour [<chapter> ...]"))
            #expect(text.contains("See 'PipelineTour --help' for more information."))
        }
    }

    @Test func theHelpListsTheChaptersAndEveryOption() throws {
        let help = TourCommand.helpMessage(columns: 100)
        #expect(help.contains("  1  The run loop\n"))
        #expect(help.contains("  9  Who decides what animates: actions, transactions, view blocks"))
        #expect(help.contains(" 10  Typing into a text view: one key through the pipeline"))
        for option in ["--chapter", "--step", "--only", "--frames", "--debug", "--fps", "--async", "--queues",
                       "--slow-render", "--x11", "--trace-out", "--help"] {
            #expect(help.contains(option), "\(option)")
        }
        for help in ["-h", "--help"] {
            #expect(throws: (any Error).self) { try parse(help) }
            do { _ = try parse(help) } catch {
                #expect(TourCommand.exitCode(for: error) == .success, "\(help) is not a failure")
                #expect(TourCommand.message(for: error).contains("--slow-render"))
            }
        }
    }

    @Test func aCompletionScriptNamesTheOptions() {
        for shell in [CompletionShell.bash, .zsh, .fish] {
            let script = TourCommand.completionScript(for: shell)
            // fish names long options without their dashes.
            #expect(script.contains("slow-render") && script.contains("trace-out"), "\(shell)")
        }
    }
}
