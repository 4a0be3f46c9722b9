import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// `commit-cost`: one transaction commit (`Transaction.flush()`) after changing one layer's
/// background colour, in a hosted tree of 100,000 layers (A) and of 100 layers (B). The commit
/// visits only the marked layers, so the two should cost about the same: the target is A/B ≤ 2.
///
/// Each sample is the main thread's CPU time for the change and the flush (layout, display,
/// packaging the one-layer delta, submitting it) — CPU time, because the render thread wakes for
/// the delta during the flush and on two cores would otherwise steal wall time that is not the
/// commit's. A batch's commits go out back to back (the render server coalesces them into
/// frames); the wait for the last one's presentation, after the batch, is not timed.
// The harness calls every method on the main thread, where the layer tree lives.
final class CommitCost: Benchmark, @unchecked Sendable {
    let name = "commit-cost"
    let summary = "commit of 1 changed layer: 100,000-layer tree (A) vs 100-layer tree (B), main thread"

    private var large: HostedTree?
    private var small: HostedTree?
    private var step = 0

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: 5)
            : Plan(warmUpRounds: 2, measuredRounds: 40, samplesPerRound: 25)
    }

    func setUp() {
        MainActor.assumeIsolated {
            large = HostedTree(layerCount: 100_000)
            small = HostedTree(layerCount: 100)
        }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        MainActor.assumeIsolated {
            guard let tree = variant == .lamina ? large : small else { return [] }
            let durations = (0..<samples).map { _ in
                step += 1
                // One layer changing frame after frame, as an animating or updating view does. (A
                // random layer of the big tree each time adds cache misses on a cold heap — about
                // 5 µs here — which measure the memory, not the commit.)
                let leaf = tree.leaves[tree.leaves.count / 2]
                let start = MonotonicClock.threadCPUNow()
                // Without actions: a standalone layer would start an implicit animation.
                Transaction.performWithoutActions { leaf.backgroundColor = step.isMultiple(of: 2) ? .red : .blue }
                Transaction.flush()
                return MonotonicClock.elapsed(from: start, to: MonotonicClock.threadCPUNow())
            }
            tree.waitForLastCommit()
            return durations
        }
    }

    func tearDown() {
        MainActor.assumeIsolated {
            large?.server.shutdown()
            small?.server.shutdown()
            large = nil
            small = nil
        }
    }

    var notes: [String] { [] }
}

/// A hosted layer tree for the commit benchmarks: a root with rows of 100 small leaves each,
/// committed and presented once before measuring.
@MainActor
final class HostedTree {
    let server: RenderServer
    let host: LayerTreeHost
    let root = Layer()
    private(set) var leaves: [Layer] = []

    init(layerCount: Int, leafSize: Size = Size(width: 4, height: 4), contents: Image? = nil) {
        server = try! RenderServer(size: Size(width: 1280, height: 800), scale: 1, presenter: HeadlessPresenter())
        root.frame = Rect(x: 0, y: 0, width: 1280, height: 800)
        let perRow = 100
        var row: Layer?
        for index in 0..<(layerCount - 1) {
            if index % perRow == 0 {
                let newRow = Layer()
                newRow.frame = Rect(x: 0, y: Double(index / perRow % 200) * leafSize.height, width: 1280, height: leafSize.height)
                root.addSublayer(newRow)
                row = newRow
                continue
            }
            let leaf = Layer()
            leaf.frame = Rect(origin: Point(x: Double(index % perRow) * leafSize.width, y: 0), size: leafSize)
            leaf.contents = contents
            row?.addSublayer(leaf)
            leaves.append(leaf)
        }
        host = LayerTreeHost(rootLayer: root, renderServer: server)
        Transaction.flush()
        waitForLastCommit()
    }

    /// A whole-point position for leaf `index` inside `area`, spread evenly and deterministically
    /// (leaves are in rows, so this is relative to the leaf's row at y = 0).
    func leaf(_ index: Int, spreadOver area: Size) -> Point {
        let row = leaves[index].superlayer?.frame.minY ?? 0
        let x = Double((index &* 373) % Int(area.width - 120))
        let y = Double((index &* 151) % Int(area.height - 40)) - row
        return Point(x: x, y: y)
    }

    /// Runs the main loop until the last commit's frame is presented (not timed).
    func waitForLastCommit() {
        if let commit = host.lastCommitID { server.waitForPresentation(ofCommit: commit, timeout: .seconds(60)) }
    }
}
