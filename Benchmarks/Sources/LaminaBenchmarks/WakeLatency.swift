import CoreFoundation
import Dispatch
import LaminaLoop
import Synchronization

/// 1. `wake-latency`: how long after another thread queues a block and wakes a sleeping loop the
/// block starts to run.
///
/// Each loop runs on a dedicated thread with one never-signalled source to keep its default mode
/// alive. Before each sample the measuring thread sleeps a fixed settle time, the same for both
/// variants, and then checks that the loop is asleep (`isWaiting` / `CFRunLoopIsWaiting`; if not,
/// it waits until it is, then settles again). Then: t0; `perform` (`CFRunLoopPerformBlock`) +
/// `wakeUp` (`CFRunLoopWakeUp`); the block reads t1 and signals a semaphore. Sample = t1 − t0.
///
/// The settle time changes what is measured: the longer the CPUs have been idle, the longer the
/// kernel (and, on a VM, the hypervisor) takes to get the sleeping thread running again, for both
/// loops alike — on the 2-vCPU VMs here CF's median went from about 11 µs after a 50 µs settle
/// to 19 µs after 150 µs, 22 µs after 300 µs and 32 µs after 1 ms. So the benchmark runs twice:
/// `wake-latency` settles 50 µs (the loop is asleep in `epoll_wait` but its CPU is still warm, so
/// the loops' own costs show) and `wake-latency-idle` settles 1 ms (a machine that was idle: what
/// an app doing nothing sees; the CPU wake-up dominates and the ratio moves towards 1).
final class WakeLatency: Benchmark, @unchecked Sendable {
    let name: String
    let summary: String

    /// How long the measuring thread sleeps before each sample, for both variants.
    let settleMicroseconds: Int

    private let laminaThread: WorkerThread
    private let cfThread: WorkerThread
    // Set by set-up jobs on the loop threads, read after they return.
    private var laminaLoop: EventLoop?
    private var cfLoop: CFHandle<CFRunLoop>?
    private var laminaKeepAlive: EventLoop.Source?
    private var cfKeepAlive: CFHandle<CFRunLoopSource>?

    /// When the block started, written on the loop's thread.
    private let blockStarted = TimeStamp()
    private let blockRan = DispatchSemaphore(value: 0)
    /// Samples for which the loop was still awake after the settle time.
    private var awakeAfterSettle: [Variant: Int] = [.lamina: 0, .baseline: 0]

    init(name: String, settleMicroseconds: Int) {
        self.name = name
        self.settleMicroseconds = settleMicroseconds
        laminaThread = WorkerThread(name: "\(name) Lamina")
        cfThread = WorkerThread(name: "\(name) CF")
        summary = "cross-thread perform + wakeUp → block starts, loop asleep, \(settleMicroseconds) µs settle (t1 − t0)"
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 4, samplesPerRound: 25)
            : Plan(warmUpRounds: 4, measuredRounds: 100, samplesPerRound: 50)
    }

    func setUp() {
        laminaThread.sync("\(name): creating the Lamina loop") { [self] in
            let loop = EventLoop.current
            let keepAlive = LaminaBaseline.makeKeepAliveSource()
            loop.add(keepAlive, to: .default)
            laminaLoop = loop
            laminaKeepAlive = keepAlive
        }
        cfThread.sync("\(name): creating the CFRunLoop") { [self] in
            let runLoop = CFRunLoopGetCurrent()!
            let keepAlive = CFBaseline.makeKeepAliveSource()
            CFRunLoopAddSource(runLoop, keepAlive, kCFRunLoopDefaultMode)
            cfLoop = CFHandle(runLoop)
            cfKeepAlive = CFHandle(keepAlive)
        }
        laminaThread.start { EventLoop.current.run() }
        cfThread.start { CFRunLoopRun() }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in sample(variant) }
    }

    private func sample(_ variant: Variant) -> Double {
        MonotonicClock.sleep(microseconds: settleMicroseconds)
        if !isAsleep(variant) {
            awakeAfterSettle[variant, default: 0] += 1
            waitUntilAsleep(variant)
            MonotonicClock.sleep(microseconds: settleMicroseconds)
        }
        let started = blockStarted
        let ran = blockRan
        let t0: UInt64
        switch variant {
        case .lamina:
            let loop = laminaLoop!
            let block: @Sendable () -> Void = {
                started.record()
                ran.signal()
            }
            t0 = MonotonicClock.now()
            loop.perform(in: .default, block)
            loop.wakeUp()
        case .baseline:
            let runLoop = cfLoop!.object
            let block: @convention(block) () -> Void = {
                started.record()
                ran.signal()
            }
            t0 = MonotonicClock.now()
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode, block)
            CFRunLoopWakeUp(runLoop)
        }
        Hang.wait(for: ran, seconds: 5, "\(name) (\(variant)): the performed block")
        return MonotonicClock.elapsed(from: t0, to: started.nanoseconds)
    }

    private func isAsleep(_ variant: Variant) -> Bool {
        switch variant {
        case .lamina: laminaLoop!.isWaiting
        case .baseline: CFRunLoopIsWaiting(cfLoop!.object)
        }
    }

    /// Polls until the loop sleeps.
    private func waitUntilAsleep(_ variant: Variant) {
        let deadline = MonotonicClock.now() + 5_000_000_000
        while !isAsleep(variant) {
            if MonotonicClock.now() > deadline {
                Hang.report("\(name) (\(variant)): the loop did not go back to sleep within 5 s")
            }
            MonotonicClock.sleep(microseconds: 20)
        }
    }

    func tearDown() {
        LaminaBaseline.stopFromAnotherThread(laminaLoop!)
        laminaThread.waitUntilDone("\(name): EventLoop.run() returning after stop()", seconds: 5)
        CFBaseline.stopFromAnotherThread(cfLoop!)
        cfThread.waitUntilDone("\(name): CFRunLoopRun() returning after CFRunLoopStop", seconds: 5)
        laminaThread.sync("\(name): removing the Lamina keep-alive source") { [self] in
            laminaKeepAlive?.invalidate()
        }
        cfThread.sync("\(name): removing the CF keep-alive source") { [self] in
            if let keepAlive = cfKeepAlive { CFRunLoopSourceInvalidate(keepAlive.object) }
        }
        laminaThread.finish()
        cfThread.finish()
    }

    var notes: [String] {
        let lamina = awakeAfterSettle[.lamina, default: 0]
        let baseline = awakeAfterSettle[.baseline, default: 0]
        guard lamina + baseline > 0 else {
            return ["both loops were asleep before every sample"]
        }
        return ["still awake after the \(settleMicroseconds) µs settle (waited longer): Lamina \(lamina), CFRunLoop \(baseline) samples"]
    }
}

/// A moment recorded on one thread and read on another.
final class TimeStamp: Sendable {
    private let value = Atomic<UInt64>(0)

    /// Stores now.
    @inline(__always)
    func record() {
        value.store(MonotonicClock.now(), ordering: .releasing)
    }

    /// The last moment recorded, in `MonotonicClock` nanoseconds.
    var nanoseconds: UInt64 {
        value.load(ordering: .acquiring)
    }
}
