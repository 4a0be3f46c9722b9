import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The named policies of Docs/05-async-display.md: what shows while a render is in flight, and
/// when results reach the screen — per layer, or per container.
final class AsyncDisplayPolicyTests: LaminaTestCase {
    func test_byDefaultTheOldContentsStayUntilTheNewOnesLand() throws {
        try onMainActor {
            let (layer, probe, gate) = try displayedLayer(state: 1)
            XCTAssertEqual(layer.inFlightContents, .keepOldContents)
            let old = try XCTUnwrap(layer.contents)
            redisplay(layer, probe, state: 2, gate: gate)
            XCTAssertEqual(layer.contents, old)
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 2)
        }
    }

    func test_clearingPolicyEmptiesTheLayerWhileTheRenderIsInFlight() throws {
        try onMainActor {
            let (layer, probe, gate) = try displayedLayer(state: 1)
            layer.inFlightContents = .clearContents
            redisplay(layer, probe, state: 2, gate: gate)
            XCTAssertNil(layer.contents)
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 2)
        }
    }

    func test_placeholderPolicyShowsAFlatColourOfTheNewSizeWhileTheRenderIsInFlight() throws {
        try onMainActor {
            let (layer, probe, gate) = try displayedLayer(state: 1)
            layer.inFlightContents = .placeholder(.green)
            layer.contentsScale = 2
            redisplay(layer, probe, state: 2, gate: gate)
            let placeholder = try XCTUnwrap(layer.contents)
            XCTAssertEqual(placeholder.pixel(x: 3, y: 3), .green)
            XCTAssertEqual(placeholder.size, layer.bounds.size)
            XCTAssertEqual(placeholder.scale, 2)
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 2)
        }
    }

    func test_oldContentsOfAnotherSizeAreNeverShownStretchedWhileTheRenderIsInFlight() throws {
        try onMainActor {
            let (layer, probe, gate) = try displayedLayer(state: 1)
            layer.bounds = Rect(x: 0, y: 0, width: 30, height: 10)  // a reused cell, given another row
            redisplay(layer, probe, state: 2, gate: gate)
            XCTAssertNil(layer.contents, "the old bitmap would be stretched")
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(try XCTUnwrap(layer.contents).size, Size(width: 30, height: 10))

            layer.contentsScale = 3
            redisplay(layer, probe, state: 3, gate: gate)
            XCTAssertNil(layer.contents, "a scale change makes the old bitmap wrong too")
            gate.open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
        }
    }

    func test_perLayerCommitSetsEachLayersContentsAsSoonAsItsOwnRenderFinishes() {
        onMainActor {
            let scenario = GroupScenario(policy: .perLayer)
            scenario.finishFirstTwo()
            XCTAssertNotNil(scenario.layers[0].contents)
            XCTAssertNotNil(scenario.layers[1].contents)
            XCTAssertNil(scenario.layers[2].contents)
            scenario.gates[2].open()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(scenario.layers.allSatisfy { $0.contents != nil })
        }
    }

    func test_perContainerCommitSetsEveryLayersContentsTogetherInOneMainThreadBlock() {
        onMainActor {
            let scenario = GroupScenario(policy: .perContainer)
            let (_, trace) = recordingTrace {
                scenario.finishFirstTwo()
                XCTAssertTrue(scenario.layers.allSatisfy { $0.contents == nil }, "two of three are back, none shows")
                scenario.gates[2].open()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertTrue(scenario.layers.allSatisfy { $0.contents != nil })
            let groups = trace.occurrences(of: .asyncGroupCommitted)
            XCTAssertEqual(groups.count, 1, trace.timeline)
            XCTAssertEqual(groups.first?.arguments["layers"], "3")
            XCTAssertEqual(scenario.probes.map { $0.finishedStates.count }, [1, 1, 1])
        }
    }

    func test_aGroupedRenderCancelledMeanwhileIsReportedAndTheOthersStillCommit() throws {
        try onMainActor {
            let scenario = GroupScenario(policy: .perContainer)
            scenario.probes[1].state = 5
            scenario.probes[1].gate = nil
            scenario.layers[1].setNeedsDisplay()  // cancels render 1; its redisplay joins the next group
            scenario.gates.forEach { $0.open() }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            // The redisplay's group may land before or after the first group: the two reports
            // come in either order, and the stale one never sets contents.
            let reports = scenario.probes[1].didDisplays
            XCTAssertEqual(reports.count, 2)
            XCTAssertEqual(reports.first { !$0.finished }?.state, 0, "the cancelled render reported")
            XCTAssertEqual(reports.first { $0.finished }?.state, 5)
            XCTAssertEqual(decodeState(try XCTUnwrap(scenario.layers[1].contents)), 5)
            XCTAssertEqual(scenario.probes[0].finishedStates, [0], "the others still commit")
            XCTAssertEqual(scenario.probes[2].finishedStates, [0])
        }
    }
}

/// A layer displayed once (state `state`), its gate ready for the next render.
@MainActor
private func displayedLayer(state: Int) throws -> (AsyncLayer, AsyncProbe, RenderGate) {
    let probe = AsyncProbe()
    let layer = makeAsyncLayer(probe, size: Size(width: 12, height: 6))
    probe.state = state
    layer.setNeedsDisplay()
    XCTAssertTrue(EventLoop.main.runUntilIdle())
    let gate = RenderGate()
    probe.gate = gate
    return (layer, probe, gate)
}

/// Marks `layer` with a new state and displays it; the render is held at `gate`.
@MainActor
private func redisplay(_ layer: AsyncLayer, _ probe: AsyncProbe, state: Int, gate: RenderGate) {
    probe.state = state
    layer.setNeedsDisplay()
    layer.displayIfNeeded()
    gate.waitForArrivals()
}

/// A container layer with three async sublayers on a pool of three queues, each render held at
/// its own gate.
@MainActor
private final class GroupScenario {
    let container = Layer()
    let pool = DisplayQueuePool(queueCount: 3, name: "group")
    let probes = [AsyncProbe(), AsyncProbe(), AsyncProbe()]
    let gates = [RenderGate(), RenderGate(), RenderGate()]
    var layers: [AsyncLayer] = []

    init(policy: AsyncCommitPolicy) {
        container.asyncCommitPolicy = policy
        for (probe, gate) in zip(probes, gates) {
            probe.gate = gate
            let layer = makeAsyncLayer(probe, pool: pool)
            container.addSublayer(layer)
            layer.setNeedsDisplay()
            layers.append(layer)
        }
        EventLoop.main.runOneIteration()  // one commit displays all three
        for gate in gates { gate.waitForArrivals() }
    }

    /// Lets the first two renders finish and the main loop receive their results.
    func finishFirstTwo() {
        gates[0].open()
        gates[1].open()
        while pool.loads.reduce(0, +) > 1 || EventLoop.main.outstandingWork > 1 {
            EventLoop.main.runOneIteration()
        }
        EventLoop.main.runOneIteration()
    }
}
