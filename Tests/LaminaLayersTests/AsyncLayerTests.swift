import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// An async layer's display: the task's steps, in order, on the right threads, with the values
/// read when the display starts.
final class AsyncLayerTests: LaminaTestCase {
    func test_contentsAppearOnlyAfterTheRenderOnADisplayQueueComesBack() throws {
        try onMainActor {
            let probe = AsyncProbe(), gate = RenderGate()
            probe.state = 42
            probe.gate = gate
            let layer = makeAsyncLayer(probe)
            let (_, trace) = try recordingTrace {
                layer.setNeedsDisplay()
                EventLoop.main.runOneIteration()
                XCTAssertFalse(layer.needsDisplay, "the commit displayed the layer")
                XCTAssertEqual(probe.willDisplayCount, 1, "willDisplay ran on the main thread, at the display")
                XCTAssertEqual(layer.rendersInFlight, 1)
                gate.waitForArrivals()
                XCTAssertNil(layer.contents, "the render is held at the gate")
                XCTAssertTrue(probe.didDisplays.isEmpty)
                gate.open()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                let contents = try XCTUnwrap(layer.contents)
                XCTAssertEqual(decodeState(contents), 42)
                XCTAssertEqual(probe.finishedStates, [42])
                XCTAssertEqual(layer.rendersInFlight, 0)
            }
            let renderThreads = trace.threadNames(of: .asyncRender)
            XCTAssertEqual(renderThreads.count, 1)
            XCTAssertTrue(renderThreads.allSatisfy { $0.hasPrefix("display ") }, "\(renderThreads)")
            XCTAssertEqual(trace.threadNames(of: .asyncContentsCommitted), ["main"])
            XCTAssertTrue(trace.occurs(inOrder: [.display, .asyncDisplayScheduled,
                                                 .asyncRender, .imageMade,
                                                 .asyncContentsCommitted]), trace.timeline)
        }
    }

    func test_theSynchronousPathRunsTheSameTaskInsideTheDisplayWithIdenticalPixels() throws {
        try onMainActor {
            let probe = AsyncProbe()
            probe.state = 0x123456
            probe.extraDrawing = { context, size in
                context.fillColor = Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6)
                context.fillEllipse(in: Rect(x: 1, y: 0.5, width: size.width - 2, height: size.height - 1))
            }
            let synchronous = makeAsyncLayer(probe, size: Size(width: 13, height: 7))
            synchronous.contentsScale = 2
            synchronous.displaysAsynchronously = false
            let asynchronous = makeAsyncLayer(probe, size: Size(width: 13, height: 7))
            asynchronous.contentsScale = 2

            synchronous.setNeedsDisplay()
            let (_, trace) = recordingTrace { synchronous.displayIfNeeded() }
            XCTAssertEqual(probe.finishedStates, [0x123456], "didDisplay ran before displayIfNeeded returned")
            XCTAssertEqual(synchronous.rendersInFlight, 0)
            XCTAssertEqual(trace.threadNames(of: .asyncRender), ["main"])

            asynchronous.setNeedsDisplay()
            asynchronous.displayIfNeeded()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let syncPixels = try XCTUnwrap(synchronous.contents), asyncPixels = try XCTUnwrap(asynchronous.contents)
            XCTAssertEqual(syncPixels, asyncPixels)
            XCTAssertEqual(syncPixels.width, 26)
        }
    }

    func test_anOpaqueLayerIsFilledWhiteThenWithItsBackgroundColourBeforeTheTaskDraws() throws {
        try onMainActor {
            let layer = AsyncLayer()
            layer.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
            let delegate = TaskDelegate(AsyncDisplayTask(display: { _, _, _ in }))
            layer.delegate = delegate
            layer.isOpaque = true
            layer.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let opaque = try XCTUnwrap(layer.contents)
            XCTAssertTrue(opaque.isOpaque)
            XCTAssertTrue(opaque.pixel(x: 1, y: 1).isApproximatelyEqual(to: Color(red: 0.5, green: 0.5, blue: 1),
                                                                        tolerance: 1.0 / 255))

            layer.isOpaque = false
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let clear = try XCTUnwrap(layer.contents)
            XCTAssertEqual(clear.pixel(x: 1, y: 1).alpha, 0, "a layer that is not opaque starts transparent")
        }
    }

    func test_theScaleIsReadWhenTheDisplayStartsNotWhenTheLayerIsMade() throws {
        try onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 10, height: 5))
            layer.setNeedsDisplay()
            layer.contentsScale = 3
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.scale, 3)
            XCTAssertEqual(contents.width, 30)
            XCTAssertEqual(contents.height, 15)
        }
    }

    func test_aScaleChangeRedrawsTheContentsTheLayerRenderedButNotContentsSetFromOutside() throws {
        try onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 10, height: 5))
            layer.setNeedsDisplay()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            layer.contentsScale = 2
            XCTAssertTrue(layer.needsDisplay, "rendered contents are the layer's own drawing")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(try XCTUnwrap(layer.contents).width, 20)

            layer.contents = try GraphicsContext.makeImage(width: 10, height: 5, scale: 1, opaque: true) { _ in }
            layer.contentsScale = 3
            XCTAssertFalse(layer.needsDisplay, "contents set from outside are kept, as for any layer")
        }
    }

    func test_aLayerUnderOnePointGetsNoContentsAndFinishesWithoutARender() {
        onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 20, height: 20))
            layer.setNeedsDisplay()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNotNil(layer.contents)
            for size in [Size(width: 0.5, height: 20), Size(width: 20, height: 0.99), Size(width: 0, height: 0)] {
                layer.bounds = Rect(size: size)
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
                XCTAssertNil(layer.contents, "\(size)")
                XCTAssertEqual(layer.rendersInFlight, 0, "nothing scheduled")
                XCTAssertEqual(probe.didDisplays.last?.finished, true, "finished: there was nothing to draw")
            }
            XCTAssertEqual(probe.drawsStarted, 1, "only the first display drew")
        }
    }

    func test_aBitmapOverTheCapIsRefusedNeverAllocated() {
        onMainActor {
            let saved = BackingStoreLimits.current
            defer { BackingStoreLimits.current = saved }
            BackingStoreLimits.current = BackingStoreLimits(maximumDimension: 64, maximumBytes: 64 * 64 * 4)
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe, size: Size(width: 65, height: 10))
            let (_, trace) = recordingTrace {
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
            }
            XCTAssertNil(layer.contents)
            XCTAssertEqual(layer.rendersInFlight, 0)
            XCTAssertEqual(probe.drawsStarted, 0)
            XCTAssertEqual(probe.didDisplays.map(\.finished), [false])
            XCTAssertEqual(trace.count(.backingStoreRefused), 1)

            layer.bounds = Rect(x: 0, y: 0, width: 32, height: 32)
            layer.contentsScale = 2
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(layer.contents?.width, 64, "exactly at the cap is allowed")
        }
    }

    func test_aTaskWithoutADisplayStepClearsTheContentsAndFinishes() {
        onMainActor {
            let probe = AsyncProbe()
            let layer = makeAsyncLayer(probe)
            layer.setNeedsDisplay()
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertNotNil(layer.contents)
            let log = FinishLog()
            let delegate = TaskDelegate(AsyncDisplayTask(didDisplay: { _, finished in log.entries.append(finished) }))
            layer.delegate = delegate
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertNil(layer.contents)
            XCTAssertEqual(log.entries, [true])
        }
    }

    func test_withoutAnAsyncDelegateTheLayerDisplaysAsAPlainLayer() throws {
        try onMainActor {
            let delegate = RecordingDelegate()
            let layer = AsyncLayer()
            layer.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
            layer.delegate = delegate
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertEqual(delegate.calls.count, 2, "layerWillDraw and draw, on the main thread")
            XCTAssertEqual(try XCTUnwrap(layer.contents).pixel(x: 1, y: 1), .red)
        }
    }
}

/// A delegate returning a fixed task.
@MainActor
final class TaskDelegate: AsyncLayerDelegate {
    let task: AsyncDisplayTask
    init(_ task: AsyncDisplayTask) { self.task = task }
    func newAsyncDisplayTask() -> AsyncDisplayTask { task }
}

/// What `didDisplay` reported, main thread.
@MainActor
final class FinishLog {
    var entries: [Bool] = []
}
