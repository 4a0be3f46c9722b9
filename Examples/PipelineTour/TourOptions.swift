/// The tour's command line: chapter numbers and `--trace-out PATH`.
struct TourOptions {
    var chapters: Set<Int> = []
    var traceOutputPath = "trace.json"

    init(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--trace-out", let path = remaining.popFirst() {
                traceOutputPath = path
            } else if let number = Int(argument) {
                chapters.insert(number)
            } else {
                print("PipelineTour: ignoring unknown argument '\(argument)'")
            }
        }
    }
}
