import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// Views map onto their layers, lay out and draw through the layer's protocol, hit-test and
/// receive pointer events through the window.
final class ViewTests: LaminaTestCase {
    func test_frameBoundsAndCenterMapOntoTheLayer() {
        onMainActor {
            let view = View(frame: Rect(x: 10, y: 20, width: 40, height: 30))
            XCTAssertTrue(view.layer.delegate === view)
            XCTAssertEqual(view.center, Point(x: 30, y: 35))
            XCTAssertEqual(view.layer.position, view.center)
            XCTAssertEqual(view.bounds, Rect(x: 0, y: 0, width: 40, height: 30))
            view.center = Point(x: 50, y: 50)
            XCTAssertEqual(view.frame, Rect(x: 30, y: 35, width: 40, height: 30))
            view.frame = Rect(x: .nan, y: 0, width: 1, height: 1)
            XCTAssertEqual(view.frame, Rect(x: 30, y: 35, width: 40, height: 30), "NaN geometry is ignored")
        }
    }

    func test_aViewOfACustomLayerClassGetsThatLayer() {
        final class TiledLayer: Layer {}
        final class TiledView: View {
            override class var layerClass: Layer.Type { TiledLayer.self }
        }
        onMainActor {
            XCTAssertTrue(TiledView().layer is TiledLayer)
        }
    }

    func test_subviewLayersFollowTheSubviewOrder() {
        onMainActor {
            let parent = View(), a = View(), b = View(), c = View()
            parent.addSubview(a)
            parent.addSubview(c)
            parent.insertSubview(b, at: 1)
            XCTAssertTrue(parent.subviews.elementsEqual([a, b, c], by: ===))
            XCTAssertTrue(parent.layer.sublayers.elementsEqual([a.layer, b.layer, c.layer], by: ===))
            parent.bringSubviewToFront(a)
            XCTAssertTrue(parent.layer.sublayers.elementsEqual([b.layer, c.layer, a.layer], by: ===))
            parent.sendSubviewToBack(a)
            XCTAssertTrue(parent.layer.sublayers.elementsEqual([a.layer, b.layer, c.layer], by: ===))
            b.removeFromSuperview()
            XCTAssertNil(b.superview)
            XCTAssertNil(b.layer.superlayer)
            a.addSubview(parent)
            XCTAssertNil(parent.superview, "a view cannot become its own descendant")
        }
    }

    func test_layoutSubviewsRunsAtTheCommitBeforeDraw() {
        onMainActor {
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            settleTransactions()
            view.clearLog()
            view.setNeedsDisplay()
            view.setNeedsLayout()
            EventLoop.main.runOneIteration()
            XCTAssertEqual(view.log.first, "layoutSubviews")
            XCTAssertEqual(view.log.count, 2)
            XCTAssertTrue(view.log[1].hasPrefix("draw"))
        }
    }

    func test_aViewThatDoesNotDrawContentGetsNoBackingStore() {
        onMainActor {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.setNeedsDisplay()
            XCTAssertFalse(view.layer.needsDisplay)
            settleTransactions()
            XCTAssertNil(view.layer.contents)
        }
    }

    func test_setNeedsDisplayOfARectRedrawsOnlyThatRect() {
        onMainActor {
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            settleTransactions()
            view.clearLog()
            view.setNeedsDisplay(Rect(x: 2, y: 2, width: 4, height: 4))
            settleTransactions()
            XCTAssertEqual(view.log, ["draw (2, 2, 4×4)"])
        }
    }

    func test_sizeToFitTakesSizeThatFitsAndKeepsTheOrigin() {
        onMainActor {
            let view = ProbeView(frame: Rect(x: 5, y: 6, width: 1, height: 1))
            view.sizeToFit()
            XCTAssertEqual(view.frame, Rect(x: 5, y: 6, width: 30, height: 12))
            view.fittingSize = Size(width: .nan, height: 1)
            view.sizeToFit()
            XCTAssertEqual(view.frame.size, Size(width: 30, height: 12))
        }
    }

    func test_hitTestingFindsTheFrontmostVisibleInteractiveView() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 100, height: 100))
            let back = ProbeView(frame: Rect(x: 0, y: 0, width: 60, height: 60))
            let front = ProbeView(frame: Rect(x: 20, y: 20, width: 60, height: 60))
            let child = ProbeView(frame: Rect(x: 10, y: 10, width: 10, height: 10))
            window.addSubview(back)
            window.addSubview(front)
            front.addSubview(child)
            XCTAssertTrue(window.hitTest(Point(x: 10, y: 10)) === back)
            XCTAssertTrue(window.hitTest(Point(x: 40, y: 40)) === front)
            XCTAssertTrue(window.hitTest(Point(x: 35, y: 35)) === child)
            front.isHidden = true
            XCTAssertTrue(window.hitTest(Point(x: 40, y: 40)) === back)
            front.isHidden = false
            front.alpha = 0
            XCTAssertTrue(window.hitTest(Point(x: 40, y: 40)) === back)
            front.alpha = 1
            front.isUserInteractionEnabled = false
            XCTAssertTrue(window.hitTest(Point(x: 35, y: 35)) === back)
            XCTAssertTrue(window.hitTest(Point(x: 90, y: 90)) === window)
            XCTAssertNil(window.hitTest(Point(x: 190, y: 90)))
            XCTAssertNil(window.hitTest(Point(x: .nan, y: 1)))
        }
    }

    func test_movingTheBoundsOriginLaysTheViewOutAsScrollingNeeds() {
        onMainActor {
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.layoutIfNeeded()
            view.clearLog()
            view.bounds.origin.y = 40
            XCTAssertTrue(view.layer.needsLayout)
            view.layoutIfNeeded()
            XCTAssertEqual(view.log, ["layoutSubviews"])
            view.clearLog()
            view.bounds = view.bounds
            XCTAssertFalse(view.layer.needsLayout, "an unchanged bounds marks nothing")
        }
    }

    func test_pointerEventsAreStampedWithTheMainLoopsClock() {
        onMainActor {
            EventLoop.main.withVirtualClock(startingAt: EventLoop.Instant(nanoseconds: 5_000)) { clock in
                clock.advance(by: .milliseconds(3))
                let event = PointerEvent(phase: .down, location: .zero)
                XCTAssertEqual(event.timestamp, EventLoop.Instant(nanoseconds: 3_005_000))
            }
        }
    }

    func test_conversionsGoThroughTransformsAndScrolledBounds() {
        onMainActor {
            let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let scroller = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
            let item = View(frame: Rect(x: 0, y: 40, width: 10, height: 10))
            root.addSubview(scroller)
            scroller.addSubview(item)
            scroller.bounds = Rect(x: 0, y: 30, width: 50, height: 50)  // scrolled down 30
            XCTAssertEqual(item.convert(Point.zero, to: root), Point(x: 10, y: 20))
            XCTAssertEqual(root.convert(Point(x: 10, y: 20), to: item), .zero)
            item.transform = AffineTransform(scaleX: 2, y: 2)  // about its centre (5, 45)
            let corner = item.convert(Point.zero, to: scroller)
            XCTAssertEqual(corner.x, -5, accuracy: 1e-9)
            XCTAssertEqual(corner.y, 35, accuracy: 1e-9)
        }
    }

    func test_pointerEventsGoToTheViewThePointerWentDownOn() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 100, height: 100))
            let a = ProbeView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            let b = ProbeView(frame: Rect(x: 50, y: 0, width: 50, height: 50))
            window.addSubview(a)
            window.addSubview(b)
            a.clearLog()
            b.clearLog()
            window.send(PointerEvent(phase: .move, location: Point(x: 10, y: 10)))
            window.send(PointerEvent(phase: .down, location: Point(x: 10, y: 10)))
            window.send(PointerEvent(phase: .move, location: Point(x: 70, y: 10)))
            window.send(PointerEvent(phase: .up, location: Point(x: 70, y: 10)))
            window.send(PointerEvent(phase: .down, location: Point(x: 60, y: 10), pointerID: 2))
            window.send(PointerEvent(phase: .cancel, location: Point(x: 60, y: 10), pointerID: 2))
            window.send(PointerEvent(phase: .wheel(dx: 0, dy: 3), location: Point(x: 20, y: 20)))
            window.send(PointerEvent(phase: .down, location: Point(x: .nan, y: 0)))
            XCTAssertEqual(a.log, ["down (10, 10)", "move (70, 10)", "up (70, 10)", "wheel"])
            XCTAssertEqual(b.log, ["down (60, 10)", "cancel"])
        }
    }

    func test_unhandledPointerEventsTravelUpTheSuperviewChain() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 100, height: 100))
            let container = ProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let plain = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            window.addSubview(container)
            container.addSubview(plain)
            container.clearLog()
            window.send(PointerEvent(phase: .down, location: Point(x: 15, y: 15)))
            XCTAssertEqual(container.log, ["down (15, 15)"])
        }
    }

    func test_joiningAndLeavingAWindowIsReported() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 10, height: 10), scale: 3)
            let parent = View(), child = ProbeView()
            parent.addSubview(child)
            window.addSubview(parent)
            XCTAssertTrue(child.window === window)
            XCTAssertEqual(child.layer.contentsScale, 3)
            parent.removeFromSuperview()
            XCTAssertNil(child.window)
            XCTAssertEqual(child.log, ["moved to window", "left window"])
        }
    }
}
