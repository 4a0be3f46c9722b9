import Dispatch
import Glibc
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// A gate display closures wait at, so a test holds renders in flight and releases them when it
/// chooses — deterministic, without sleeping.
final class RenderGate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let arrivals = DispatchSemaphore(value: 0)

    /// Called by the display closure: announces it arrived, then blocks until opened.
    func pass() {
        arrivals.signal()
        semaphore.wait()
    }

    /// Blocks the test until `count` renders wait at the gate.
    func waitForArrivals(_ count: Int = 1) {
        for _ in 0..<count { arrivals.wait() }
    }

    /// Lets `count` waiting renders through.
    func open(_ count: Int = 1) {
        for _ in 0..<count { semaphore.signal() }
    }
}

/// The colour that encodes `state` in a render: each state gets its own opaque colour.
func stateColor(_ state: Int) -> Color {
    Color(red: Double(state & 0xFF) / 255, green: Double((state >> 8) & 0xFF) / 255,
          blue: Double((state >> 16) & 0xFF) / 255)
}

/// The state a pixel of `stateColor` encodes.
func decodeState(_ image: Image, x: Int = 0, y: Int = 0) -> Int {
    let pixel = image.rawPixel(x: x, y: y)
    return Int((pixel >> 16) & 0xFF) | Int((pixel >> 8) & 0xFF) << 8 | Int(pixel & 0xFF) << 16
}

/// An async layer's delegate: each task paints the colour of the state it captured, optionally
/// waiting at a gate first, and everything the layer asks is logged on the main thread.
@MainActor
final class AsyncProbe: AsyncLayerDelegate {
    var state = 0
    var gate: RenderGate?
    /// Run inside the display closure (any thread) after the gate.
    var extraDrawing: (@Sendable (GraphicsContext, Size) -> Void)?
    /// Run on the main thread after each `didDisplay(true)`.
    var onFinish: (@MainActor () -> Void)?
    private(set) var tasksMade = 0
    private(set) var willDisplayCount = 0
    /// `(state the task captured, finished)` per `didDisplay`, in order.
    private(set) var didDisplays: [(state: Int, finished: Bool)] = []
    private let drawCount = Counter()

    /// How many times a display closure ran (any thread).
    var drawsStarted: Int { drawCount.value }

    func newAsyncDisplayTask() -> AsyncDisplayTask {
        tasksMade += 1
        let captured = state, gate = gate, extra = extraDrawing, drawCount = drawCount
        return AsyncDisplayTask(
            willDisplay: { [weak self] _ in self?.willDisplayCount += 1 },
            display: { context, size, _ in
                drawCount.increment()
                gate?.pass()
                context.fillColor = stateColor(captured)
                context.fill(Rect(size: size))
                extra?(context, size)
            },
            didDisplay: { [weak self] _, finished in
                self?.didDisplays.append((captured, finished))
                if finished { self?.onFinish?() }
            })
    }

    var finishedStates: [Int] { didDisplays.filter(\.finished).map(\.state) }
    var cancelledCount: Int { didDisplays.filter { !$0.finished }.count }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = LockedInt()
    var value: Int { storage.load() }
    func increment() { storage.add(1) }
}

/// An integer behind a POSIX mutex (Thread Sanitizer understands it).
final class LockedInt: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = 0
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func load() -> Int {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        return value
    }
    func add(_ amount: Int) {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        value += amount
    }
}

/// An opaque async layer of `size` points drawn by `probe` on `pool`.
@MainActor
func makeAsyncLayer(_ probe: AsyncProbe, size: Size = Size(width: 8, height: 4),
                    pool: DisplayQueuePool = .shared) -> AsyncLayer {
    let layer = AsyncLayer()
    layer.bounds = Rect(size: size)
    layer.isOpaque = true
    layer.delegate = probe
    layer.displayQueuePool = pool
    return layer
}

/// Waits until every queue of `pool` is idle — its renders drawn and their results posted to the
/// main loop — by yielding the processor, never by sleeping for a time. Fails after `timeout`.
func waitUntilQueuesAreIdle(_ pool: DisplayQueuePool, timeout: Duration = .seconds(10),
                            file: StaticString = #filePath, line: UInt = #line) {
    if !pool.becomesIdle(within: timeout) { XCTFail("display queues still busy", file: file, line: line) }
}

extension DisplayQueuePool {
    /// Yields the processor until every queue has run what it was given, or `limit` has passed;
    /// whether the queues became idle.
    @discardableResult
    func becomesIdle(within limit: Duration = .seconds(10)) -> Bool {
        yield(until: { loads.allSatisfy { $0 == 0 } }, within: limit)
    }

    /// Yields the processor until nothing waits on the release queue, or `limit` has passed;
    /// whether it drained.
    @discardableResult
    func releasesDrain(within limit: Duration = .seconds(10)) -> Bool {
        yield(until: { releasePendingBytes == 0 }, within: limit)
    }

    private func yield(until condition: () -> Bool, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            sched_yield()
        }
        return true
    }
}
