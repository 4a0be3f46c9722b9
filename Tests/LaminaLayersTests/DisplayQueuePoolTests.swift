import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaTrace
import Testing

/// The display queues: how many, which one a render goes to, serial order, and the bounded
/// release queue. No main loop is involved, so these are Swift Testing tests on any thread.
@Suite struct DisplayQueuePoolTests {
    @Test func theDefaultQueueCountIsTheActiveProcessorCountAtMostSixteen() {
        let expected = min(ProcessInfo.processInfo.activeProcessorCount, 16)
        #expect(DisplayQueuePool.defaultQueueCount == expected)
        #expect(DisplayQueuePool(name: "default count").queueCount == expected)
        #expect(DisplayQueuePool.shared.queueCount == expected)
    }

    @Test(arguments: [(0, 1), (-5, 1), (1, 1), (3, 3), (24, 24), (65, 64), (Int.max, 64)])
    func anExplicitQueueCountIsKeptBetweenOneAndTheMaximum(requested: Int, kept: Int) {
        let pool = DisplayQueuePool(queueCount: requested, name: "count \(requested)")
        #expect(pool.queueCount == kept)
        #expect(pool.loads == Array(repeating: 0, count: kept))
    }

    @Test func theNextRenderGoesToTheLeastLoadedQueue() {
        let pool = DisplayQueuePool(queueCount: 3, name: "least")
        let gate = RenderGate()
        pool.enqueue(onQueue: 0) { gate.pass() }
        pool.enqueue(onQueue: 0) { gate.pass() }
        pool.enqueue(onQueue: 2) { gate.pass() }
        #expect(pool.loads == [2, 0, 1])
        for _ in 0..<5 { #expect(pool.nextQueueIndex() == 1, "queue 2 has one render, queue 1 none") }
        pool.enqueue { gate.pass() }
        #expect(pool.loads == [2, 1, 1])
        gate.open(4)
        #expect(pool.becomesIdle(), "queues still busy")
    }

    @Test func equallyLoadedQueuesTakeTurns() {
        let pool = DisplayQueuePool(queueCount: 4, name: "turns")
        let picks = (0..<8).map { _ in pool.nextQueueIndex() }
        #expect(Set(picks[0..<4]) == [0, 1, 2, 3], "\(picks)")
        #expect(Set(picks[4..<8]) == [0, 1, 2, 3], "\(picks)")
    }

    @Test func steadyTrafficSpreadsOverEveryQueue() {
        let pool = DisplayQueuePool(queueCount: 2, name: "spread")
        let gate = RenderGate()
        for _ in 0..<6 { pool.enqueue { gate.pass() } }
        #expect(pool.loads == [3, 3])
        gate.open(6)
        #expect(pool.becomesIdle(), "queues still busy")
    }

    @Test func aQueueRunsItsBlocksOneAtATimeInOrderOnItsOwnNamedThread() {
        let pool = DisplayQueuePool(queueCount: 2, name: "serial")
        let log = Log()
        for index in 0..<200 {
            pool.enqueue(onQueue: 1) { log.append(index, thread: currentThreadName()) }
        }
        #expect(pool.becomesIdle(), "queues still busy")
        #expect(log.entries.map(\.index) == Array(0..<200))
        #expect(Set(log.entries.map(\.thread)) == ["serial 2"])
        #expect(log.maximumConcurrency == 1)
        #expect(pool.queueName(at: 0) == "serial 1")
    }

    @Test(arguments: [-1, 2, 7, Int.min + 1, Int.max])
    func anIndexOutsideThePoolIsTakenModuloTheQueueCount(index: Int) {
        let pool = DisplayQueuePool(queueCount: 2, name: "modulo")
        let expected = ((index % 2) + 2) % 2
        #expect(pool.queueName(at: index) == "modulo \(expected + 1)")
        let ran = Log()
        pool.enqueue(onQueue: index) { ran.append(0, thread: currentThreadName()) }
        #expect(pool.becomesIdle(), "queues still busy")
        #expect(ran.entries.map(\.thread) == ["modulo \(expected + 1)"])
    }

    @Test func replacedBitmapsAreDroppedOnTheReleaseQueue() throws {
        let pool = DisplayQueuePool(queueCount: 1, name: "release")
        let image = try makeBitmap(width: 64, height: 64)
        #expect(pool.release(image), "taken by the release queue")
        pool.releasesDrain()
        #expect(pool.releasePendingBytes == 0)
    }

    @Test func aBitmapThatWouldExceedTheReleaseBoundIsDroppedAtOnceNotHoarded() throws {
        let pool = DisplayQueuePool(queueCount: 1, name: "bounded", releaseBound: 1024)
        let large = try makeBitmap(width: 64, height: 64)  // 16 KiB, over the 1 KiB bound
        #expect(!pool.release(large), "dropped by the caller, never queued")
        #expect(pool.releasePendingBytes == 0)
        #expect(pool.release(try makeBitmap(width: 8, height: 8)), "256 bytes fit under the bound")
        let zero = DisplayQueuePool(queueCount: 1, name: "no release", releaseBound: -1)
        #expect(!zero.release(try makeBitmap(width: 1, height: 1)), "a negative bound admits nothing")
    }
}

/// The calling thread's name, as the trace (and the kernel) knows it.
private func currentThreadName() -> String {
    TraceThread.current.name
}

/// A bitmap of the given pixel size.
private func makeBitmap(width: Double, height: Double) throws -> Image {
    try GraphicsContext.makeImage(width: width, height: height, scale: 1, opaque: true) { context in
        context.fillColor = .red
        context.fill(context.bounds)
    }
}

/// What ran, where, and how many ran at once. Any thread.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var maximumConcurrency = 0
    private var stored: [(index: Int, thread: String)] = []

    var entries: [(index: Int, thread: String)] {
        lock.withLock { stored }
    }

    func append(_ index: Int, thread: String) {
        lock.withLock { running += 1; maximumConcurrency = max(maximumConcurrency, running) }
        for _ in 0..<3 { sched_yield() }  // gives a second block on another thread the chance to overlap
        lock.withLock { stored.append((index, thread)); running -= 1 }
    }
}
