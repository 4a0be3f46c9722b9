/// The table FeedDemo prints: one line per run.
public enum FeedReport {
    /// The table's header lines.
    public static let header = """
        mode                           rate   main-thread CPU ms/frame         over     skipped  visible→final ms   peak  rows
                                              p50    p99    max    mean        deadline link     p50     p99        MiB   grown
        """

    /// One run's line.
    public static func line(_ result: FeedRunResult) -> String {
        let cpu = Percentiles(result.mainThreadCPU), latency = Percentiles(result.contentLatencies)
        let hertz = Int((1 / result.frameInterval.seconds).rounded())
        let memory = result.peakMemory.map { fixed(Double($0) / 1_048_576, 0) } ?? "?"
        return pad(result.mode.description, 31) + pad("\(hertz) Hz", 7)
            + pad(fixed(cpu.median, 2), 7) + pad(fixed(cpu.p99, 2), 7) + pad(fixed(cpu.maximum, 1), 7)
            + pad(fixed(cpu.mean, 2), 12)
            + pad(fixed(result.latePercentage, 1) + " %", 9) + pad("\(result.skippedLinkFrames)", 9)
            + pad(fixed(latency.median, 0), 8) + pad(fixed(latency.p99, 0), 11) + pad(memory, 6)
            + "\(result.rowsExpanded)"
    }

    /// What the columns mean, printed under the table.
    public static let legend = """
        main-thread CPU: the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID) between display-link callbacks.
        over deadline: ticks whose frame was not on screen by the next tick (late or never made).
        skipped link: display-link ticks that passed while the main thread was busy.
        visible→final: from the commit a row came into view to the commit that gave it its final content.
        peak: the process's peak resident memory during the run (VmHWM, reset before each run).
        rows grown: rows expanded by a tap on "more" as they came into view, each growing in an animated list update.
        """

    /// `value` with `decimals` digits after the point ("12.30"); "-" when not finite.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard decimals > 0 else { return String(Int(rounded)) }
        var text = String(rounded)
        let fraction = text.split(separator: ".").last?.count ?? 0
        if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
