import Lamina

/// The tour's command line. Every argument is an option this type knows or a chapter number;
/// anything else is an error, reported with the usage.
struct TourOptions: Equatable {
    /// The chapters to run; empty runs them all.
    var chapters: Set<Int> = []
    var traceOutputPath = "trace.json"
    var showsHelp = false
    /// Pause at each commit phase, print the tree, wait for Enter.
    var steps = false
    /// The categories the printed timelines show; nil shows all.
    var timelineCategories: Set<TraceCategory>?
    /// Where every presented frame and a contact sheet per chapter go; nil writes none.
    var framesDirectory: String?
    var debugOverlays: DebugOverlays = []
    /// Whether the async layers of chapter 7 draw on display queues.
    var asyncDisplay = true
    /// The number of display queues of chapter 7.
    var queueCount = 2
    var framesPerSecond = 60
    /// How long each render of chapter 7 takes.
    var slowRender: Duration = .milliseconds(12)
    /// Show the chapters' windows in X11 windows on `$DISPLAY` too.
    var x11 = false

    /// What is wrong with a command line.
    enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownArgument(String)
        case missingValue(option: String)
        case badValue(option: String, value: String, expected: String)

        var description: String {
            switch self {
            case .unknownArgument(let argument): "unknown argument '\(argument)'"
            case .missingValue(let option): "\(option) needs a value"
            case .badValue(let option, let value, let expected): "\(option) \(value): expected \(expected)"
            }
        }
    }

    /// Reads `arguments` (without the program name) for a tour whose chapters are `chapterNumbers`.
    init(parsing arguments: [String], chapterNumbers: Set<Int>) throws(ParseError) {
        var remaining = arguments[...]
        func value(of option: String) throws(ParseError) -> String {
            guard let value = remaining.popFirst() else { throw .missingValue(option: option) }
            return value
        }
        func chapter(_ text: String, option: String) throws(ParseError) -> Int {
            guard let number = Int(text), chapterNumbers.contains(number) else {
                throw .badValue(option: option, value: text, expected: "a chapter number (\(Self.list(chapterNumbers)))")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": showsHelp = true
            case "--step": steps = true
            case "--x11": x11 = true
            case "--trace-out": traceOutputPath = try value(of: argument)
            case "--frames": framesDirectory = try value(of: argument)
            case "--chapter":
                let list = try value(of: argument)
                for item in list.split(separator: ",") { chapters.insert(try chapter(String(item), option: argument)) }
            case "--only": timelineCategories = try Self.categories(try value(of: argument))
            case "--debug":
                let list = try value(of: argument)
                do { debugOverlays = try DebugOverlays(parsing: list) } catch {
                    throw .badValue(option: argument, value: list, expected: "overlay names (\(DebugOverlays.named.map(\.name).joined(separator: ", ")), all)")
                }
            case "--async":
                switch try value(of: argument) {
                case "on": asyncDisplay = true
                case "off": asyncDisplay = false
                case let other: throw .badValue(option: argument, value: other, expected: "on or off")
                }
            case "--queues":
                let text = try value(of: argument)
                guard let count = Int(text), (1...DisplayQueuePool.maximumQueueCount).contains(count) else {
                    throw .badValue(option: argument, value: text, expected: "1…\(DisplayQueuePool.maximumQueueCount)")
                }
                queueCount = count
            case "--fps":
                let text = try value(of: argument)
                guard let fps = Int(text), fps == 60 || fps == 120 else { throw .badValue(option: argument, value: text, expected: "60 or 120") }
                framesPerSecond = fps
            case "--slow-render":
                let text = try value(of: argument)
                guard let milliseconds = Int(text), (0...1000).contains(milliseconds) else {
                    throw .badValue(option: argument, value: text, expected: "milliseconds, 0…1000")
                }
                slowRender = .milliseconds(milliseconds)
            default:
                guard !argument.hasPrefix("-"), Int(argument) != nil else { throw .unknownArgument(argument) }
                chapters.insert(try chapter(argument, option: "chapter"))
            }
        }
    }

    /// A default set of options.
    init() {}

    /// The frame clock's interval for ``framesPerSecond``.
    var frameInterval: Duration {
        framesPerSecond == 120 ? FrameClock.oneHundredTwentyHertz : FrameClock.sixtyHertz
    }

    private static func categories(_ list: String) throws(ParseError) -> Set<TraceCategory> {
        var categories: Set<TraceCategory> = []
        for item in list.split(separator: ",") {
            guard let category = TraceCategory(rawValue: item.lowercased()) else {
                throw .badValue(option: "--only", value: list,
                                expected: "categories (\(TraceCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            categories.insert(category)
        }
        guard !categories.isEmpty else { throw .badValue(option: "--only", value: list, expected: "at least one category") }
        return categories
    }

    private static func list(_ numbers: Set<Int>) -> String {
        numbers.sorted().map(String.init).joined(separator: ", ")
    }

    /// The text `--help` prints: what the tour is, its chapters and its options.
    static func usage(chapters: [(number: Int, title: String)]) -> String {
        let chapterLines = chapters.map { "  \($0.number)  \($0.title)" }.joined(separator: "\n")
        return """
            usage: swift run PipelineTour [CHAPTER…] [OPTIONS]

            A narrated run through Lamina's pipeline; each chapter prints what happens as it
            happens, then the trace timeline of its run. With no chapter, every chapter runs.

            Chapters:
            \(chapterLines)

            Options:
              --chapter N[,N…]      run these chapters (same as giving the numbers)
              --step                pause at each commit phase (after layout, after display, after
                                    the delta is sent), print the layer tree, wait for Enter
              --only CATEGORY,…     print only these trace categories in the timelines
                                    (\(TraceCategory.allCases.map(\.rawValue).joined(separator: ", ")))
              --frames DIR          write every presented frame as DIR/chapter-N/frame-0001.png,
                                    and a contact sheet per chapter
              --debug OVERLAYS      draw debug overlays over the frames: damage, blended,
                                    misaligned, offscreen, async, or all
              --fps 60|120          the windows' frame clock (default 60)
              --async on|off        chapter 7: async layers draw on display queues, or on the
                                    main thread (default on)
              --queues N            chapter 7: display queues in the pool (default 2)
              --slow-render MS      chapter 7: how long each render takes (default 12)
              --x11                 also show each chapter's windows in an X11 window on $DISPLAY
                                    (headless, saying why, when no X server answers)
              --trace-out PATH      the Chrome trace of the chapters run (default trace.json)
              -h, --help            this text
            """
    }
}
