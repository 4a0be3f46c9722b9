import LaminaGraphics
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A 100×40 window on white with a red 10×10 view centred at (15, 20), on the main loop's
/// virtual clock, for view animation blocks frame by frame.
@MainActor
private final class BlockScene {
    let recorder = FrameRecorder(capacity: 240)
    let window: Window
    let square = View(frame: Rect(x: 10, y: 15, width: 10, height: 10))

    init() throws {
        window = try Window(size: Size(width: 100, height: 40), presenter: recorder)
        window.backgroundColor = .white
        square.backgroundColor = .red
        window.addSubview(square)
        XCTAssertNotNil(window.snapshot())
    }

    /// The x of the square's left edge in the last frame (row 20); nil when nothing is red.
    var shownLeftEdge: Int? {
        guard let image = recorder.lastFrame?.image else { return nil }
        return (0..<image.width).first {
            let pixel = image.pixel(x: $0, y: 20)
            return pixel.red - pixel.green > 0.5
        }
    }

    /// Advances one frame at a time for `seconds`, returning the left edge each frame showed.
    func edges(over seconds: Double) -> [Int?] {
        (0..<Int((seconds * 60).rounded())).map { _ in
            XCTAssertTrue(EventLoop.main.advance(by: FrameClock.sixtyHertz))
            return shownLeftEdge
        }
    }

    /// Sends the square from x 15 to 85 over a second and, half-way, back to 15 with `options`;
    /// returns the edges shown through both, the animation keys just after the second block and
    /// the two blocks' completions.
    func interruptedSlide(options: ViewAnimationOptions) -> (edges: [Int], keys: [String], completions: [Bool]) {
        var completions: [Bool] = []
        View.animate(withDuration: 1) { self.square.center = Point(x: 85, y: 20) } completion: { completions.append($0) }
        var edges = self.edges(over: 0.5).compactMap { $0 }
        View.animate(withDuration: 1, options: options) {
            self.square.center = Point(x: 15, y: 20)
        } completion: { completions.append($0) }
        let keys = square.layer.animationKeys
        edges += self.edges(over: 1.1).compactMap { $0 }
        return (edges, keys, completions)
    }
}

/// The largest move of the square's edge from one frame to the next.
private func largestStep(in edges: [Int]) -> Int {
    zip(edges, edges.dropFirst()).map { abs($1 - $0) }.max() ?? 0
}

/// UIKit's animation blocks on Lamina's views: no implicit animation outside a block, an
/// additive animation of each view property changed inside one, with its options, nesting,
/// completion and interruption.
final class ViewAnimationTests: LaminaTestCase {
    func test_aViewsLayerNeverAnimatesOutsideABlock() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                scene.square.center = Point(x: 85, y: 20)
                scene.square.alpha = 0.9
                scene.square.backgroundColor = .red
                XCTAssertTrue(scene.square.layer.animationKeys.isEmpty)
                XCTAssertNotNil(scene.window.snapshot())
                XCTAssertEqual(scene.shownLeftEdge, 80, "the next frame shows the new place")
            }
        }
    }

    func test_insideABlockTheChangeAnimatesWhileTheModelAndHitTestingHaveTheNewValue() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                var finished: Bool?
                View.animate(withDuration: 1, options: [.curveLinear, .allowUserInteraction]) {
                    scene.square.center = Point(x: 85, y: 20)
                } completion: { finished = $0 }
                XCTAssertEqual(scene.square.layer.animationKeys, ["position"])
                XCTAssertEqual(scene.square.center, Point(x: 85, y: 20), "the model value changed at once")
                XCTAssertTrue(scene.window.hitTest(Point(x: 85, y: 20)) === scene.square, "hit testing uses the model")
                XCTAssertTrue(scene.window.hitTest(Point(x: 15, y: 20)) === scene.window)
                let edges = scene.edges(over: 1.1).compactMap { $0 }
                XCTAssertEqual(edges.count, 66)
                for (earlier, later) in zip(edges, edges.dropFirst()) { XCTAssertGreaterThanOrEqual(later, earlier) }
                XCTAssertEqual(Double(edges[29]), 10 + 70 * 0.5, accuracy: 2.5, "linear: halfway at half the duration")
                XCTAssertEqual(edges.last, 80)
                XCTAssertEqual(finished, true)
                XCTAssertTrue(scene.square.layer.animationKeys.isEmpty)
            }
        }
    }

    func test_withoutAllowUserInteractionAnAnimatedViewIsNotHitUntilItsAnimationsStop() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                View.animate(withDuration: 0.5) { scene.square.alpha = 0.5 }
                XCTAssertTrue(scene.window.hitTest(Point(x: 15, y: 20)) === scene.window)
                _ = scene.edges(over: 0.6)
                XCTAssertTrue(scene.window.hitTest(Point(x: 15, y: 20)) === scene.square)
            }
        }
    }

    func test_performWithoutAnimationAndZeroDurationChangeAtOnce() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                View.animate(withDuration: 1) {
                    View.performWithoutAnimation {
                        XCTAssertFalse(View.areAnimationsEnabled)
                        scene.square.center = Point(x: 50, y: 20)
                    }
                    XCTAssertTrue(View.areAnimationsEnabled)
                    scene.square.alpha = 0.5
                }
                XCTAssertEqual(scene.square.layer.animationKeys, ["opacity"])
                View.animate(withDuration: 0) { scene.square.transform = AffineTransform(scaleX: 2, y: 2) }
                XCTAssertEqual(scene.square.layer.animationKeys, ["opacity"], "a zero duration animates nothing")
            }
        }
    }

    func test_aNestedBlockInheritsTheOuterDurationAndCurveUnlessItOverridesThem() throws {
        try onMainActor {
            let scene = try BlockScene()
            View.animate(withDuration: 2, options: .curveLinear) {
                View.animate(withDuration: 0.5, options: .curveEaseIn) { scene.square.center = Point(x: 50, y: 20) }
                View.animate(withDuration: 0.5, options: [.curveEaseIn, .overrideInheritedDuration, .overrideInheritedCurve]) {
                    scene.square.alpha = 0.5
                }
            }
            let moved = try XCTUnwrap(scene.square.layer.animation(forKey: "position"))
            XCTAssertEqual(moved.duration, 2)
            XCTAssertEqual(moved.timingFunction, .linear)
            let faded = try XCTUnwrap(scene.square.layer.animation(forKey: "opacity"))
            XCTAssertEqual(faded.duration, 0.5)
            XCTAssertEqual(faded.timingFunction, .easeIn)
        }
    }

    func test_completionSaysFalseWhenAnAnimationIsRemovedAndRunsNextTurnWhenNothingAnimated() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                var results: [String] = []
                View.animate(withDuration: 1) { scene.square.alpha = 0.5 } completion: { results.append("removed \($0)") }
                View.animate(withDuration: 1) {} completion: { results.append("empty \($0)") }
                XCTAssertEqual(results, [], "not during the call")
                _ = scene.edges(over: 0.1)
                XCTAssertEqual(results, ["empty true"])
                scene.square.layer.removeAllAnimations()
                _ = scene.edges(over: 0.1)
                XCTAssertEqual(results, ["empty true", "removed false"])
            }
        }
    }

    func test_interruptingWithANewValueContinuesFromWhatIsOnScreen() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let run = try BlockScene().interruptedSlide(options: [])
                XCTAssertEqual(run.keys, ["position", "position#2"], "the second adds to the first")
                // Ease in-out over 70 points in 1 s moves at most ~2 points a frame; the two
                // motions added at most about twice that. Never a jump.
                XCTAssertLessThanOrEqual(largestStep(in: run.edges), 4, "\(run.edges)")
                XCTAssertEqual(run.edges.last, 10)
                XCTAssertEqual(run.completions, [true, true], "both ran to their end")
            }
        }
    }

    func test_beginFromCurrentStateReplacesTheRunningAnimationFromWhatIsOnScreen() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let run = try BlockScene().interruptedSlide(options: .beginFromCurrentState)
                XCTAssertEqual(run.keys, ["position"])
                XCTAssertLessThanOrEqual(largestStep(in: run.edges), 3, "\(run.edges)")
                XCTAssertEqual(run.edges.last, 10)
                XCTAssertEqual(run.completions, [false, true], "the replaced animation did not finish")
            }
        }
    }

    func test_aSpringBlockOvershootsAndSettlesOnTheNewValueWithinTheDuration() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                var finished: Bool?
                View.animate(withDuration: 1, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
                    scene.square.center = Point(x: 55, y: 20)
                } completion: { finished = $0 }
                let edges = scene.edges(over: 1.1).compactMap { $0 }
                XCTAssertGreaterThan(edges.max() ?? 0, 52, "past the target (50) before it settles")
                XCTAssertEqual(edges.last, 50)
                XCTAssertEqual(finished, true)
            }
        }
    }

    func test_repeatAndAutoreverseAndADelay() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try BlockScene()
                View.animate(withDuration: 0.5, delay: 0.25, options: [.repeat, .autoreverse, .curveLinear]) {
                    scene.square.center = Point(x: 85, y: 20)
                }
                let animation = try XCTUnwrap(scene.square.layer.animation(forKey: "position"))
                XCTAssertEqual(animation.repeatCount, .infinity)
                XCTAssertTrue(animation.autoreverses)
                let edges = scene.edges(over: 1.5).compactMap { $0 }
                XCTAssertEqual(edges[8], 10, "during the delay the old value shows")
                XCTAssertEqual(Double(edges.max() ?? 0), 80, accuracy: 2)
                XCTAssertEqual(Double(edges[74]), 10, accuracy: 3, "back at the start at 1.25 s: the delay, there and back")
                XCTAssertFalse(scene.square.layer.animationKeys.isEmpty, "it repeats for ever")
            }
        }
    }

    func test_theLayoutSubviewsOptionAnimatesTheSubviewsALayoutMoves() throws {
        try onMainActor {
            let scene = try BlockScene()
            let child = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            let parent = StretchingView(frame: Rect(x: 0, y: 0, width: 20, height: 20), child: child)
            scene.window.addSubview(parent)
            XCTAssertNotNil(scene.window.snapshot())
            View.animate(withDuration: 0.5, options: .layoutSubviews) {
                parent.frame = Rect(x: 0, y: 0, width: 40, height: 20)
            }
            XCTAssertEqual(child.frame.origin.x, 35, "laid out inside the block")
            XCTAssertEqual(child.layer.animationKeys, ["position"])
            View.animate(withDuration: 0.5) { parent.frame = Rect(x: 0, y: 0, width: 30, height: 20) }
            XCTAssertTrue(child.layer.animationKeys == ["position"], "without the option the layout waits for the commit")
        }
    }
}

/// Keeps its child at its right edge.
@MainActor
private final class StretchingView: View {
    let child: View

    init(frame: Rect, child: View) {
        self.child = child
        super.init(frame: frame)
        addSubview(child)
    }

    override func layoutSubviews() {
        child.frame.origin.x = bounds.width - child.frame.width
    }
}
