import CoreFoundation
import LaminaLoop

/// 2. `observer-iteration`: the cost of one loop iteration that polls (a version-0 source was
/// performed, so the loop does not sleep) with 10 observers on every activity, on a secondary
/// thread.
///
/// Each sample is one run of the default mode: a source that re-signals itself from its perform
/// `iterationsPerSample` times and then stops the loop, so the run is exactly that many
/// iterations (each: `beforeTimers` and `beforeSources` to 10 observers, blocks, one source,
/// a zero-timeout look at the wake fds). Sample = run time / iterations; `entry` and `exit` are
/// included and spread over the iterations.
final class ObserverIteration: Benchmark, @unchecked Sendable {
    let name = "observer-iteration"
    let summary = "one poll iteration, 10 observers on all activities, source0-driven, secondary thread"

    static let iterationsPerSample = 1_000

    private let worker = WorkerThread(name: "observer-iteration")
    // Everything below is created and used on `worker` (handed over by its semaphores).
    private let counters = Counters()
    private var laminaLoop: EventLoop?
    private var laminaSource: EventLoop.Source?
    private var laminaObservers: [EventLoop.Observer] = []
    private var cfSide: CFSide?
    private var results: [Double] = []
    private var observerCallsPerRun: [Variant: Int] = [:]
    private var unexpectedResults: [String] = []

    /// Counts shared by both variants' callbacks. Worker thread only.
    final class Counters: @unchecked Sendable {
        var remaining = 0
        var observerCalls = 0
    }

    /// What the CF source's C perform function reaches through its `info` pointer.
    final class CFSide {
        let counters: Counters
        let runLoop: CFRunLoop
        var source: CFRunLoopSource?
        var observers: [CFRunLoopObserver] = []

        init(counters: Counters, runLoop: CFRunLoop) {
            self.counters = counters
            self.runLoop = runLoop
        }
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 4, samplesPerRound: 3)
            : Plan(warmUpRounds: 2, measuredRounds: 60, samplesPerRound: 10)
    }

    func setUp() {
        worker.sync("observer-iteration: set-up") { [self] in
            setUpLamina()
            setUpCF()
        }
    }

    private func setUpLamina() {
        let loop = EventLoop.current
        let counters = counters
        let source = EventLoop.Source(order: 0) { source in
            counters.remaining -= 1
            if counters.remaining > 0 {
                source.signal()
            } else {
                loop.stop()
            }
        }
        loop.add(source, to: .default)
        laminaObservers = LaminaBaseline.makeObservers(count: observerCount) { _, _ in
            counters.observerCalls &+= 1
        }
        for observer in laminaObservers {
            loop.add(observer, to: .default)
        }
        laminaLoop = loop
        laminaSource = source
    }

    private func setUpCF() {
        let side = CFSide(counters: counters, runLoop: CFRunLoopGetCurrent())
        let source = CFBaseline.makeSource(order: 0, info: Unmanaged.passUnretained(side).toOpaque()) { info in
            let side = Unmanaged<CFSide>.fromOpaque(info!).takeUnretainedValue()
            side.counters.remaining -= 1
            if side.counters.remaining > 0 {
                CFRunLoopSourceSignal(side.source)
            } else {
                CFRunLoopStop(side.runLoop)
            }
        }
        side.source = source
        CFRunLoopAddSource(side.runLoop, source, kCFRunLoopDefaultMode)
        let counters = counters
        side.observers = CFBaseline.makeObservers(count: observerCount) { _, _ in
            counters.observerCalls &+= 1
        }
        for observer in side.observers {
            CFRunLoopAddObserver(side.runLoop, observer, kCFRunLoopDefaultMode)
        }
        cfSide = side
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        worker.sync("observer-iteration (\(variant)): \(samples) runs of \(Self.iterationsPerSample) iterations") {
            [self] in
            results = (0..<samples).map { _ in timeOneRun(variant) }
        }
        return results
    }

    /// One run of `iterationsPerSample` iterations; its time per iteration. Worker thread.
    private func timeOneRun(_ variant: Variant) -> Double {
        counters.remaining = Self.iterationsPerSample
        counters.observerCalls = 0
        let start: UInt64
        let end: UInt64
        let result: String
        switch variant {
        case .lamina:
            laminaSource!.signal()
            start = MonotonicClock.now()
            let outcome = laminaLoop!.run(mode: .default, timeout: .seconds(60), returnAfterSourceHandled: false)
            end = MonotonicClock.now()
            result = outcome == .stopped ? "stopped" : "\(outcome)"
        case .baseline:
            CFRunLoopSourceSignal(cfSide!.source)
            start = MonotonicClock.now()
            let outcome = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 60, false)
            end = MonotonicClock.now()
            result = outcome == .stopped ? "stopped" : "result \(outcome.rawValue)"
        }
        if result != "stopped" || counters.remaining != 0 {
            unexpectedResults.append(
                "\(variant) run ended with \(result), \(counters.remaining) performs short")
        }
        observerCallsPerRun[variant] = counters.observerCalls
        return MonotonicClock.elapsed(from: start, to: end) / Double(Self.iterationsPerSample)
    }

    func tearDown() {
        worker.sync("observer-iteration: tear-down") { [self] in
            laminaSource?.invalidate()
            laminaObservers.forEach { $0.invalidate() }
            if let side = cfSide {
                if let source = side.source { CFRunLoopSourceInvalidate(source) }
                side.observers.forEach { CFRunLoopObserverInvalidate($0) }
            }
        }
        worker.finish()
    }

    var notes: [String] {
        let lamina = observerCallsPerRun[.lamina, default: 0]
        let baseline = observerCallsPerRun[.baseline, default: 0]
        var notes = [
            "observer callouts per run of \(Self.iterationsPerSample) iterations: Lamina \(lamina), CFRunLoop \(baseline)"
                + (lamina == baseline ? " (same)" : " — DIFFERENT")
        ]
        notes += Array(Set(unexpectedResults)).sorted().map { "unexpected: \($0)" }
        return notes
    }
}
