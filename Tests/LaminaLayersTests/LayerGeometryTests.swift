import LaminaGraphics
import LaminaLayers
import LaminaTesting
import LaminaLoop
import XCTest

/// Geometry, the tree, conversion and hit-testing, with Core Animation's defaults and rules.
final class LayerGeometryTests: LaminaTestCase {
    func test_aNewLayerHasCoreAnimationsDefaults() {
        onMainActor {
            let layer = Layer()
            XCTAssertEqual(layer.anchorPoint, Point(x: 0.5, y: 0.5))
            XCTAssertEqual(layer.contentsScale, 1)
            XCTAssertEqual(layer.contentsGravity, .resize)
            XCTAssertFalse(layer.masksToBounds)
            XCTAssertFalse(layer.needsDisplayOnBoundsChange)
            XCTAssertFalse(layer.isOpaque)
            XCTAssertEqual(layer.opacity, 1)
            XCTAssertTrue(layer.allowsGroupOpacity)
            XCTAssertEqual(layer.shadowOffset, Size(width: 0, height: -3))
            XCTAssertEqual(layer.shadowOpacity, 0)
            XCTAssertEqual(layer.bounds, .zero)
            XCTAssertEqual(layer.contentsRect, Rect(x: 0, y: 0, width: 1, height: 1))
        }
    }

    func test_theFrameDerivesFromBoundsPositionAnchorAndTransform() {
        onMainActor {
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
            layer.position = Point(x: 100, y: 50)
            XCTAssertEqual(layer.frame, Rect(x: 80, y: 40, width: 40, height: 20))
            layer.anchorPoint = .zero
            XCTAssertEqual(layer.frame, Rect(x: 100, y: 50, width: 40, height: 20))
            layer.transform = AffineTransform(scaleX: 2, y: 3)
            XCTAssertEqual(layer.frame, Rect(x: 100, y: 50, width: 80, height: 60))
            layer.transform = .identity
            layer.frame = Rect(x: 10, y: 10, width: 30, height: 30)
            XCTAssertEqual(layer.position, Point(x: 10, y: 10), "anchor (0, 0) puts the position at the origin")
            XCTAssertEqual(layer.bounds.size, Size(width: 30, height: 30))
        }
    }

    func test_nanAndInfiniteGeometryIsIgnored() {
        onMainActor {
            let layer = Layer()
            layer.frame = Rect(x: 1, y: 2, width: 3, height: 4)
            let before = (layer.bounds, layer.position, layer.anchorPoint, layer.transform)
            layer.bounds = Rect(x: 0, y: 0, width: .nan, height: 1)
            layer.position = Point(x: .infinity, y: 0)
            layer.anchorPoint = Point(x: .nan, y: 0)
            layer.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            layer.frame = Rect(x: .nan, y: .nan, width: .nan, height: .nan)
            layer.zPosition = .nan
            layer.opacity = .nan
            layer.cornerRadius = -1
            layer.borderWidth = .infinity
            layer.contentsScale = 0
            XCTAssertEqual(layer.bounds, before.0)
            XCTAssertEqual(layer.position, before.1)
            XCTAssertEqual(layer.anchorPoint, before.2)
            XCTAssertEqual(layer.transform, before.3)
            XCTAssertEqual(layer.zPosition, 0)
            XCTAssertEqual(layer.opacity, 1)
            XCTAssertEqual(layer.cornerRadius, 0)
            XCTAssertEqual(layer.borderWidth, 0)
            XCTAssertEqual(layer.contentsScale, 1)
            layer.opacity = 7
            XCTAssertEqual(layer.opacity, 1, "clamped")
        }
    }

    func test_theTreeKeepsOrderMovesLayersAndRefusesCycles() {
        onMainActor {
            let root = Layer(), a = Layer(), b = Layer(), c = Layer()
            root.addSublayer(a)
            root.addSublayer(c)
            root.insertSublayer(b, below: c)
            XCTAssertTrue(root.sublayers.elementsEqual([a, b, c], by: ===))
            root.insertSublayer(a, above: c)
            XCTAssertTrue(root.sublayers.elementsEqual([b, c, a], by: ===))
            b.addSublayer(a)
            XCTAssertTrue(a.superlayer === b)
            XCTAssertTrue(root.sublayers.elementsEqual([b, c], by: ===))
            a.addSublayer(root)
            XCTAssertNil(root.superlayer, "a layer cannot be added under its own descendant")
            a.addSublayer(a)
            XCTAssertTrue(a.sublayers.isEmpty)
            root.replaceSublayer(c, with: a)
            XCTAssertTrue(root.sublayers.elementsEqual([b, a], by: ===))
            XCTAssertNil(c.superlayer)
            XCTAssertTrue(a.rootLayer === root)
        }
    }

    func test_pointsConvertBetweenAnyTwoLayersThroughTransformsAndScrolling() {
        onMainActor {
            let root = makeLayer(Rect(x: 0, y: 0, width: 200, height: 200))
            let left = makeLayer(Rect(x: 10, y: 10, width: 50, height: 50))
            let right = makeLayer(Rect(x: 100, y: 0, width: 50, height: 50))
            root.addSublayer(left)
            root.addSublayer(right)
            XCTAssertEqual(left.convert(Point(x: 5, y: 5), to: right), Point(x: -85, y: 15))
            XCTAssertEqual(right.convert(Point(x: -85, y: 15), to: left), Point(x: 5, y: 5))
            right.bounds = Rect(x: 0, y: 20, width: 50, height: 50)  // scrolled
            XCTAssertEqual(left.convert(Point(x: 5, y: 5), to: right), Point(x: -85, y: 35))
            left.transform = AffineTransform(rotationAngle: .pi / 2)  // about its centre (35, 35)
            let p = left.convert(Point(x: 0, y: 0), to: root)
            XCTAssertEqual(p.x, 60, accuracy: 1e-9)
            XCTAssertEqual(p.y, 10, accuracy: 1e-9)
            root.sublayerTransform = AffineTransform(scaleX: 2, y: 2)  // about the root's centre
            let q = root.convert(Point(x: 0, y: 0), from: right)
            XCTAssertEqual(q.x, 2 * 100 - 100, accuracy: 1e-9)
            XCTAssertEqual(q.y, 2 * -20 - 100, accuracy: 1e-9)
            XCTAssertEqual(left.convert(left.convert(Point(x: 3, y: 4), to: nil), from: nil).x, 3, accuracy: 1e-9)
        }
    }

    func test_hitTestingHonoursHiddenOpacityZeroMasksToBoundsAndZPosition() {
        onMainActor {
            let root = makeLayer(Rect(x: 0, y: 0, width: 100, height: 100))
            let a = makeLayer(Rect(x: 0, y: 0, width: 50, height: 50))
            let b = makeLayer(Rect(x: 25, y: 25, width: 50, height: 50))
            let overflow = makeLayer(Rect(x: 40, y: 40, width: 30, height: 30))  // pokes out of a
            root.addSublayer(a)
            root.addSublayer(b)
            a.addSublayer(overflow)
            XCTAssertTrue(root.hitTest(Point(x: 30, y: 30)) === b, "later siblings are in front")
            a.zPosition = 1
            XCTAssertTrue(root.hitTest(Point(x: 30, y: 30)) === a, "zPosition wins over order")
            XCTAssertTrue(root.hitTest(Point(x: 60, y: 60)) === overflow)
            a.masksToBounds = true
            XCTAssertTrue(root.hitTest(Point(x: 60, y: 60)) === b, "masksToBounds clips hit-testing")
            b.isHidden = true
            XCTAssertTrue(root.hitTest(Point(x: 60, y: 60)) === root)
            a.opacity = 0
            XCTAssertTrue(root.hitTest(Point(x: 30, y: 30)) === root)
            XCTAssertNil(root.hitTest(Point(x: 150, y: 30)))
        }
    }

    func test_contentsGravityPlacesContentsForAllTwelveValues() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let content = Size(width: 20, height: 10)
        let expected: [ContentsGravity: Rect] = [
            .resize: bounds,
            .resizeAspect: Rect(x: 0, y: 0, width: 100, height: 50),
            .resizeAspectFill: Rect(x: 0, y: 0, width: 100, height: 50),
            .center: Rect(x: 40, y: 20, width: 20, height: 10),
            .top: Rect(x: 40, y: 0, width: 20, height: 10),
            .bottom: Rect(x: 40, y: 40, width: 20, height: 10),
            .left: Rect(x: 0, y: 20, width: 20, height: 10),
            .right: Rect(x: 80, y: 20, width: 20, height: 10),
            .topLeft: Rect(x: 0, y: 0, width: 20, height: 10),
            .topRight: Rect(x: 80, y: 0, width: 20, height: 10),
            .bottomLeft: Rect(x: 0, y: 40, width: 20, height: 10),
            .bottomRight: Rect(x: 80, y: 40, width: 20, height: 10),
        ]
        for gravity in ContentsGravity.allCases {
            XCTAssertEqual(gravity.rect(forContentSize: content, in: bounds), expected[gravity], "\(gravity)")
        }
        let tall = Size(width: 10, height: 20)
        XCTAssertEqual(ContentsGravity.resizeAspect.rect(forContentSize: tall, in: bounds), Rect(x: 37.5, y: 0, width: 25, height: 50))
        XCTAssertEqual(ContentsGravity.resizeAspectFill.rect(forContentSize: tall, in: bounds), Rect(x: 0, y: -75, width: 100, height: 200))
    }
}
