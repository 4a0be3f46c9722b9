import LaminaGraphics
@testable import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// An action that writes down each run, with what it was told.
@MainActor
private final class RecordingAction: Action {
    private(set) var runs: [(key: String, previous: LayerRenderState?)] = []

    nonisolated init() {}

    func run(forKey key: String, on layer: Layer, arguments: ActionArguments) {
        runs.append((key, arguments.previousPresentation))
    }
}

/// A delegate that answers the action search with what it was given, and counts the questions.
@MainActor
private final class ActionDelegate: LayerDelegate {
    var answer: (any Action)?
    private(set) var asked: [String] = []

    func action(for layer: Layer, forKey key: String) -> (any Action)? {
        asked.append(key)
        return answer
    }
}

/// A layer class with a default of its own for `opacity`.
private final class FadingDefaultLayer: Layer {
    nonisolated(unsafe) static var defaultAction: RecordingAction?

    override class func defaultAction(forKey key: String) -> (any Action)? {
        key == "opacity" ? defaultAction : super.defaultAction(forKey: key)
    }
}

/// Core Animation's action search — the delegate, then `actions`, then the class default; the
/// first non-nil answer ends it and `NullAction` runs nothing — and the implicit animation a
/// standalone layer's property change gets from it.
final class ActionSearchTests: LaminaTestCase {
    func test_theDelegateAnswersFirstAndEndsTheSearch() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let delegate = ActionDelegate()
            let fromDelegate = RecordingAction(), fromDictionary = RecordingAction()
            delegate.answer = fromDelegate
            scene.square.delegate = delegate
            scene.square.actions["opacity"] = fromDictionary
            let (_, trace) = recordingTrace { scene.square.opacity = 0.5 }
            XCTAssertEqual(delegate.asked, ["opacity"])
            XCTAssertEqual(fromDelegate.runs.map(\.key), ["opacity"])
            XCTAssertEqual(fromDelegate.runs.first?.previous?.opacity, 1, "the run sees what was on screen before")
            XCTAssertEqual(scene.square.opacity, 0.5, "and the model value is already the new one")
            XCTAssertTrue(fromDictionary.runs.isEmpty, "the search ended at the delegate")
            XCTAssertEqual(trace.occurrences(of: .actionSearch).map { $0.arguments["step"] }, ["delegate"])
            XCTAssertTrue(scene.square.animationKeys.isEmpty)
        }
    }

    func test_aNilFromTheDelegateGoesOnToTheActionsDictionary() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let delegate = ActionDelegate()
            let fromDictionary = RecordingAction()
            scene.square.delegate = delegate
            scene.square.actions["position"] = fromDictionary
            let (_, trace) = recordingTrace { scene.square.position = Point(x: 50, y: 20) }
            XCTAssertEqual(delegate.asked, ["position"])
            XCTAssertEqual(fromDictionary.runs.map(\.key), ["position"])
            XCTAssertEqual(trace.occurrences(of: .actionSearch).first?.arguments["step"], "actions")
        }
    }

    func test_aNullActionFromTheDelegateStopsTheSearchAndRunsNothing() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let delegate = ActionDelegate()
            delegate.answer = NullAction()
            let fromDictionary = RecordingAction()
            scene.square.delegate = delegate
            scene.square.actions["opacity"] = fromDictionary
            let (_, trace) = recordingTrace { scene.square.opacity = 0.5 }
            XCTAssertTrue(fromDictionary.runs.isEmpty)
            XCTAssertTrue(scene.square.animationKeys.isEmpty, "no implicit animation either")
            let search = try XCTUnwrap(trace.occurrences(of: .actionSearch).first)
            XCTAssertEqual(search.arguments["step"], "delegate")
            XCTAssertEqual(search.arguments["action"], "NullAction")
        }
    }

    func test_aNullActionInTheDictionaryStopsTheSearchBeforeTheClassDefault() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            scene.square.actions["opacity"] = NullAction()
            scene.square.opacity = 0.5
            XCTAssertTrue(scene.square.animationKeys.isEmpty)
            XCTAssertNil(scene.square.action(forKey: "opacity").map { $0 as? BasicAnimation<Double> } ?? nil)
        }
    }

    func test_theClassDefaultAnswersLastAndASubclassCanReplaceIt() {
        onMainActor {
            let fromClass = RecordingAction()
            FadingDefaultLayer.defaultAction = fromClass
            defer { FadingDefaultLayer.defaultAction = nil }
            let layer = FadingDefaultLayer()
            let (_, trace) = recordingTrace { layer.opacity = 0.25 }
            XCTAssertEqual(fromClass.runs.map(\.key), ["opacity"])
            XCTAssertNil(fromClass.runs.first?.previous, "a layer never committed has no presentation")
            XCTAssertEqual(trace.occurrences(of: .actionSearch).first?.arguments["step"], "default")
            XCTAssertNotNil(layer.action(forKey: "position") as? BasicAnimation<Point>, "other keys keep Layer's default")
            XCTAssertNil(layer.action(forKey: "no such property"))
        }
    }

    func test_aStandaloneLayerAnimatesAChangeFromWhatWasOnScreenWithTheTransactionsTiming() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                scene.square.position = Point(x: 85, y: 20)
                let animation = try XCTUnwrap(scene.square.animation(forKey: "position") as? BasicAnimation<Point>)
                XCTAssertEqual(animation.duration, 0.25)
                XCTAssertEqual(animation.timingFunction, .default)
                XCTAssertEqual(animation.previousPresentationValue, Point(x: 15, y: 20))
                scene.flushAndWait()
                let first = try XCTUnwrap(scene.shownLeftEdge)
                XCTAssertTrue((10...16).contains(first), "the first frame, a tick after the commit, starts from the old place: \(first)")
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(125)))
                let halfway = try XCTUnwrap(scene.shownLeftEdge)
                XCTAssertTrue((20...70).contains(halfway), "on its way at \(halfway)")
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(200)))
                XCTAssertEqual(scene.shownLeftEdge, 80)
                XCTAssertTrue(scene.square.animationKeys.isEmpty, "it finished and left")
            }
        }
    }

    func test_aLayerNeverCommittedDoesNotAnimate() {
        onMainActor {
            let layer = Layer()
            layer.opacity = 0.5
            layer.position = Point(x: 3, y: 4)
            XCTAssertTrue(layer.animationKeys.isEmpty, "nothing of it was on screen to animate from")
        }
    }

    func test_disableActionsSkipsTheSearchForTheInnermostTransactionOnly() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let delegate = ActionDelegate()
            scene.square.delegate = delegate
            Transaction.begin()
            Transaction.disableActions = true
            scene.square.opacity = 0.5
            Transaction.begin()
            XCTAssertTrue(Transaction.disableActions, "a nested transaction inherits the setting")
            Transaction.disableActions = false
            scene.square.position = Point(x: 40, y: 20)
            Transaction.commit()
            XCTAssertTrue(Transaction.disableActions, "the outer one keeps its own")
            scene.square.cornerRadius = 2
            Transaction.commit()
            XCTAssertEqual(delegate.asked, ["position"])
            XCTAssertEqual(scene.square.animationKeys, ["position"])
            XCTAssertFalse(Transaction.disableActions, "the implicit transaction's default")
        }
    }

    func test_durationAndTimingFunctionComeFromTheInnermostTransaction() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            Transaction.begin()
            Transaction.animationDuration = 2
            Transaction.animationTimingFunction = .linear
            scene.square.opacity = 0.5
            Transaction.begin()
            XCTAssertEqual(Transaction.animationDuration, 2, "inherited")
            Transaction.animationDuration = 0.5
            scene.square.position = Point(x: 40, y: 20)
            var explicit = slide()
            explicit.duration = 0
            try scene.square.add(explicit, forKey: "explicit")
            Transaction.commit()
            scene.square.cornerRadius = 3
            Transaction.commit()
            XCTAssertEqual(scene.square.animation(forKey: "opacity")?.duration, 2)
            XCTAssertEqual(scene.square.animation(forKey: "opacity")?.timingFunction, .linear)
            XCTAssertEqual(scene.square.animation(forKey: "position")?.duration, 0.5)
            XCTAssertEqual(scene.square.animation(forKey: "position")?.timingFunction, .linear)
            XCTAssertEqual(scene.square.animation(forKey: "explicit")?.duration, 0.5, "a duration of 0 takes the transaction's")
            XCTAssertEqual(scene.square.animation(forKey: "cornerRadius")?.duration, 2)
            Transaction.animationDuration = -1
            Transaction.animationDuration = .nan
            XCTAssertEqual(Transaction.animationDuration, 0.25, "bad durations are ignored; the default is back after the commit")
        }
    }

    func test_aNestedTransactionsCompletionWaitsForItsOwnAnimationsOnly() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try AnimatedScene()
                defer { scene.shutdown() }
                var order: [String] = []
                Transaction.begin()
                Transaction.setCompletionBlock { order.append("outer") }
                try scene.square.add(slide(duration: 1), forKey: "long")
                Transaction.begin()
                Transaction.setCompletionBlock { order.append("inner") }
                try scene.square.add(BasicAnimation(keyPath: .opacity, from: 1.0, to: 0.5), forKey: "short")
                Transaction.commit()
                Transaction.commit()
                XCTAssertEqual(scene.square.animation(forKey: "short")?.duration, 0.25)
                scene.flushAndWait()
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(400)))
                XCTAssertEqual(order, ["inner"], "the inner block waits for the 0.25 s animation alone")
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(700)))
                XCTAssertEqual(order, ["inner", "outer"])
            }
        }
    }

    func test_orderingInAndOutOfATreeOnScreenRunsOnOrderInAndOnOrderOut() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let delegate = ActionDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            let detached = Layer()
            detached.addSublayer(layer)
            XCTAssertFalse(delegate.asked.contains(ActionKey.onOrderIn), "a tree no render server shows")
            scene.root.addSublayer(layer)
            scene.square.addSublayer(Layer())
            layer.isHidden = true
            layer.isHidden = false
            layer.removeFromSuperlayer()
            XCTAssertEqual(delegate.asked.filter { $0.hasPrefix("onOrder") },
                           [ActionKey.onOrderIn, ActionKey.onOrderOut, ActionKey.onOrderIn, ActionKey.onOrderOut],
                           "in (leaving the detached tree, not on screen, runs nothing), hidden, shown, removed")
        }
    }

    func test_sublayerChangesRunTheSuperlayersSublayersAction() throws {
        try onMainActor {
            let scene = try AnimatedScene()
            defer { scene.shutdown() }
            let action = RecordingAction()
            scene.root.actions[ActionKey.sublayers] = action
            let layer = Layer()
            scene.root.addSublayer(layer)
            layer.removeFromSuperlayer()
            XCTAssertEqual(action.runs.map(\.key), [ActionKey.sublayers, ActionKey.sublayers])
        }
    }
}
