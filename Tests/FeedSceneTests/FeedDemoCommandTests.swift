import ArgumentParser
@testable import FeedDemo
import FeedScene
import Lamina
import Testing

/// FeedDemo's command line: the defaults of the measured run, every option, and errors.
@Suite struct FeedDemoCommandTests {
    func parse(_ arguments: String) throws -> FeedDemoCommand {
        try FeedDemoCommand.parse(arguments.split(separator: " ").map(String.init))
    }

    @Test func theDefaultsAreTheMeasuredRun() throws {
        let options = try parse("")
        #expect(options.modes == FeedMode.allCases && options.rates == [60, 120])
        #expect(options.speed == 3_000 && options.rows == 1_000 && options.scale == 2 && options.expandEvery == 5)
        #expect(options.size == Size(width: 390, height: 844))
        #expect(options.frames == 600 && options.pixelSize == 512 && options.pictureFrames == 36)
        #expect(options.outputDirectory == "feed-output")
        #expect(!options.x11 && options.screenshotPath == nil && options.soakFrames == nil)
    }

    @Test func everyOptionIsRead() throws {
        let options = try parse("--modes sync,grouped --fps 120 --frames 90 --speed 1500 --rows 50 --size 320x480 --expand-every 0 "
                                + "--scale 1 --pixel-size 64 --out pics --picture-frames 0 --x11")
        #expect(options.modes == [.asyncOff, .grouped] && options.rates == [120])
        #expect(options.frames == 90 && options.speed == 1_500 && options.rows == 50 && options.expandEvery == 0)
        #expect(options.size == Size(width: 320, height: 480) && options.scale == 1 && options.pixelSize == 64)
        #expect(options.outputDirectory == "pics" && options.pictureFrames == 0 && options.x11)
        #expect(try parse("--x11 --screenshot shot.png").screenshotPath == "shot.png")
    }

    /// FeedDemo's command lines in the Makefile (`make demo`, `feed`, `soak`, `x11-demo`,
    /// `docs-images`), the README, Docs and the X11 process test.
    @Test(arguments: ["--frames 300 --out feed-output", "--out feed-output", "--soak 100000", "--x11",
                      "--x11 --screenshot Docs/images/feed-x11.png", "--fps 60 --frames 60 --out feed", "--frames 120",
                      "--modes sync --fps 60 --speed 1000", "--expand-every 0", "--x11 --rows 40 --size 320x400"])
    func theDocumentedCommandLinesParse(_ arguments: String) throws {
        _ = try parse(arguments)
    }

    @Test(arguments: ["--modes fast", "--fps 30", "--frames 0", "--frames", "--speed -1", "--size 390", "--size 50x50",
                      "--scale nan", "--rows x", "--expand-every -1", "--bogus", "--modes ,", "--soak 500",
                      "--soak", "--soak 20000 --x11", "--screenshot shot.png", "extra"])
    func badArgumentsAreRefusedWithAUsageStatus(_ arguments: String) {
        #expect(throws: (any Error).self) { try parse(arguments) }
        do { _ = try parse(arguments) } catch {
            #expect(FeedDemoCommand.exitCode(for: error) == .validationFailure, "\(arguments)")
            #expect(FeedDemoCommand.fullMessage(for: error).contains("Usage: FeedDemo"), "\(arguments)")
        }
    }

    @Test(arguments: [
        ("--bogus", "Unknown option '--bogus'"),
        ("--modes fast", "The value 'fast' is invalid for '--modes <mode,…>': unknown mode fast (async, sync, grouped)"),
        ("--fps 30", "The value '30' is invalid for '--fps <60,120>': expected 60, 120 or both, not 30"),
        ("--size 50x50", "The value '50x50' is invalid for '--size <WxH>': expected WxH in points, each 100…4000"),
        ("--frames 0", "--frames takes a number ≥ 1, not 0"),
        ("--scale nan", "--scale takes a number ≥ 0.5, not nan"),
        ("--modes ,", "nothing to run"),
        ("--soak 500", "--soak takes a number ≥ 10000, not 500"),
        ("--screenshot shot.png", "--screenshot needs --x11"),
        ("--soak 20000 --x11", "--soak runs headless, not with --x11"),
    ])
    func errorsSayWhatIsWrong(arguments: String, message: String) {
        do {
            _ = try parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(FeedDemoCommand.message(for: error).hasPrefix(message), "\(FeedDemoCommand.message(for: error))")
        }
    }

    @Test func theSoakRunTakesItsFrameCount() throws {
        #expect(try parse("--soak 100000").soakFrames == 100_000)
        #expect(try parse("--frames 90").soakFrames == nil)
    }

    @Test func theHelpNamesEveryOption() {
        let help = FeedDemoCommand.helpMessage(columns: 100)
        for option in ["--modes", "--fps", "--frames", "--speed", "--expand-every", "--rows", "--size", "--scale",
                       "--pixel-size", "--out", "--picture-frames", "--x11", "--screenshot", "--soak", "--help"] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(FeedDemoCommand.completionScript(for: .zsh).contains("--picture-frames"))
    }
}
