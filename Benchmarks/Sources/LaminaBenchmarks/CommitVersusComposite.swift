import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTrace

/// `commit-vs-composite`: the main thread's share of a frame in which 1,000 layers of 120×40
/// points (each with contents) moved. A is the main thread's CPU time for the transaction commit (packaging
/// 1,000 changed layers into a delta and submitting it); B is the render thread compositing that
/// frame (the `composite` interval of the trace). The main thread should pay little of the frame:
/// the target is A/B ≤ 0.2.
// The harness calls every method on the main thread, where the layer tree lives.
final class CommitVersusComposite: Benchmark, @unchecked Sendable {
    let name = "commit-vs-composite"
    let summary = "1,000 moved 120×40 layers: main-thread commit (A) vs render-thread composite (B)"

    private var tree: HostedTree?
    private let recorder = TraceRecorder(capacity: 100_000)
    private var compositeDurations: [Double] = []
    private var step = 0

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: 2)
            : Plan(warmUpRounds: 2, measuredRounds: 20, samplesPerRound: 5)
    }

    func setUp() {
        MainActor.assumeIsolated {
            let tile = try! GraphicsContext.makeImage(width: 120, height: 40) { context in
                context.drawLinearGradient(Gradient(colors: [.orange, .blue]), start: .zero, end: Point(x: 120, y: 40))
            }
            let tree = HostedTree(layerCount: 1_011, leafSize: Size(width: 120, height: 40), contents: tile)
            // Spread the tiles over the whole framebuffer (overlapping, as in the raw baselines'
            // 1,000-tile composite, Benchmarks/README.md) rather than in rows running off-screen.
            for (index, leaf) in tree.leaves.enumerated() {
                let origin = tree.leaf(index, spreadOver: Size(width: 1280, height: 800))
                leaf.frame = Rect(origin: origin, size: Size(width: 120, height: 40))
            }
            Transaction.flush()
            tree.waitForLastCommit()
            self.tree = tree
        }
    }

    /// A samples are commits timed on the main thread; each also records the composite of its
    /// frame, which B then reports. The harness alternates A and B batches of the same size, so
    /// B's batch reports the composites of the A batch before it.
    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let tree else { return [] }
            if variant == .baseline {
                while compositeDurations.count < samples { compositeDurations.append(contentsOf: commitSample(tree).composite) }
                let taken = Array(compositeDurations.prefix(samples))
                compositeDurations.removeFirst(samples)
                return taken
            }
            return (0..<samples).map { _ in
                let sample = commitSample(tree)
                compositeDurations.append(contentsOf: sample.composite)
                return sample.commit
            }
        }
    }

    /// Moves every leaf by a pixel, commits (timed), waits for the frame, and reads the frame's
    /// composite time from the trace.
    @MainActor
    private func commitSample(_ tree: HostedTree) -> (commit: Double, composite: [Double]) {
        step += 1
        let dx: Double = step.isMultiple(of: 2) ? 1 : -1
        // Without actions: standalone layers would start implicit animations.
        Transaction.performWithoutActions {
            for leaf in tree.leaves { leaf.position = Point(x: leaf.position.x + dx, y: leaf.position.y) }
        }
        recorder.removeAll()
        Trace.start(into: recorder)
        let start = MonotonicClock.threadCPUNow()
        Transaction.flush()
        let end = MonotonicClock.threadCPUNow()
        tree.waitForLastCommit()
        Trace.stop()
        return (MonotonicClock.elapsed(from: start, to: end), Self.compositeDurations(in: recorder.events))
    }

    /// The durations of the `composite` intervals among `events`, in nanoseconds.
    private static func compositeDurations(in events: [TraceEvent]) -> [Double] {
        var begun: UInt64?
        var durations: [Double] = []
        for event in events where event.category == .render && event.name == "composite" {
            switch event.phase {
            case .begin: begun = event.timestamp
            case .end: if let start = begun { durations.append(Double(event.timestamp - start)) }
            default: break
            }
        }
        return durations
    }

    func tearDown() {
        MainActor.assumeIsolated {
            tree?.server.shutdown()
            tree = nil
        }
    }

    var notes: [String] { [] }
}
