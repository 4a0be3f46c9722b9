import CoreFoundation
import Dispatch
import LaminaLoop

/// 3. `sleep-wake-iteration`: one full iteration of the MAIN loop — asleep, woken by another
/// thread, through every activity back to sleep — with 10 observers on every activity.
///
/// The main thread runs the loop (`EventLoop.main` / `CFRunLoopGetMain()`, default mode). A waker
/// thread, per sample: t0; `perform` a block + `wakeUp`; waits for an acknowledgement; t1.
/// The block marks the wake as handled; the last observer (highest order), at the next
/// `beforeWaiting`, acknowledges it. So one sample is one round trip through exactly one
/// iteration that sleeps: wake → `afterWaiting` → block → `beforeTimers` → `beforeSources` →
/// `beforeWaiting` (40 observer callouts), plus the two cross-thread wake-ups. The waker's next
/// `wakeUp` comes after that `beforeWaiting`, so it always meets a loop that sleeps (or is
/// about to, in which case the wait returns at once).
///
/// Also recorded, as a note: the main thread's busy time per iteration, from the first
/// `afterWaiting` callout to the last `beforeWaiting` one.
final class SleepWakeIteration: Benchmark, @unchecked Sendable {
    let name = "sleep-wake-iteration"
    let summary = "main loop: wake → full iteration with 10 observers on every activity → asleep (round trip)"

    private let waker = WorkerThread(name: "sleep-wake waker")
    private let state = MainThreadState()
    private let acknowledged = DispatchSemaphore(value: 0)
    private var laminaObservers: [EventLoop.Observer] = []
    private var cfObservers: [CFRunLoopObserver] = []
    private let cfMain = CFHandle(CFRunLoopGetMain()!)
    /// Written by the waker's job, read after it returns.
    private var roundTrips: [Double] = []
    private var busy: [Variant: [Double]] = [.lamina: [], .baseline: []]
    private var observerCalls: [Variant: Int] = [.lamina: 0, .baseline: 0]
    private var wakes: [Variant: Int] = [.lamina: 0, .baseline: 0]

    /// What the observers and blocks touch: main thread only.
    final class MainThreadState: @unchecked Sendable {
        var wakeHandled = false
        var wokeAt: UInt64 = 0
        var busy: [Double] = []
        var observerCalls = 0
        /// Lets the waker go on; set once, before the first run.
        var acknowledgeWake: @Sendable () -> Void = {}

        /// The same work for both variants' observers.
        @inline(__always)
        func observe(index: Int, afterWaiting: Bool, beforeWaiting: Bool) {
            observerCalls &+= 1
            if index == 0 && afterWaiting {
                wokeAt = MonotonicClock.now()
            } else if index == observerCount - 1 && beforeWaiting && wakeHandled {
                wakeHandled = false
                busy.append(MonotonicClock.elapsed(from: wokeAt, to: MonotonicClock.now()))
                acknowledgeWake()
            }
        }
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 4, samplesPerRound: 200)
            : Plan(warmUpRounds: 2, measuredRounds: 60, samplesPerRound: 1_000)
    }

    func setUp() {
        let state = state
        let acknowledged = acknowledged
        state.acknowledgeWake = { acknowledged.signal() }
        laminaObservers = LaminaBaseline.makeObservers(count: observerCount) { index, activity in
            state.observe(index: index, afterWaiting: activity == .afterWaiting, beforeWaiting: activity == .beforeWaiting)
        }
        for observer in laminaObservers {
            EventLoop.main.add(observer, to: .default)
        }
        cfObservers = CFBaseline.makeObservers(count: observerCount) { index, activity in
            state.observe(index: index, afterWaiting: activity == .afterWaiting, beforeWaiting: activity == .beforeWaiting)
        }
        for observer in cfObservers {
            CFRunLoopAddObserver(cfMain.object, observer, kCFRunLoopDefaultMode)
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        state.busy.removeAll(keepingCapacity: true)
        state.observerCalls = 0
        waker.start { [self] in
            roundTrips = wake(variant, times: samples)
        }
        switch variant {
        case .lamina:
            let result = EventLoop.main.run(mode: .default, timeout: .seconds(120), returnAfterSourceHandled: false)
            if result != .stopped {
                Hang.report("sleep-wake-iteration (Lamina): EventLoop.main.run returned \(result), expected stopped")
            }
        case .baseline:
            let result = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 120, false)
            if result != .stopped {
                Hang.report("sleep-wake-iteration (CFRunLoop): CFRunLoopRunInMode returned \(result.rawValue), expected stopped")
            }
        }
        waker.waitUntilDone("sleep-wake-iteration (\(variant)): the waker finishing", seconds: 5)
        busy[variant, default: []].append(contentsOf: state.busy)
        observerCalls[variant, default: 0] += state.observerCalls
        wakes[variant, default: 0] += samples
        return roundTrips
    }

    /// The waker thread's job: `times` round trips, then stop the main loop.
    private func wake(_ variant: Variant, times: Int) -> [Double] {
        waitUntilAsleep(variant)
        let state = state
        var samples: [Double] = []
        samples.reserveCapacity(times)
        for _ in 0..<times {
            let start: UInt64
            switch variant {
            case .lamina:
                let block: @Sendable () -> Void = { state.wakeHandled = true }
                start = MonotonicClock.now()
                EventLoop.main.perform(in: .default, block)
                EventLoop.main.wakeUp()
            case .baseline:
                let block: @convention(block) () -> Void = { state.wakeHandled = true }
                start = MonotonicClock.now()
                CFRunLoopPerformBlock(cfMain.object, kCFRunLoopDefaultMode, block)
                CFRunLoopWakeUp(cfMain.object)
            }
            Hang.wait(for: acknowledged, seconds: 5, "sleep-wake-iteration (\(variant)): the beforeWaiting acknowledgement")
            samples.append(MonotonicClock.elapsed(from: start, to: MonotonicClock.now()))
        }
        switch variant {
        case .lamina: EventLoop.main.stop()
        case .baseline: CFRunLoopStop(cfMain.object)
        }
        return samples
    }

    /// Waits for the main loop's first sleep of this run.
    private func waitUntilAsleep(_ variant: Variant) {
        let deadline = MonotonicClock.now() + 5_000_000_000
        while !(variant == .lamina ? EventLoop.main.isWaiting : CFRunLoopIsWaiting(cfMain.object)) {
            if MonotonicClock.now() > deadline {
                Hang.report("sleep-wake-iteration (\(variant)): the main loop did not go to sleep within 5 s")
            }
            MonotonicClock.sleep(microseconds: 20)
        }
    }

    func tearDown() {
        laminaObservers.forEach { $0.invalidate() }
        cfObservers.forEach { CFRunLoopObserverInvalidate($0) }
        waker.finish()
    }

    var notes: [String] {
        let lamina = Summary(busy[.lamina, default: []])
        let baseline = Summary(busy[.baseline, default: []])
        let busyRatio = ratio(lamina.median, baseline.median).map { Report.format($0, decimals: 2) } ?? "-"
        func perWake(_ variant: Variant) -> String {
            let count = wakes[variant, default: 0]
            return count > 0 ? Report.format(Double(observerCalls[variant, default: 0]) / Double(count), decimals: 1) : "-"
        }
        return [
            "main-thread busy time per iteration (first afterWaiting → last beforeWaiting callout), median: "
                + "Lamina \(Report.format(lamina.median / 1_000, decimals: 2)) µs, "
                + "CFRunLoop \(Report.format(baseline.median / 1_000, decimals: 2)) µs, ratio \(busyRatio)",
            "observer callouts per wake (entry/exit included): Lamina \(perWake(.lamina)), CFRunLoop \(perWake(.baseline))",
        ]
    }
}
