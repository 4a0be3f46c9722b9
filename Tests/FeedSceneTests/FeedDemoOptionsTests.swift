@testable import FeedDemo
import FeedScene
import Lamina
import Testing

/// FeedDemo's command line: the defaults of the measured run, every option, and errors.
@Suite struct FeedDemoOptionsTests {
    func parse(_ arguments: String) throws(FeedDemoUsageError) -> FeedDemoOptions {
        try FeedDemoOptions(parsing: arguments.split(separator: " ").map(String.init))
    }

    @Test func theDefaultsAreTheMeasuredRun() throws {
        let options = try parse("")
        #expect(options.modes == FeedMode.allCases && options.rates == [60, 120])
        #expect(options.speed == 3_000 && options.rows == 1_000 && options.scale == 2 && options.expandEvery == 5)
        #expect(options.size == Size(width: 390, height: 844))
        #expect(!options.x11 && !options.showsHelp)
    }

    @Test func everyOptionIsRead() throws {
        let options = try parse("--modes sync,grouped --fps 120 --frames 90 --speed 1500 --rows 50 --size 320x480 --expand-every 0 "
                                + "--scale 1 --pixel-size 64 --out pics --picture-frames 0 --x11")
        #expect(options.modes == [.asyncOff, .grouped] && options.rates == [120])
        #expect(options.frames == 90 && options.speed == 1_500 && options.rows == 50 && options.expandEvery == 0)
        #expect(options.size == Size(width: 320, height: 480) && options.scale == 1 && options.pixelSize == 64)
        #expect(options.outputDirectory == "pics" && options.pictureFrames == 0 && options.x11)
    }

    @Test(arguments: ["--modes fast", "--fps 30", "--frames 0", "--frames", "--speed -1", "--size 390", "--size 50x50",
                      "--scale nan", "--rows x", "--expand-every -1", "--bogus", "--modes ,", "--soak 500",
                      "--soak", "--soak 20000 --x11"])
    func badArgumentsAreRefused(_ arguments: String) {
        #expect(throws: FeedDemoUsageError.self) { try parse(arguments) }
    }

    @Test func theSoakRunTakesItsFrameCount() throws {
        #expect(try parse("--soak 100000").soakFrames == 100_000)
        #expect(try parse("--frames 90").soakFrames == nil)
    }
}
