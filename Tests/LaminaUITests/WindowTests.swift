import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import LaminaUI
import XCTest

/// Views in a window: drawing happens at the commit, frames come from the render thread, and a
/// snapshot waits for the frame that shows every change.
final class WindowTests: LaminaTestCase {
    func test_aSnapshotShowsTheViewsDrawnAtTheWindowsScale() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 40, height: 30), scale: 2)
            let view = ProbeView(frame: Rect(x: 10, y: 5, width: 20, height: 10))
            window.addSubview(view)
            XCTAssertEqual(view.layer.contentsScale, 2, "a view's layer takes its window's scale")
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(image.width, 80)
            assertPixel(image, atPoint: Point(x: 12.5, y: 7.5), equals: .red)
            assertPixel(image, atPoint: Point(x: 2.5, y: 2.5), equals: .white)
            XCTAssertEqual(view.log.filter { $0.hasPrefix("draw") }.count, 1)
        }
    }

    func test_settingPropertiesManyTimesInOneTurnDrawsOnceAtTheCommitObserver() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 40, height: 30))
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
            window.addSubview(view)
            _ = window.snapshot()
            view.clearLog()
            for step in 0..<50 {
                view.fill = step.isMultiple(of: 2) ? .red : .blue
                view.setNeedsDisplay()
            }
            XCTAssertEqual(view.log, [])
            let (_, trace) = recordingTrace { EventLoop.main.runOneIteration() }
            XCTAssertEqual(view.log.filter { $0.hasPrefix("draw") }.count, 1)
            XCTAssertEqual(trace.count(.display), 1, trace.timeline)
            assertPixel(try XCTUnwrap(window.snapshot()), atPoint: Point(x: 5, y: 5), equals: .blue)
        }
    }

    func test_aPartialRedrawDamagesOnlyItsRectangleOnScreen() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 60, height: 40), scale: 2)
            let view = ProbeView(frame: Rect(x: 10, y: 5, width: 30, height: 20))
            window.addSubview(view)
            _ = window.snapshot()
            let presenter = try XCTUnwrap(window.presenter as? FrameRecorder)
            view.fill = .blue
            view.setNeedsDisplay(Rect(x: 2, y: 3, width: 4, height: 5))
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.lastFrame?.damage, [Rect(x: 24, y: 16, width: 8, height: 10)])
            assertPixel(image, atPoint: Point(x: 13, y: 9), equals: .blue)
            assertPixel(image, atPoint: Point(x: 20, y: 15), equals: .red)  // outside the dirty rectangle the old drawing stays
        }
    }

    func test_aCompletionBlockWithNoAnimationRunsRightAfterTheCommitAndPresentationWaitsForTheFrame() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 20, height: 20))
            _ = window.snapshot()
            let presenter = try XCTUnwrap(window.presenter as? FrameRecorder)
            var framesAtCompletion: Int?
            var framesAtPresentation: Int?
            window.backgroundColor = .green
            Transaction.setCompletionBlock {
                framesAtCompletion = presenter.frameCount
                guard let commit = window.lastCommitID else { return XCTFail("the commit sent nothing") }
                window.renderServer.onPresentation(ofCommit: commit) { framesAtPresentation = presenter.frameCount }
            }
            let framesBefore = presenter.frameCount
            EventLoop.main.runOneIteration()
            XCTAssertEqual(framesAtCompletion, framesBefore, "as in Core Animation: no animation added, so it runs at the commit")
            XCTAssertNil(framesAtPresentation, "the frame is not presented by the end of the commit")
            XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: .seconds(10)))
            XCTAssertEqual(framesAtPresentation, framesBefore + 1)
            assertPixel(try XCTUnwrap(presenter.lastFrame?.image), atPoint: Point(x: 3, y: 3), equals: .green)
        }
    }

    func test_theSlowAnimationsOptionRunsTheWindowsLayerTreeTenTimesSlowerAndDrawsNothing() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 20, height: 20))
            XCTAssertEqual(try DebugOverlays(parsing: "damage, slow-animations"), [.damage, .slowAnimations])
            XCTAssertFalse(DebugOverlays.all.contains(.slowAnimations), "all is every overlay, and this draws nothing")
            window.debugOverlays = [.slowAnimations]
            XCTAssertEqual(window.layer.speed, 0.1)
            XCTAssertEqual(window.debugOverlays.drawn, [])
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            XCTAssertEqual(view.layer.convertTime(10, from: nil), 1, "ten seconds of media time are one in the window")
            window.debugOverlays = [.damage]
            XCTAssertEqual(window.layer.speed, 1)
        }
    }

    func test_theRenderTreeOnTheRenderThreadEqualsTheLayerTreeAfterEachCommit() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 60, height: 60))
            var views: [View] = []
            for step in 0..<6 {
                let view = ProbeView(frame: Rect(x: Double(step) * 8, y: 4, width: 6, height: 6))
                (views.last ?? window).addSubview(view)
                views.append(view)
                _ = window.snapshot()
                assertRenderTreeMatches(window)
            }
            views[2].removeFromSuperview()
            views[4].alpha = 0.5
            window.addSubview(views[2])
            _ = window.snapshot()
            assertRenderTreeMatches(window)
        }
    }

    func test_windowsWithInvalidSizesOrScalesThrow() throws {
        try onMainActor {
            XCTAssertThrowsError(try makeWindow(size: Size(width: 0, height: 10)))
            XCTAssertThrowsError(try makeWindow(size: Size(width: .nan, height: 10)))
            XCTAssertThrowsError(try makeWindow(size: Size(width: 10, height: 10), scale: 0))
        }
    }
}

/// Compares every layer of the window's tree with the render server's copy (clear-box).
@MainActor
func assertRenderTreeMatches(_ window: Window, file: StaticString = #filePath, line: UInt = #line) {
    let states = window.renderServer.renderTreeStates()
    var expected: [LayerID: [LayerID]] = [:]
    func visit(_ layer: Layer) {
        expected[layer.id] = layer.sublayers.map(\.id)
        layer.sublayers.forEach(visit)
    }
    visit(window.layer)
    XCTAssertEqual(Set(states.keys), Set(expected.keys), file: file, line: line)
    for (id, sublayers) in expected {
        XCTAssertEqual(states[id]?.sublayers, sublayers, "sublayers of \(id)", file: file, line: line)
    }
    func compare(_ layer: Layer) {
        let state = states[layer.id]
        XCTAssertEqual(state?.frame, layer.frame, file: file, line: line)
        XCTAssertEqual(state?.opacity, layer.opacity, file: file, line: line)
        XCTAssertEqual(state?.contents, layer.contents, file: file, line: line)
        layer.sublayers.forEach(compare)
    }
    compare(window.layer)
    XCTAssertEqual(window.renderServer.renderTreeRoot(), window.layer.id, file: file, line: line)
}
