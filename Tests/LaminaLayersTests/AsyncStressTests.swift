import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// Random updates across many async layers, committed at random moments, while the display
/// queues render: no stale commit, no lost report, nothing left behind. A short run is part of
/// every `make test`; `LAMINA_STRESS=1` runs the full 100,000 updates across 200 layers
/// (`LAMINA_STRESS_SEED` picks another seed).
final class AsyncStressTests: LaminaTestCase {
    func test_randomUpdatesAcrossManyLayersEndWithEveryLayerShowingItsLastState() {
        let environment = ProcessInfo.processInfo.environment
        let full = environment["LAMINA_STRESS"] == "1"
        let seed = environment["LAMINA_STRESS_SEED"].flatMap(UInt64.init) ?? 0x5EED
        onMainActor {
            let scene = StressScene(layerCount: full ? 200 : 40, seed: seed)
            scene.run(updates: full ? 100_000 : 3_000)
            scene.verify()
        }
    }
}

/// Two containers of async layers — one committing per layer, one per container — hosted on a
/// render server, and the random updates made to them.
@MainActor
private final class StressScene {
    private let server: RenderServer
    private let host: LayerTreeHost
    private let root = Layer()
    private let containers = [Layer(), Layer()]
    private let pool = DisplayQueuePool(queueCount: 2, name: "stress")
    private var layers: [AsyncLayer] = []
    private var probes: [AsyncProbe] = []
    private var random: SplitMix
    private var nextState = 0

    init(layerCount: Int, seed: UInt64) {
        random = SplitMix(seed: seed)
        server = try! RenderServer(size: Size(width: 400, height: 400), scale: 1, presenter: HeadlessPresenter())
        root.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        host = LayerTreeHost(rootLayer: root, renderServer: server)
        containers[1].asyncCommitPolicy = .perContainer
        for container in containers { root.addSublayer(container) }
        for index in 0..<layerCount {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 8, height: 8), pool: pool)
            layer.position = Point(x: Double(index % 20) * 20 + 10, y: Double(index / 20) * 20 + 10)
            containers[index % 2].addSublayer(layer)
            probes.append(probe)
            layers.append(layer)
        }
    }

    func run(updates: Int) {
        for _ in 0..<updates { update() }
        // Everything that was removed comes back, so every layer must end showing its last state.
        for (index, layer) in layers.enumerated() where layer.superlayer == nil {
            containers[index % 2].addSublayer(layer)
        }
        XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: .seconds(120)), "settled")
    }

    /// One random update; now and then the loop turns (a commit), or runs until idle.
    private func update() {
        let index = random.next(below: layers.count)
        let layer = layers[index], probe = probes[index]
        switch random.next(below: 100) {
        case 0..<70:
            nextState += 1
            probe.state = nextState
            layer.setNeedsDisplay()
        case 70..<78:
            layer.bounds = Rect(x: 0, y: 0, width: Double(1 + random.next(below: 16)), height: Double(1 + random.next(below: 16)))
            layer.setNeedsDisplay()
        case 78..<82:
            layer.contentsScale = Double(1 + random.next(below: 3))
        case 82..<88:
            if layer.superlayer == nil { containers[index % 2].addSublayer(layer) } else { layer.removeFromSuperlayer() }
        case 88..<91:
            layer.displaysAsynchronously.toggle()
        case 91..<93:
            layer.inFlightContents = [.keepOldContents, .clearContents, .placeholder(.green)][random.next(below: 3)]
        case 93..<99:
            EventLoop.main.runOneIteration()
        default:
            XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: .seconds(60)))
        }
    }

    func verify() {
        for (index, (layer, probe)) in zip(layers, probes).enumerated() {
            XCTAssertEqual(layer.rendersInFlight, 0, "layer \(index)")
            XCTAssertEqual(probe.didDisplays.count, probe.tasksMade, "layer \(index): every task reported")
            let finished = probe.finishedStates
            XCTAssertEqual(finished, finished.sorted(), "layer \(index): an older state replaced a newer one")
            guard let contents = layer.contents else { XCTFail("layer \(index) has no contents"); continue }
            XCTAssertEqual(decodeState(contents), probe.state, "layer \(index) shows its last state")
            XCTAssertEqual(contents.size, layer.bounds.size, "layer \(index): never a stretched bitmap")
            XCTAssertEqual(contents.scale, layer.contentsScale, "layer \(index)")
        }
        XCTAssertEqual(EventLoop.main.outstandingWork, 0)
        XCTAssertEqual(server.renderTreeStates().count, layers.count + 3, "the render tree holds every layer")
        tearDownAndCheckForLeaks()
    }

    /// Lets go of every layer; none may be kept alive by a render, a group or a queue.
    private func tearDownAndCheckForLeaks() {
        let weakLayers = layers.map { WeakLayer($0) }
        for layer in layers { layer.removeFromSuperlayer() }
        layers = []
        Transaction.flush()
        XCTAssertTrue(EventLoop.main.runUntilIdle())
        XCTAssertEqual(weakLayers.filter { $0.layer != nil }.count, 0, "layers leaked")
        server.shutdown()
        _ = host
    }
}

/// A weak reference to a layer.
@MainActor
private struct WeakLayer {
    weak var layer: AsyncLayer?
    init(_ layer: AsyncLayer) { self.layer = layer }
}
