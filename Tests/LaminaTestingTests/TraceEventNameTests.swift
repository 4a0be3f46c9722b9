import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import LaminaUI
import XCTest

/// Lamina's typed event names are the names the pipeline records: a trace of a window's frames
/// contains each of them.
final class TraceEventNameTests: LaminaTestCase {
    /// A view that draws on the main thread at the commit.
    @MainActor private final class Swatch: View {
        override var drawsContent: Bool { true }
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            context.fillColor = .red
            context.fill(bounds)
        }
    }

    func test_aSynchronousFrameRecordsTheCommitDisplayAndRenderNames() throws {
        try onMainActor {
            let window = try testWindow
            _ = window.snapshot()
            let (_, trace) = recordingTrace {
                let swatch = Swatch(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                window.addSubview(swatch)
                swatch.setNeedsDisplay()
                swatch.setNeedsLayout()
                _ = EventLoop.main.runUntilIdle()
                _ = window.snapshot()
            }
            let names: [TraceEventName] = [
                .implicitTransactionOpened, .setNeedsDisplay, .beforeWaiting, .transactionCommitObserver, .commit,
                .layoutPhase, .layoutSublayers, .displayPhase, .display, .commitPhase, .deltaSent, .submit,
                .tick, .frameClockTimer, .apply, .composite, .present, .run(mode: "default"),
            ]
            for name in names {
                XCTAssertGreaterThan(trace.count(name), 0, "\(name) not recorded\n\(trace.timeline)")
            }
            XCTAssertTrue(trace.occurs(inOrder: [.commit, .layoutPhase, .displayPhase, .commitPhase, .deltaSent,
                                                 .apply, .composite, .present]), trace.timeline)
            XCTAssertEqual(trace.threadNames(of: .present), ["render server"])
            XCTAssertEqual(trace.threadNames(of: .frameClockTimer), ["render server"], "the tick is the render thread's")
            XCTAssertEqual(trace.count(.frameRequested), 0, "a paced server makes frames at ticks, not on request")
            XCTAssertEqual(trace.count(TraceEventName(.transaction, "comit")), 0, "names of your own are strings")
        }
    }

    func test_anAsyncLabelsFrameRecordsTheAsyncDisplayNames() throws {
        try onMainActor {
            let window = try testWindow
            let label = AsyncLabel(frame: Rect(x: 0, y: 0, width: 80, height: 20))
            window.addSubview(label)
            _ = window.snapshot()
            let (_, trace) = recordingTrace {
                label.text = "async"
                _ = EventLoop.main.runUntilIdle()
                _ = window.snapshot()
            }
            let names: [TraceEventName] = [
                .asyncDisplayScheduled, .asyncRender, .asyncDraw, .textLayout, .textDraw, .imageMade,
                .asyncContentsCommitted, .contentsCommitted, .presented, .updateTransactionFlush, .block,
            ]
            for name in names {
                XCTAssertGreaterThan(trace.count(name) + Self.flowSteps(name, in: trace), 0, "\(name) not recorded\n\(trace.timeline)")
            }
            XCTAssertTrue(trace.threadNames(of: .asyncRender).allSatisfy { $0.hasPrefix("display") }, trace.timeline)
        }
    }

    /// Flow steps are not occurrences (they mark a point of a flow, not a moment of their own).
    private static func flowSteps(_ name: TraceEventName, in trace: RecordedTrace) -> Int {
        trace.events.filter { [.flowStart, .flowStep, .flowEnd].contains($0.phase) && name.matches($0) }.count
    }

    func test_namesCarryingAValueSpellTheirValueIn() {
        XCTAssertEqual(TraceEventName.run(mode: "tracking"), TraceEventName(.loop, "run tracking"))
        XCTAssertEqual(TraceEventName.observer(named: nil, order: 7), TraceEventName(.observer, "order 7"))
        XCTAssertEqual(TraceEventName.transactionCommitObserver.name,
                       "transactionCommit (\(EventLoop.Order.transactionCommit))")
        XCTAssertEqual(TraceEventName.updateTransactionObserver.name,
                       "updateTransaction (\(EventLoop.Order.updateTransaction))")
        XCTAssertEqual(TraceEventName.timer(named: nil), TraceEventName(.timer, "timer"))
        XCTAssertEqual(TraceEventName.wokenByTimer.description, "loop/woken by timer")
    }
}
