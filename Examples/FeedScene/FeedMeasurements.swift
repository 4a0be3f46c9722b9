import Foundation
import Glibc

/// The measurements of the feed's runs that the system gives: the main thread's CPU time and the
/// process's peak memory.
public enum FeedMeasurements {
    /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), in milliseconds.
    public static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// Gives the heap's free memory back to the system (`malloc_trim`) — what earlier runs freed
    /// would otherwise stay resident and count in this one — then resets the process's peak
    /// resident memory to its current size (Linux's `clear_refs` 5), so that
    /// ``peakResidentBytes()`` measures from now. Returns false when the kernel refuses the reset.
    @discardableResult
    public static func resetPeakResident() -> Bool {
        trimHeap()
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0 && fflush(file) == 0
    }

    /// glibc's `malloc_trim(0)`, found at run time: `malloc.h` is not part of Swift's Glibc module.
    private static func trimHeap() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    /// The process's peak resident memory (`VmHWM`) in bytes, or nil when /proc does not say.
    public static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}

/// Percentiles of a sample (nearest rank).
public struct Percentiles: Sendable {
    private let sorted: [Double]

    /// The percentiles of `values` (NaNs dropped).
    public init(_ values: [Double]) {
        sorted = values.filter { !$0.isNaN }.sorted()
    }

    /// The `p`-th percentile (0…100); zero for an empty sample.
    public func value(at p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The median.
    public var median: Double { value(at: 50) }
    /// The 99th percentile.
    public var p99: Double { value(at: 99) }
    /// The largest value.
    public var maximum: Double { sorted.last ?? 0 }
    /// The mean.
    public var mean: Double { sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) }
    /// How many values.
    public var count: Int { sorted.count }
}
