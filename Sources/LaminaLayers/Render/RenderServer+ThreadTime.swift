import Glibc
@_spi(LaminaInternals) import LaminaTrace

extension RenderServer {
    /// The CPU time the render thread has used so far: applying deltas, evaluating animations,
    /// compositing and presenting — what a frame costs off the main thread, for benchmarks and
    /// the tour. Zero after ``shutdown()``. Any thread.
    public var renderThreadCPUTime: Duration {
        guard let threadID = renderLoop.withLock({ $0?.threadID }), !isShutDown.withLock({ $0 }) else { return .zero }
        // Linux names any thread's CPU clock by its kernel id, as glibc's MAKE_THREAD_CPUCLOCK
        // does: (~tid << 3) | CPUCLOCK_PERTHREAD_MASK (4) | CPUCLOCK_SCHED (2).
        let clock = clockid_t((~threadID) << 3 | 6)
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return .zero }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
