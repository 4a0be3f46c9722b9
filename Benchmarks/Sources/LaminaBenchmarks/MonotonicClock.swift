import Glibc

/// Nanoseconds on `CLOCK_MONOTONIC`, the clock both loops use for their own time.
enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary start (boot).
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// CPU time the calling thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): what a
    /// thread's own work costs, whatever else the machine runs meanwhile.
    @inline(__always)
    static func threadCPUNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Nanoseconds from `start` to `end`, as a sample.
    @inline(__always)
    static func elapsed(from start: UInt64, to end: UInt64) -> Double {
        Double(end &- start)
    }

    /// Sleeps the calling thread for about `microseconds` (at least that long).
    static func sleep(microseconds: Int) {
        var request = timespec(tv_sec: microseconds / 1_000_000, tv_nsec: (microseconds % 1_000_000) * 1_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}
