import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// `Transaction.geometryEpoch`: it advances with everything that can move or hide a layer, and
/// stands still for commits that only carry contents (what lets a visibility check skip them).
final class GeometryEpochTests: LaminaTestCase {
    func test_contentsAloneLeaveTheEpochWhereItWas() throws {
        try onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            settleTransactions()
            let before = Transaction.geometryEpoch
            layer.contents = try GraphicsContext.makeImage(width: 10, height: 10) { $0.fill($0.bounds) }
            Transaction.flush()
            layer.contents = nil
            Transaction.flush()
            XCTAssertEqual(Transaction.geometryEpoch, before)
            // Setting a property to the value it has is no change either.
            layer.position = layer.position
            layer.isHidden = false
            Transaction.flush()
            XCTAssertEqual(Transaction.geometryEpoch, before)
        }
    }

    func test_everyPropertyThatCanMoveOrHideALayerAdvancesIt() {
        onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            settleTransactions()
            let changes: [(String, () -> Void)] = [
                ("position", { layer.position = Point(x: 40, y: 40) }),
                ("bounds origin", { layer.bounds.origin = Point(x: 0, y: 7) }),
                ("bounds size", { layer.bounds.size = Size(width: 12, height: 12) }),
                ("anchor point", { layer.anchorPoint = .zero }),
                ("transform", { layer.transform = AffineTransform(scaleX: 2, y: 2) }),
                ("sublayer transform", { layer.sublayerTransform = AffineTransform(translationX: 3, y: 0) }),
                ("hidden", { layer.isHidden = true }),
                ("opacity", { layer.opacity = 0 }),
                ("clipping", { layer.masksToBounds = true }),
            ]
            for (name, change) in changes {
                let before = Transaction.geometryEpoch
                change()
                XCTAssertNotEqual(Transaction.geometryEpoch, before, name)
                Transaction.flush()
            }
        }
    }

    func test_aCommitWithLayoutMarksAdvancesItEvenWhenTheLayoutRanEarly() {
        onMainActor {
            let parent = makeLayer(Rect(x: 0, y: 0, width: 50, height: 50))
            settleTransactions()
            var before = Transaction.geometryEpoch
            parent.setNeedsLayout()
            Transaction.flush()
            XCTAssertNotEqual(Transaction.geometryEpoch, before, "a layout pass")
            // A sublayer joining advances it at once, and marks the parent for layout; an early
            // layoutIfNeeded clears that flag but the commit still counts the mark.
            before = Transaction.geometryEpoch
            let child = Layer()
            parent.addSublayer(child)
            XCTAssertNotEqual(Transaction.geometryEpoch, before, "a sublayer joining, before any commit")
            parent.layoutIfNeeded()
            before = Transaction.geometryEpoch
            Transaction.flush()
            XCTAssertNotEqual(Transaction.geometryEpoch, before, "the commit that adds a sublayer")
            before = Transaction.geometryEpoch
            child.removeFromSuperlayer()
            XCTAssertNotEqual(Transaction.geometryEpoch, before, "a sublayer leaving, before any commit")
            before = Transaction.geometryEpoch
            Transaction.flush()
            XCTAssertNotEqual(Transaction.geometryEpoch, before, "the commit that removes it")
        }
    }

    func test_asyncResultsLandingDoNotAdvanceIt() {
        onMainActor {
            let probe = AsyncProbe()
            let layers = (0..<4).map { _ in makeAsyncLayer(probe) }
            settleTransactions()
            let before = Transaction.geometryEpoch
            for layer in layers { layer.setNeedsDisplay() }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(probe.didDisplays.count, 4)
            XCTAssertTrue(layers.allSatisfy { $0.contents != nil })
            XCTAssertEqual(Transaction.geometryEpoch, before)
        }
    }
}
