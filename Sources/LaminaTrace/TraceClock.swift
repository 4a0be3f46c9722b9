import Glibc

/// The clock every trace event is stamped with.
public enum TraceClock {
    /// Now, as `CLOCK_MONOTONIC` nanoseconds: the clock ``TraceEvent/timestamp`` uses.
    ///
    /// Monotonic time never jumps with wall-clock changes, so durations computed from it are real.
    /// It is read through the vDSO, without a system call.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
