import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The trace a learner follows across threads: one flow from the `setNeedsDisplay` that caused a
/// render, through the display queue and the main thread's commit, to the presented frame.
final class AsyncTraceTests: LaminaTestCase {
    func test_oneFlowJoinsTheMarkTheRenderOnItsQueueTheCommitAndThePresentedFrame() throws {
        try onMainActor {
            let server = try RenderServer(size: Size(width: 32, height: 16), scale: 1, presenter: HeadlessPresenter())
            defer { server.shutdown() }
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 32, height: 16)
            let host = LayerTreeHost(rootLayer: root, renderServer: server)
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 16, height: 8))
            root.addSublayer(layer)
            XCTAssertTrue(EventLoop.main.runUntilIdle())

            probe.state = 9
            let (_, trace) = recordingTrace {
                layer.setNeedsDisplay()
                layer.setNeedsDisplay()  // a second mark joins the first flow, it does not start one
                XCTAssertTrue(EventLoop.main.runUntilIdle(), "rendered, committed and presented")
            }
            let flow = try XCTUnwrap(trace.events.first { $0.name == "setNeedsDisplay" }?.flow)
            let steps = trace.events.filter { $0.flow == flow }
            XCTAssertEqual(steps.map(\.name), ["setNeedsDisplay", "display", "async display scheduled", "async render",
                                               "async contents committed", "contents committed", "presented"],
                           trace.timeline)
            XCTAssertEqual(steps.map(\.threadName).map { $0.hasPrefix("display ") ? "display queue" : $0 },
                           ["main", "main", "main", "display queue", "main", "main", "render server"])
            XCTAssertEqual(steps.last?.phase, .flowEnd)
            XCTAssertEqual(trace.events.filter { $0.name == "setNeedsDisplay" }.compactMap(\.flow), [flow])
            XCTAssertEqual(decodeState(try XCTUnwrap(layer.contents)), 9)
            _ = host
        }
    }

    func test_aCancelledRendersFlowEndsAtTheCheckThatCaughtIt() {
        onMainActor {
            let pool = DisplayQueuePool(queueCount: 1, name: "trace cancel")
            let probe = AsyncProbe(), gate = RenderGate()
            probe.gate = gate
            let layer = makeAsyncLayer(probe, pool: pool)
            let (_, trace) = recordingTrace {
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
                gate.waitForArrivals()
                layer.setNeedsDisplay()  // cancels the render held at the gate
                probe.gate = nil
                gate.open()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            let flows = trace.events.filter { $0.name == "setNeedsDisplay" }.compactMap(\.flow)
            XCTAssertEqual(flows.count, 2)
            let cancelled = trace.events.filter { $0.flow == flows[0] }.map(\.name)
            XCTAssertEqual(cancelled, ["setNeedsDisplay", "display", "async display scheduled", "async render",
                                       "async display cancelled"], trace.timeline)
            XCTAssertEqual(trace.events.first { $0.flow == flows[0] && $0.name == "async display cancelled" }?
                .arguments["at"], "after drawing")
            XCTAssertTrue(trace.events.contains { $0.flow == flows[1] && $0.name == "async contents committed" })
        }
    }

    func test_theChromeTraceDrawsTheFlowAsArrowsBetweenThreads() throws {
        try onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe)
            let recorder = TraceRecorder()
            Trace.start(into: recorder)
            layer.setNeedsDisplay()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            Trace.stop()
            let json = recorder.chromeTraceJSON()
            let flow = try XCTUnwrap(recorder.events.first { $0.name == "setNeedsDisplay" }?.flow)
            for phase in ["s", "f"] {
                XCTAssertTrue(json.contains("\"ph\":\"\(phase)\"") && json.contains("\"id\":\(flow.rawValue)"),
                              "flow \(flow) has a \(phase) event")
            }
        }
    }
}
