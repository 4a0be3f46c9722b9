import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// `Transaction.addLayoutPhaseObserver`: a callback after phase 1 (layout) of every commit,
/// before phase 2 (display), until it is invalidated or released.
final class LayoutPhaseObserverTests: LaminaTestCase {
    func test_theObserverRunsAfterLayoutAndBeforeDisplayInEveryCommit() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), delegate: delegate)
            delegate.name(layer, as: "layer")
            settleTransactions()
            delegate.reset()
            // What the delegate had recorded when the observer ran: the layout, not the drawing.
            var seenByObserver: [[String]] = []
            let observer = Transaction.addLayoutPhaseObserver { seenByObserver.append(delegate.calls) }
            layer.setNeedsLayout()
            layer.setNeedsDisplay()
            Transaction.flush()
            XCTAssertEqual(seenByObserver, [["layout layer"]])
            XCTAssertEqual(delegate.calls, ["layout layer", "layerWillDraw layer", "draw layer"])
            // A commit with no layout at all still calls it: a scroll lays out nothing below.
            delegate.reset()
            layer.position = Point(x: 20, y: 20)
            Transaction.flush()
            XCTAssertEqual(seenByObserver.count, 2)
            observer.invalidate()
            XCTAssertFalse(observer.isValid)
            layer.position = Point(x: 30, y: 30)
            Transaction.flush()
            XCTAssertEqual(seenByObserver.count, 2)
        }
    }

    func test_aReleasedObserverStopsAndAMarkMadeInsideItIsCommitted() {
        onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            settleTransactions()
            var runs = 0
            var observer: CommitPhaseObserver? = Transaction.addLayoutPhaseObserver {
                runs += 1
                layer.backgroundColor = .red
            }
            layer.position = Point(x: 5, y: 5)
            Transaction.flush()
            XCTAssertEqual(runs, 1)
            XCTAssertEqual(layer.backgroundColor, .red)
            XCTAssertNotNil(observer)
            observer = nil
            layer.position = Point(x: 6, y: 6)
            Transaction.flush()
            XCTAssertEqual(runs, 1)
        }
    }
}
