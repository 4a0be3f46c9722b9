import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// Async results that reach the main thread in the same loop turn are committed together, and a
/// commit that only carries them moves nothing (`Transaction.geometryEpoch` stands still).
final class AsyncResultBatchingTests: LaminaTestCase {
    func test_resultsLandingInOneTurnCommitOnceWithTheSynchronousPathsPixels() throws {
        try onMainActor {
            let server = try RenderServer(size: Size(width: 100, height: 20), scale: 1, presenter: HeadlessPresenter())
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 100, height: 20)
            let host = LayerTreeHost(rootLayer: root, renderServer: server)
            let pool = DisplayQueuePool(queueCount: 2, name: "batching")
            let probes = (0..<4).map { index -> AsyncProbe in
                let probe = AsyncProbe()
                probe.state = 0x10 + index
                return probe
            }
            let layers = probes.enumerated().map { index, probe -> AsyncLayer in
                let layer = makeAsyncLayer(probe, pool: pool)
                layer.position = Point(x: Double(index) * 20 + 10, y: 10)
                root.addSublayer(layer)
                return layer
            }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            var commits = 0
            let observer = Transaction.addPhaseObserver(after: .commit) { _ in commits += 1 }
            defer { observer.invalidate() }

            for layer in layers { layer.setNeedsDisplay() }
            Transaction.flush()
            XCTAssertEqual(commits, 1, "the commit that starts the renders")
            // Every render is drawn and its result waits as a block before the loop turns.
            waitUntilQueuesAreIdle(pool)
            XCTAssertTrue(layers.allSatisfy { $0.contents == nil })
            let epoch = Transaction.geometryEpoch
            EventLoop.main.runOneIteration()
            XCTAssertEqual(commits, 2, "one commit for the four results")
            XCTAssertEqual(Transaction.geometryEpoch, epoch, "the results moved nothing")
            XCTAssertEqual(layers.map { $0.rendersInFlight }, [0, 0, 0, 0])
            XCTAssertEqual(probes.map(\.finishedStates), [[0x10], [0x11], [0x12], [0x13]])

            // The same tasks on the synchronous path give the same pixels.
            for (layer, probe) in zip(layers, probes) {
                let asynchronous = try XCTUnwrap(layer.contents)
                let twin = makeAsyncLayer(probe, pool: pool)
                twin.displaysAsynchronously = false
                twin.displayIfNeeded()
                twin.setNeedsDisplay()
                twin.displayIfNeeded()
                let synchronous = try XCTUnwrap(twin.contents)
                XCTAssertEqual(asynchronous, synchronous)
            }
            withExtendedLifetime(host) {}
        }
    }
}
