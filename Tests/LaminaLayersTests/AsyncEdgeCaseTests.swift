import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The cases a first implementation gets wrong: sizes that are not whole pixels, absurd sizes
/// and scales, a scale change mid-render, groups that open late or lose a layer.
final class AsyncEdgeCaseTests: LaminaTestCase {
    func test_hugeFiniteSizesAndScalesAreRefusedOnBothPathsNeverConverted() {
        onMainActor {
            let plain = Layer()
            plain.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            plain.delegate = RecordingDelegate()
            plain.contentsScale = 1e300
            let probe = AsyncProbe()
            let wide = makeAsyncLayer(probe, size: Size(width: 1e20, height: 10))
            let synchronous = makeAsyncLayer(probe, size: Size(width: 10, height: 1e300))
            synchronous.displaysAsynchronously = false
            let (_, trace) = recordingTrace {
                for layer in [plain, wide, synchronous] {
                    layer.setNeedsDisplay()
                    layer.displayIfNeeded()
                }
            }
            XCTAssertEqual(trace.count(.backingStoreRefused), 3, trace.timeline)
            XCTAssertTrue([plain, wide, synchronous].allSatisfy { $0.contents == nil })
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false, false])
            XCTAssertEqual(probe.drawsStarted, 0)
        }
    }

    func test_aFractionalSizeKeepsTheOldContentsWhileTheRenderIsInFlight() throws {
        try onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 12.3, height: 6.5))
            layer.contentsScale = 3
            probe.state = 1
            layer.setNeedsDisplay()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let old = try XCTUnwrap(layer.contents)
            XCTAssertEqual(old.width, 37)
            let gate = RenderGate()
            probe.gate = gate
            probe.state = 2
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            gate.waitForArrivals()
            XCTAssertTrue(try XCTUnwrap(layer.contents).isIdentical(to: old), "no flash: the same pixels still fit")
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 2)
        }
    }

    func test_layersOfOneSizeShareOnePlaceholderBitmap() throws {
        try onMainActor {
            let gate = RenderGate()
            let pool = DisplayQueuePool(queueCount: 3, name: "placeholder")  // one queue per held render
            let probes = [AsyncProbe(), AsyncProbe(), AsyncProbe()]
            let layers = probes.map { probe -> AsyncLayer in
                probe.gate = gate
                let layer = makeAsyncLayer(probe, size: Size(width: 10.5, height: 4), pool: pool)
                layer.inFlightContents = .placeholder(.blue)
                return layer
            }
            for layer in layers { layer.setNeedsDisplay() }
            Transaction.flush()
            let placeholders = try layers.map { try XCTUnwrap($0.contents) }
            XCTAssertTrue(placeholders.allSatisfy { $0.isIdentical(to: placeholders[0]) })
            XCTAssertEqual(placeholders[0].pixel(x: 2, y: 2), .blue)
            gate.waitForArrivals(layers.count)
            gate.open(layers.count)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(probes.map { $0.finishedStates.count }, [1, 1, 1])
        }
    }

    func test_aScaleChangeWhileARenderIsInFlightRedrawsAtTheNewScale() throws {
        try onMainActor {
            let probe = AsyncProbe(), gate = RenderGate()
            probe.gate = gate
            // One queue: the redraw waits behind the stale render, so the reports come in order.
            let pool = DisplayQueuePool(queueCount: 1, name: "scale change")
            let layer = makeAsyncLayer(probe, size: Size(width: 10, height: 5), pool: pool)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()  // the first render: no contents yet
            gate.waitForArrivals()
            layer.contentsScale = 2  // a view joining a 2× window
            XCTAssertTrue(layer.needsDisplay, "the render in flight is at the old scale")
            probe.gate = nil
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.scale, 2)
            XCTAssertEqual(contents.width, 20)
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false, true])
        }
    }

    func test_aGroupOpenedAfterTheDisplayPhaseClosedTheOthersStillCommits() {
        onMainActor {
            let container = Layer()
            container.asyncCommitPolicy = .perContainer
            let pool = DisplayQueuePool(queueCount: 1, name: "late group")
            let first = AsyncProbe(), second = AsyncProbe()
            let firstLayer = makeAsyncLayer(first, pool: pool), secondLayer = makeAsyncLayer(second, pool: pool)
            container.addSublayer(firstLayer)
            container.addSublayer(secondLayer)
            let chain = ChainedDisplay(next: secondLayer)
            first.onFinish = { chain.displayNext() }  // runs while the first group commits
            firstLayer.setNeedsDisplay()
            firstLayer.displayIfNeeded()  // the group opens outside a commit…
            waitUntilQueuesAreIdle(pool)  // …and its render is back before the commit closes it
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNotNil(firstLayer.contents)
            XCTAssertNotNil(secondLayer.contents, "the late group was closed by the next transaction")
            XCTAssertEqual(second.finishedStates.count, 1)
        }
    }

    func test_aLayerDeallocatedInsideAGroupDoesNotHoldBackItsSiblings() {
        onMainActor {
            let container = Layer()
            container.asyncCommitPolicy = .perContainer
            let pool = DisplayQueuePool(queueCount: 2, name: "vanish")
            let survivor = AsyncProbe(), doomed = AsyncProbe(), gate = RenderGate()
            doomed.gate = gate
            let kept = makeAsyncLayer(survivor, pool: pool)
            container.addSublayer(kept)
            weak var weakDoomed: AsyncLayer?
            do {
                let layer = makeAsyncLayer(doomed, pool: pool)
                weakDoomed = layer
                container.addSublayer(layer)
                kept.setNeedsDisplay()
                layer.setNeedsDisplay()
                Transaction.flush()
                gate.waitForArrivals()
                layer.removeFromSuperlayer()
                Transaction.flush()
            }
            XCTAssertNil(weakDoomed)
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNotNil(kept.contents, "the group committed without the vanished layer")
            XCTAssertEqual(survivor.finishedStates.count, 1)
        }
    }
}

/// Displays a layer from inside another layer's `didDisplay`.
@MainActor
private final class ChainedDisplay {
    let next: AsyncLayer
    init(next: AsyncLayer) { self.next = next }

    func displayNext() {
        next.setNeedsDisplay()
        next.displayIfNeeded()
    }
}
