import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The display protocol: marks are batched, drained once at the commit (or by
/// `displayIfNeeded`), and each path calls its delegate methods in Core Animation's order.
final class LayerDisplayTests: LaminaTestCase {
    func test_manySetNeedsDisplayCallsInOneTurnDrawOnceAtTheCommitObserver() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10), delegate: delegate)
            for _ in 0..<100 { layer.setNeedsDisplay() }
            XCTAssertEqual(delegate.calls, [], "marking never draws")
            XCTAssertTrue(layer.needsDisplay)
            let (_, trace) = recordingTrace { EventLoop.main.runOneIteration() }
            XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("draw") }.count, 1)
            XCTAssertFalse(layer.needsDisplay)
            XCTAssertNotNil(layer.contents)
            XCTAssertTrue(trace.occurs(inOrder: [.transactionCommitObserver, .commit,
                                                 .displayPhase, .display]),
                          trace.timeline)
            EventLoop.main.runOneIteration()
            XCTAssertEqual(delegate.calls.filter { $0.hasPrefix("draw") }.count, 1, "nothing left to draw")
        }
    }

    func test_theBackingStorePathCallsLayerWillDrawThenDrawAndSetsContentsAtTheContentsScale() throws {
        try onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10), delegate: delegate)
            delegate.name(layer, as: "L")
            layer.contentsScale = 2
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertEqual(delegate.calls, ["layerWillDraw L", "draw L"])
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.width, 40)
            XCTAssertEqual(contents.scale, 2)
            XCTAssertEqual(contents.pixel(x: 5, y: 5), .red)
        }
    }

    func test_aDisplayDelegateProvidesContentsAndNothingElseIsCalled() throws {
        try onMainActor {
            let image = try GraphicsContext.makeImage(width: 2, height: 2) { $0.fill($0.bounds) }
            let delegate = ContentsProvidingDelegate(image: image)
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10), delegate: delegate)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertEqual(delegate.calls, ["display"])
            XCTAssertEqual(layer.contents, image)
        }
    }

    func test_displayIfNeededDrainsAtOnceAndDoesNothingWithoutAMark() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            layer.displayIfNeeded()
            XCTAssertEqual(delegate.calls, [])
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            layer.displayIfNeeded()
            let draws = { delegate.calls.filter { $0.hasPrefix("draw") }.count }
            XCTAssertEqual(draws(), 1)
            EventLoop.main.runOneIteration()
            XCTAssertEqual(draws(), 1, "the commit finds nothing left to display")
        }
    }

    func test_aSubclassOverridingDrawInContextDrawsWithoutADelegate() throws {
        final class Circle: Layer {
            override func draw(in context: GraphicsContext) {
                context.fillColor = .blue
                context.fillEllipse(in: bounds)
            }
        }
        try onMainActor {
            let layer = Circle()
            layer.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.pixel(x: 5, y: 5), .blue)
            XCTAssertEqual(contents.pixel(x: 0, y: 0), .clear)
        }
    }

    func test_aPartialRedrawKeepsThePixelsOutsideTheDirtyRectAndIsClippedToIt() throws {
        try onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10), delegate: delegate)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            delegate.fill = .green
            delegate.reset()
            layer.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 5, height: 5))
            layer.setNeedsDisplay(in: Rect(x: 10, y: 0, width: 2, height: 2))
            layer.displayIfNeeded()
            XCTAssertEqual(delegate.drawnRects, [Rect(x: 0, y: 0, width: 12, height: 5)])
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.pixel(x: 2, y: 2), .green)
            XCTAssertEqual(contents.pixel(x: 11, y: 4), .green)
            XCTAssertEqual(contents.pixel(x: 15, y: 8), .red, "outside the dirty rect the old pixels stay")
        }
    }

    func test_aBoundsChangeForcesAFullRedrawEvenWhenOnlyAPartWasMarked() throws {
        try onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20, height: 10), delegate: delegate)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            layer.bounds = Rect(x: 0, y: 0, width: 30, height: 10)
            delegate.fill = .green
            layer.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 2, height: 2))
            layer.displayIfNeeded()
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.width, 30)
            XCTAssertEqual(contents.pixel(x: 25, y: 8), .green)
        }
    }

    func test_anOpaqueLayersStoreIsFilledWhiteThenWithItsBackgroundColour() throws {
        try onMainActor {
            final class Nothing: LayerDelegate {}
            let delegate = Nothing()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            layer.isOpaque = true
            layer.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            let contents = try XCTUnwrap(layer.contents)
            XCTAssertEqual(contents.format, .rgb24)
            XCTAssertTrue(contents.pixel(x: 1, y: 1) ≈ Color(red: 0.5, green: 0.5, blue: 1))
        }
    }

    func test_aLayerUnderOnePointGetsNoContentsAndNoDrawCall() {
        onMainActor {
            let delegate = RecordingDelegate()
            for size in [Size(width: 0, height: 10), Size(width: 10, height: 0.5)] {
                let layer = makeLayer(Rect(origin: .zero, size: size), delegate: delegate)
                layer.contents = try? Image(width: 1, height: 1, format: .rgb24) { _, _ in }
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
                XCTAssertNil(layer.contents)
            }
            XCTAssertFalse(delegate.calls.contains { $0.hasPrefix("draw") })
        }
    }

    func test_aBackingStoreOverTheCapIsRefusedNotAllocated() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 20_000, height: 10), delegate: delegate)
            let (_, trace) = recordingTrace {
                layer.setNeedsDisplay()
                layer.displayIfNeeded()
            }
            XCTAssertNil(layer.contents)
            XCTAssertFalse(delegate.calls.contains { $0.hasPrefix("draw") })
            XCTAssertEqual(trace.count(.backingStoreRefused), 1)
            let saved = BackingStoreLimits.current
            defer { BackingStoreLimits.current = saved }
            BackingStoreLimits.current = BackingStoreLimits(maximumDimension: 100, maximumBytes: 1000)
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)  // 1600 bytes
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
            XCTAssertNil(layer.contents)
        }
    }

    func test_aContentsScaleChangeRedrawsAtTheNewScaleReadWhenTheDisplayStarts() throws {
        try onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), delegate: delegate)
            layer.setNeedsDisplay()
            layer.contentsScale = 3  // after the mark, before the display: read now
            layer.displayIfNeeded()
            XCTAssertEqual(try XCTUnwrap(layer.contents).width, 30)
            layer.contentsScale = 2
            XCTAssertTrue(layer.needsDisplay)
            EventLoop.main.runOneIteration()
            XCTAssertEqual(try XCTUnwrap(layer.contents).width, 20)
        }
    }

    func test_aContentsScaleChangeKeepsContentsThatWereSetRatherThanDrawn() throws {
        try onMainActor {
            let image = try GraphicsContext.makeImage(width: 2, height: 2) { $0.fill($0.bounds) }
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), delegate: RecordingDelegate())
            layer.contents = image
            layer.contentsScale = 2
            XCTAssertFalse(layer.needsDisplay, "redrawing would replace the image with a blank store")
            XCTAssertEqual(layer.contents, image)
        }
    }
}
