import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The sentinel: a stale render never wins, every cancelled task still reports, and late results
/// for layers that left the tree or no longer exist are dropped.
final class AsyncCancellationTests: LaminaTestCase {
    func test_tenThousandMarksWhileRendersAreInFlightEndWithOneCommittedImageOfTheLastState() throws {
        try onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 64, height: 32))
            for state in 1...10_000 {
                probe.state = state
                layer.setNeedsDisplay()
                if state % 50 == 0 { EventLoop.main.runOneIteration() }  // a commit: a new render starts
            }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(decodeState(contents), 10_000)
            XCTAssertEqual(probe.finishedStates.filter { $0 == 10_000 }.count, 1, "exactly one committed image for it")
            XCTAssertEqual(probe.finishedStates.last, 10_000)
            XCTAssertEqual(probe.finishedStates, probe.finishedStates.sorted(), "no older state ever replaced a newer one")
            XCTAssertEqual(probe.didDisplays.count, probe.tasksMade, "every task reported, cancelled or not")
            XCTAssertEqual(probe.tasksMade, 200)
            XCTAssertEqual(layer.rendersInFlight, 0)
        }
    }

    func test_cancelledTasksReportDidDisplayFalseAtTheCheckThatCaughtThem() throws {
        try onMainActor {
            let pool = DisplayQueuePool(queueCount: 1, name: "cancel")
            let probe = AsyncProbe(), gate = RenderGate()
            probe.gate = gate
            let layer = makeAsyncLayer(probe, pool: pool)
            let (_, trace) = recordingTrace {
                probe.state = 1
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
                gate.waitForArrivals()  // render 1 is drawing, held at the gate
                probe.state = 2
                layer.setNeedsDisplay()
                layer.displayIfNeeded()  // render 2 waits behind it on the one queue
                probe.state = 3
                probe.gate = nil
                layer.setNeedsDisplay()
                layer.displayIfNeeded()  // render 3 will draw
                gate.open()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(probe.didDisplays.map(\.state), [1, 2, 3])
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false, false, true])
            XCTAssertEqual(probe.drawsStarted, 2, "render 2 stopped before drawing")
            let points = trace.occurrences(of: .asyncDisplayCancelled).compactMap { $0.arguments["at"] }
            XCTAssertEqual(points, ["after drawing", "before drawing"], trace.timeline)
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 3)
        }
    }

    func test_aResultThatArrivesAfterANewMarkIsDroppedOnTheMainThread() throws {
        try onMainActor {
            let pool = DisplayQueuePool(queueCount: 1, name: "late")
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, pool: pool)
            probe.state = 7
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            waitUntilQueuesAreIdle(pool)  // the image is made and posted, not yet received
            probe.state = 8
            let (_, trace) = recordingTrace {
                layer.setNeedsDisplay()  // stale now: the main thread's check catches it
                EventLoop.main.runOneIteration()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(probe.didDisplays.map(\.state), [7, 8])
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false, true])
            XCTAssertEqual(trace.occurrences(of: .asyncDisplayCancelled).first?.arguments["at"],
                           "on the main thread")
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 8)
        }
    }

    func test_aRemovedLayersLateResultIsDroppedAndTheLayerRedrawsWhenItJoinsATreeAgain() {
        onMainActor {
            let probe = AsyncProbe(), gate = RenderGate()
            probe.gate = gate
            let parent = Layer()
            let layer = makeAsyncLayer(probe)
            parent.addSublayer(layer)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            gate.waitForArrivals()
            layer.removeFromSuperlayer()
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNil(layer.contents, "the result would show nowhere")
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false])
            XCTAssertFalse(layer.needsDisplay)

            probe.gate = nil
            parent.addSublayer(layer)
            XCTAssertTrue(layer.needsDisplay, "the render it lost is made again")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNotNil(layer.contents)
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false, true])
        }
    }

    func test_aDeallocatedLayersLateResultIsDroppedWithoutACrash() {
        onMainActor {
            let probe = AsyncProbe(), gate = RenderGate()
            probe.gate = gate
            weak var weakLayer: AsyncLayer?
            do {
                let layer = makeAsyncLayer(probe)
                weakLayer = layer
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
                gate.waitForArrivals()
                Transaction.flush()  // the transaction lets go of the layer
            }
            XCTAssertNil(weakLayer, "nothing in flight keeps the layer alive")
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(probe.didDisplays.isEmpty, "didDisplay has no layer to report")
            XCTAssertEqual(EventLoop.main.outstandingWork, 0)
        }
    }
}
