import Foundation
import Glibc

/// How busy the rest of the machine was while a benchmark ran: CPU time used by all processes
/// (`/proc/stat`) minus this process's own (`getrusage`). Benchmarks that need both cores (or
/// compare wall times) note it, because on a 2-core machine one busy neighbour — a compiler, a
/// test run — halves what a second display queue can add.
struct MachineLoad {
    private let start: (all: Double, own: Double, wall: UInt64)

    /// Starts counting now.
    init() {
        start = (Self.allBusySeconds(), Self.ownSeconds(), MonotonicClock.now())
    }

    /// What other processes used since `init`, as a percentage of one core (200 % is both cores).
    var othersPercentOfOneCore: Double {
        let wall = MonotonicClock.elapsed(from: start.wall, to: MonotonicClock.now()) / 1e9
        guard wall > 0 else { return 0 }
        let others = (Self.allBusySeconds() - start.all) - (Self.ownSeconds() - start.own)
        return max(others, 0) / wall * 100
    }

    /// A note line: the neighbours' CPU use, and a warning when it was enough to skew the result.
    func note(limitPercent: Double = 15) -> String {
        let percent = othersPercentOfOneCore
        let text = "other processes used \(Report.format(percent, decimals: 0)) % of one core during the run"
        return percent > limitPercent ? text + " — MACHINE BUSY: the ratio is not trustworthy, run again when it is idle" : text
    }

    /// Seconds of CPU every process has used since boot (`/proc/stat`: user, nice, system, irq
    /// and softirq; not idle, iowait, steal or guest, which is already in user).
    private static func allBusySeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first else { return 0 }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 7 else { return 0 }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Seconds of CPU this process has used (user and system).
    private static func ownSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
