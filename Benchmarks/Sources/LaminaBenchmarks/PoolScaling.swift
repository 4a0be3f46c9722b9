import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// `pool-scaling`: render throughput of a 2-queue display pool (A) against a 1-queue pool (B).
/// 200 async layers of 120×40 points at 2× (`AsyncTileScene`, not hosted: no render thread
/// competes for the cores), each drawing a CPU-heavy card, are marked and committed; the same
/// layers render on one pool or the other. On 2 cores the two queues should draw nearly twice as
/// fast: the target is B/A ≥ 1.7, i.e. A/B ≤ 0.59.
///
/// A sample is wall time (`CLOCK_MONOTONIC`) from just before `Transaction.flush()` schedules the
/// 200 renders to the moment the last of them finished drawing on its queue (read there). The
/// main thread blocks on a semaphore meanwhile, so only the queues use the cores. Receiving the
/// results on the main loop and setting the contents come after, untimed, as does waiting for
/// the replaced bitmaps to be dropped on the release queue.
// The harness calls every method on the main thread, where the layer tree lives.
final class PoolScaling: Benchmark, @unchecked Sendable {
    let name = "pool-scaling"
    let summary = "200 CPU-heavy 120×40@2x renders, schedule to last drawn: 2-queue (A) vs 1-queue (B) pool; target ≤ 0.59"

    private let completion = RenderCompletion()
    private var scene: AsyncTileScene?
    private var pools: [Variant: DisplayQueuePool] = [:]
    private var drain: MainLoopDrain?
    private var threadsUsed: [Variant: Set<Int>] = [:]
    private var mainThreadCPU: [Variant: [Double]] = [:]
    private var durations: [Variant: [Double]] = [:]
    /// Nanoseconds per drawing on bare threads (2 after A's batches, 1 after B's).
    private var bare: [Variant: [Double]] = [:]
    private let bareThreads = [WorkerThread(name: "bench bare 1"), WorkerThread(name: "bench bare 2")]
    private var shortBatches = 0
    private var batches = 0

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 2, samplesPerRound: 1)
            : Plan(warmUpRounds: 1, measuredRounds: 20, samplesPerRound: 1)
    }

    func setUp() {
        MainActor.assumeIsolated {
            let two = DisplayQueuePool(queueCount: 2, name: "bench pool2")
            pools = [.lamina: two, .baseline: DisplayQueuePool(queueCount: 1, name: "bench pool1")]
            scene = AsyncTileScene(scale: 2, art: .heavy, pool: two, hosted: false, completion: completion)
            drain = MainLoopDrain()
            load = MachineLoad()
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let scene, let drain, let pool = pools[variant] else { return [] }
            scene.setPool(pool)
            return (0..<samples).map { _ in
                let duration = batch(variant, scene: scene, pool: pool, drain: drain)
                bare[variant, default: []].append(drawBare(on: variant == .lamina ? 2 : 1))
                return duration
            }
        }
    }

    /// 200 renders, timed from scheduling to the last one drawn; then (untimed) the results.
    @MainActor
    private func batch(_ variant: Variant, scene: AsyncTileScene, pool: DisplayQueuePool, drain: MainLoopDrain) -> Double {
        let label = "pool-scaling: \(variant == .lamina ? "A" : "B") batch \(scene.state + 1)"
        scene.markAll()
        completion.expect(AsyncTileScene.tileCount)
        let cpuStart = MonotonicClock.threadCPUNow()
        let start = MonotonicClock.now()
        Transaction.flush()
        Hang.wait(for: completion.allFinished, seconds: 60, "\(label): the last render")
        let end = completion.lastFinishTime
        mainThreadCPU[variant, default: []].append(MonotonicClock.elapsed(from: cpuStart, to: MonotonicClock.threadCPUNow()))

        drain.run(label)
        batches += 1
        if scene.tilesShowingState != AsyncTileScene.tileCount { shortBatches += 1 }
        threadsUsed[variant, default: []].insert(completion.threadCount)
        // Dropping the 200 replaced bitmaps is the release queue's work, not the next batch's.
        let deadline = MonotonicClock.now() + 10_000_000_000
        while pool.releasePendingBytes > 0 && MonotonicClock.now() < deadline { MonotonicClock.sleep(microseconds: 100) }
        let duration = MonotonicClock.elapsed(from: start, to: end)
        durations[variant, default: []].append(duration)
        return duration
    }

    /// What the machine allows for this drawing, without Lamina, measured right after each batch
    /// so that it sees the same machine: 100 of the same drawings (same contexts, same opaque
    /// fill) split over `threadCount` bare threads. Returns wall nanoseconds per drawing.
    private func drawBare(on threadCount: Int) -> Double {
        let workers = Array(bareThreads.prefix(threadCount))
        let count = 100, share = count / workers.count
        let start = MonotonicClock.now()
        for (number, worker) in workers.enumerated() {
            worker.start {
                for index in (number * share)..<((number + 1) * share) { BareRender.card(index: index) }
            }
        }
        for worker in workers { worker.waitUntilDone("pool-scaling: bare drawing", seconds: 60) }
        return MonotonicClock.elapsed(from: start, to: MonotonicClock.now()) / Double(count)
    }

    func tearDown() {
        bareThreads.forEach { $0.finish() }
        MainActor.assumeIsolated {
            notes = makeNotes(unfinished: scene?.unfinishedRenders ?? 0) + [load?.note()].compactMap { $0 }
            drain?.invalidate()
            drain = nil
            scene = nil
            pools = [:]
        }
    }

    private(set) var notes: [String] = []
    private var load: MachineLoad?

    private func makeNotes(unfinished: Int) -> [String] {
        func threads(_ variant: Variant) -> String {
            (threadsUsed[variant] ?? []).sorted().map(String.init).joined(separator: "/")
        }
        func cpu(_ variant: Variant) -> String {
            Report.format(Summary(mainThreadCPU[variant] ?? []).median / 1_000, decimals: 0)
        }
        func perRender(_ variant: Variant) -> String {
            Report.format(Summary(durations[variant] ?? []).median / Double(AsyncTileScene.tileCount) / 1_000, decimals: 1)
        }
        let poolSpeedUp = Summary(durations[.baseline] ?? []).median / max(Summary(durations[.lamina] ?? []).median, 1)
        let bareOne = Summary(bare[.baseline] ?? []).median, bareTwo = Summary(bare[.lamina] ?? []).median
        let ceiling = bareOne / max(bareTwo, 1)
        let verdict = shortBatches == 0 && unfinished == 0 ? "ok" : "FAILED"
        return [
            "behaviour \(verdict): \(batches) batches of 200 renders (warm-up included), \(shortBatches) with a tile not showing "
                + "the batch's state, \(unfinished) renders not used; threads that drew per batch: A \(threads(.lamina)), B \(threads(.baseline))",
            "main thread during the timed region (scheduling 200 renders, then blocked): A \(cpu(.lamina)) µs, B \(cpu(.baseline)) µs CPU (median)",
            "per render (median batch / 200, warm-up included): A \(perRender(.lamina)) µs, B \(perRender(.baseline)) µs; "
                + "speed-up B/A \(Report.format(poolSpeedUp, decimals: 2))×; target B/A ≥ 1.7 (A/B ≤ 0.59) on 2 cores",
            "machine ceiling (100 of the same drawings on bare threads after each batch): 2 threads \(Report.format(bareTwo / 1_000, decimals: 1)) µs, "
                + "1 thread \(Report.format(bareOne / 1_000, decimals: 1)) µs per drawing, \(Report.format(ceiling, decimals: 2))×; "
                + "the pool reaches \(Report.format(poolSpeedUp / ceiling * 100, decimals: 0)) % of it",
        ]
    }
}
