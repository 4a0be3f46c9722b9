import ArgumentParser
import FeedScene
import Lamina

/// FeedDemo's command line, and what it asks of the runs: options read by swift-argument-parser
/// (`--help`, errors followed by the usage, `--generate-completion-script bash|zsh|fish`), which
/// ``validate()`` checks for ranges and options that do not go together.
struct FeedDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "FeedDemo",
        abstract: """
            The 1000-row feed, scrolled at a constant speed with async display on, off, and with \
            per-container commits, measured frame by frame.
            """,
        discussion: """
            swift run -c release FeedDemo
                every mode at 60 and 120 Hz: the measured run
            swift run FeedDemo --frames 120
                a shorter run (a debug build is slower: the table's figures come
                from a release build)
            swift run FeedDemo --x11
                the feed in an X11 window: wheel, drag, arrows, Page Up/Down,
                Home/End, Space; tap a link, or a "more" to expand a row; q quits
            """
    )

    @Option(help: ArgumentHelp("The modes to run: async, sync, grouped (default: all three).", valueName: "mode,…"),
            transform: FeedDemoCommand.modeList)
    var modes: [FeedMode] = FeedMode.allCases

    @Option(name: .customLong("fps"), help: ArgumentHelp("The frame rates: 60, 120 or both (default: both).", valueName: "60,120"),
            transform: FeedDemoCommand.rateList)
    var rates: [Int] = [60, 120]

    @Option(help: ArgumentHelp("Display-link frames per run.", valueName: "n"))
    var frames = 600

    @Option(help: ArgumentHelp("Scroll speed in points per second.", valueName: "pt"))
    var speed = 3_000.0

    @Option(help: ArgumentHelp("""
        During the measured scroll, expand every Nth row's summary as it comes into view, as a tap \
        on "more" would (0: none).
        """, valueName: "n"))
    var expandEvery = 5

    @Option(help: ArgumentHelp("Rows in the feed.", valueName: "n"))
    var rows = 1_000

    @Option(help: ArgumentHelp("Window size in points, each 100…4000 (default: 390x844).", valueName: "WxH"),
            transform: FeedDemoCommand.size)
    var size = Size(width: 390, height: 844)

    @Option(help: ArgumentHelp("Pixels per point, at least 0.5.", valueName: "s"))
    var scale = 2.0

    @Option(help: ArgumentHelp("Side of the served pictures in pixels, at least 16.", valueName: "px"))
    var pixelSize = 512

    @Option(name: .customLong("out"),
            help: ArgumentHelp("Where frames, contact sheets, pictures and feed-trace.json go.", valueName: "dir"))
    var outputDirectory = "feed-output"

    @Option(help: ArgumentHelp("Frames of each mode's picture run (0: none).", valueName: "n"))
    var pictureFrames = 36

    @Flag(help: "Interactive, in an X11 window.")
    var x11 = false

    @Option(name: .customLong("screenshot"),
            help: ArgumentHelp("""
                With --x11: scroll a little, read the window back from the X server into FILE (PNG), \
                then tap a row's "more" and write the row growing into FILE-expanding.png, and quit \
                (make docs-images does).
                """, valueName: "file"))
    var screenshotPath: String?

    @Option(name: .customLong("soak"),
            help: ArgumentHelp("""
                Headless on a virtual clock: scroll down and up for N frames, at least 10000 (make \
                soak: 100000), reporting memory and counts every 10000 frames; exit status 1 when \
                something kept growing.
                """, valueName: "n"))
    var soakFrames: Int?

    /// Refuses numbers out of their ranges and options that do not go together.
    func validate() throws {
        try Self.require(frames >= 1, "--frames takes a number ≥ 1, not \(frames)")
        try Self.require(speed.isFinite && speed >= 1, "--speed takes a number ≥ 1, not \(speed)")
        try Self.require(expandEvery >= 0, "--expand-every takes a number ≥ 0, not \(expandEvery)")
        try Self.require(rows >= 1, "--rows takes a number ≥ 1, not \(rows)")
        try Self.require(scale.isFinite && scale >= 0.5, "--scale takes a number ≥ 0.5, not \(scale)")
        try Self.require(pixelSize >= 16, "--pixel-size takes a number ≥ 16, not \(pixelSize)")
        try Self.require(pictureFrames >= 0, "--picture-frames takes a number ≥ 0, not \(pictureFrames)")
        if let soakFrames { try Self.require(soakFrames >= 10_000, "--soak takes a number ≥ 10000, not \(soakFrames)") }
        try Self.require(!modes.isEmpty && !rates.isEmpty, "nothing to run")
        try Self.require(screenshotPath == nil || x11, "--screenshot needs --x11")
        try Self.require(soakFrames == nil || !x11, "--soak runs headless, not with --x11")
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw ValidationError(message()) }
    }

    /// `--modes`' value: mode names separated by commas.
    private static func modeList(_ list: String) throws -> [FeedMode] {
        try list.split(separator: ",").map { name in
            guard let mode = FeedMode(rawValue: String(name)) else {
                throw ValidationError("unknown mode \(name) (async, sync, grouped)")
            }
            return mode
        }
    }

    /// `--fps`' value: 60, 120, or both separated by a comma.
    private static func rateList(_ list: String) throws -> [Int] {
        try list.split(separator: ",").map { name in
            guard let rate = Int(name), rate == 60 || rate == 120 else {
                throw ValidationError("expected 60, 120 or both, not \(name)")
            }
            return rate
        }
    }

    /// `--size`'s value: `WxH` in points, each 100…4000.
    private static func size(_ text: String) throws -> Size {
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 100 && $0 <= 4_000 }) else {
            throw ValidationError("expected WxH in points, each 100…4000")
        }
        return Size(width: parts[0], height: parts[1])
    }
}
