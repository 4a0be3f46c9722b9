import FeedScene
import Lamina

/// FeedDemo's command line.
struct FeedDemoOptions {
    var modes: [FeedMode] = FeedMode.allCases
    var rates: [Int] = [60, 120]
    var frames = 600
    var speed = 3_000.0
    var expandEvery = 5
    var rows = 1_000
    var size = Size(width: 390, height: 844)
    var scale = 2.0
    var pixelSize = 512
    var outputDirectory = "feed-output"
    var pictureFrames = 36
    var x11 = false
    var screenshotPath: String?
    /// Frames of the soak run (`--soak N`), nil for none.
    var soakFrames: Int?
    var showsHelp = false

    static let usage = """
        FeedDemo: the 1000-row feed, scrolled at a constant speed with async display on, off, and
        with per-container commits, measured frame by frame.

          swift run -c release FeedDemo             every mode at 60 and 120 Hz, the measured run
          swift run FeedDemo --frames 120           a shorter run (a debug build is slower: the
                                                    table's figures come from a release build)
          swift run FeedDemo --x11                  the feed in an X11 window: wheel, drag, arrows,
                                                    Page Up/Down, Home/End, Space; tap a link, or a
                                                    "more" to expand a row; q quits

        Options:
          --modes async,sync,grouped   the modes to run (default: all three)
          --fps 60,120                 the frame rates (default: both)
          --frames N                   display-link frames per run (default 600)
          --speed PT                   scroll speed in points per second (default 3000)
          --expand-every N             during the measured scroll, expand every Nth row's summary as it
                                       comes into view, as a tap on "more" would (default 5; 0: none)
          --rows N                     rows in the feed (default 1000)
          --size WxH                   window size in points (default 390x844)
          --scale S                    pixels per point (default 2)
          --pixel-size PX              side of the served pictures in pixels (default 512)
          --out DIR                    where frames, contact sheets, pictures and feed-trace.json go
                                       (default feed-output)
          --picture-frames N           frames of each mode's picture run (default 36; 0: none)
          --x11                        interactive, in an X11 window
          --screenshot FILE            with --x11: scroll a little, read the window back from the X
                                       server into FILE (PNG), then tap a row's "more" and write the
                                       row growing into FILE-expanding.png, and quit (`make
                                       docs-images` does)
          --soak N                     headless on a virtual clock: scroll down and up for N frames
                                       (`make soak`: 100000), reporting memory and counts every
                                       10000 frames; exit status 1 when something kept growing
          --help                       this text
        """

    init(parsing arguments: [String]) throws(FeedDemoUsageError) {
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws(FeedDemoUsageError) -> String {
            guard let value = iterator.next() else { throw FeedDemoUsageError("\(flag) needs a value") }
            return value
        }
        func number(_ flag: String, minimum: Double) throws(FeedDemoUsageError) -> Double {
            let text = try value(flag)
            guard let number = Double(text), number.isFinite, number >= minimum else {
                throw FeedDemoUsageError("\(flag) takes a number ≥ \(minimum), not \(text)")
            }
            return number
        }
        while let flag = iterator.next() {
            switch flag {
            case "--modes":
                let names = try value(flag).split(separator: ",").map(String.init)
                modes = try names.map { name throws(FeedDemoUsageError) -> FeedMode in
                    guard let mode = FeedMode(rawValue: name) else {
                        throw FeedDemoUsageError("--modes: unknown mode \(name) (async, sync, grouped)")
                    }
                    return mode
                }
            case "--fps":
                let names = try value(flag).split(separator: ",")
                rates = try names.map { name throws(FeedDemoUsageError) -> Int in
                    guard let rate = Int(name), rate == 60 || rate == 120 else {
                        throw FeedDemoUsageError("--fps takes 60, 120 or both, not \(name)")
                    }
                    return rate
                }
            case "--frames": frames = Int(try number(flag, minimum: 1))
            case "--speed": speed = try number(flag, minimum: 1)
            case "--expand-every": expandEvery = Int(try number(flag, minimum: 0))
            case "--rows": rows = Int(try number(flag, minimum: 1))
            case "--scale": scale = try number(flag, minimum: 0.5)
            case "--pixel-size": pixelSize = Int(try number(flag, minimum: 16))
            case "--picture-frames": pictureFrames = Int(try number(flag, minimum: 0))
            case "--out": outputDirectory = try value(flag)
            case "--size":
                let text = try value(flag)
                let parts = text.split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 100 && $0 <= 4_000 }) else {
                    throw FeedDemoUsageError("--size takes WxH in points, each 100…4000, not \(text)")
                }
                size = Size(width: parts[0], height: parts[1])
            case "--x11": x11 = true
            case "--screenshot": screenshotPath = try value(flag)
            case "--soak": soakFrames = Int(try number(flag, minimum: 10_000))
            case "--help", "-h": showsHelp = true
            default: throw FeedDemoUsageError("unknown option \(flag)")
            }
        }
        if modes.isEmpty || rates.isEmpty { throw FeedDemoUsageError("nothing to run") }
        if screenshotPath != nil && !x11 { throw FeedDemoUsageError("--screenshot needs --x11") }
        if soakFrames != nil && x11 { throw FeedDemoUsageError("--soak runs headless, not with --x11") }
    }
}

/// A command line FeedDemo does not understand.
struct FeedDemoUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
