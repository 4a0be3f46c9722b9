import LaminaGraphics
@testable import LaminaLayers
import Testing

/// Damage computed by `RenderTree.apply(_:)`: exact rectangles in device pixels.
@Suite struct DamageTests {
    /// Root #1 (100×100) holding #2 at (10, 10, 20, 20), which holds #3 at (30, 30, 10, 10) in its
    /// own space — (40, 40) on screen.
    func baseTree(scale: Double = 1) -> RenderTree {
        let tree = RenderTree(size: Size(width: 100, height: 100), scale: scale)
        tree.apply(RenderTreeDelta(commitID: 1, root: L(1), updated: [
            L(1): .layer(Rect(x: 0, y: 0, width: 100, height: 100), background: .white, sublayers: [L(2)]),
            L(2): .layer(Rect(x: 10, y: 10, width: 20, height: 20), background: .red, sublayers: [L(3)]),
            L(3): .layer(Rect(x: 30, y: 30, width: 10, height: 10), background: .blue),
        ]))
        return tree
    }

    func change(_ tree: RenderTree, _ id: LayerID, _ edit: (inout LayerRenderState) -> Void) -> Damage {
        var state = tree.state(of: id)!
        edit(&state)
        return tree.apply(RenderTreeDelta(commitID: 2, updated: [id: state]))
    }

    @Test func aLayerMovedFarDamagesItsOldAndNewRectangles() {
        let tree = baseTree()
        let damage = change(tree, L(3)) { $0.position = Point(x: 65, y: 5) }
        #expect(damage.rects == [Rect(x: 40, y: 40, width: 10, height: 10), Rect(x: 70, y: 10, width: 10, height: 10)])
    }

    @Test func aLayerMovedALittleDamagesTheUnionOfItsOldAndNewRectangles() {
        let tree = baseTree()
        let damage = change(tree, L(3)) { $0.position.x += 5 }
        #expect(damage.rects == [Rect(x: 40, y: 40, width: 15, height: 10)])
    }

    @Test func aContentsChangeDamagesOnlyTheLayersOwnRectangle() throws {
        let tree = baseTree()
        let image = try solidImage(width: 20, height: 20, .green)
        let damage = change(tree, L(2)) { $0.contents = image }
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 20, height: 20)])
    }

    @Test func contentsThatOverflowTheBoundsAreDamagedToo() throws {
        let tree = baseTree()
        let image = try solidImage(width: 40, height: 40, .green)
        let damage = change(tree, L(2)) {
            $0.contents = image
            $0.contentsGravity = .center
        }
        #expect(damage.rects == [Rect(x: 0, y: 0, width: 40, height: 40)])
    }

    @Test func anOpacityChangeDamagesTheWholeSubtree() {
        let tree = baseTree()
        let damage = change(tree, L(2)) { $0.opacity = 0.5 }
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 40, height: 40)])
    }

    @Test func aParentMoveDamagesItsSubtreeBeforeAndAfter() {
        let tree = baseTree()
        let damage = change(tree, L(2)) { $0.position.x += 10 }
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 50, height: 40)])
    }

    @Test func aRemovalDamagesTheOldSubtreeAndDeletesIt() {
        let tree = baseTree()
        var root = tree.state(of: L(1))!
        root.sublayers = []
        let damage = tree.apply(RenderTreeDelta(commitID: 2, updated: [L(1): root], removed: [L(2)]))
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 40, height: 40)])
        #expect(tree.state(of: L(2)) == nil && tree.state(of: L(3)) == nil)
        #expect(tree.count == 1)
    }

    @Test func attachingASubtreeDamagesOnlyItsNewBounds() {
        let tree = baseTree()
        var root = tree.state(of: L(1))!
        root.sublayers.append(L(4))
        let damage = tree.apply(RenderTreeDelta(commitID: 2, updated: [
            L(1): root,
            L(4): .layer(Rect(x: 70, y: 70, width: 10, height: 10), background: .green, sublayers: [L(5)]),
            L(5): .layer(Rect(x: 10, y: 0, width: 5, height: 5), background: .green),
        ]))
        #expect(damage.rects == [Rect(x: 70, y: 70, width: 15, height: 10)])
        #expect(tree.parent(of: L(5)) == L(4))
    }

    @Test func reorderingSublayersDamagesTheParentsSubtree() {
        let tree = baseTree()
        var root = tree.state(of: L(1))!
        root.sublayers = [L(2), L(4)]
        tree.apply(RenderTreeDelta(commitID: 2, updated: [L(1): root, L(4): .layer(Rect(x: 0, y: 0, width: 5, height: 5))]))
        root.sublayers = [L(4), L(2)]
        let damage = tree.apply(RenderTreeDelta(commitID: 3, updated: [L(1): root]))
        #expect(damage.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test func aZPositionChangeDamagesTheLayersSubtree() {
        let tree = baseTree()
        let damage = change(tree, L(2)) { $0.zPosition = 1 }
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 40, height: 40)])
    }

    @Test func isOpaqueAloneDamagesNothing() {
        let tree = baseTree()
        #expect(change(tree, L(2)) { $0.isOpaque = true }.isEmpty)
    }

    @Test func damageIsInDevicePixelsRoundedOutwards() {
        let tree = baseTree(scale: 2)
        let damage = change(tree, L(2)) {
            $0.position.x += 0.3
            $0.backgroundColor = .green
        }
        // Old subtree (20, 20)–(100, 100); new one 0.6 px to the right, rounded out to 101.
        #expect(damage.rects == [Rect(x: 20, y: 20, width: 81, height: 80)])
    }

    @Test func damageIsClippedToTheFramebuffer() {
        let tree = baseTree()
        let damage = change(tree, L(3)) { $0.position = Point(x: 90, y: 90) }
        #expect(damage.rects == [Rect(x: 40, y: 40, width: 10, height: 10), Rect(x: 95, y: 95, width: 5, height: 5)])
    }

    @Test func damageIsClippedByAnAncestorThatMasksToBounds() {
        let tree = baseTree()
        _ = change(tree, L(2)) { $0.masksToBounds = true }
        _ = change(tree, L(3)) { $0.position = Point(x: 20, y: 20) }
        // #3 spans (25, 25)–(35, 35) on screen; #2 clips it to (10, 10)–(30, 30).
        let damage = change(tree, L(3)) { $0.backgroundColor = .green }
        #expect(damage.rects == [Rect(x: 25, y: 25, width: 5, height: 5)])
    }

    @Test func aShadowReachesBeyondTheLayer() {
        let tree = baseTree()
        let damage = change(tree, L(3)) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(width: 0, height: 10)
        }
        // The layer (40, 40, 10×10) and its hard shadow 10 pixels down, grown by the one pixel an
        // offset between pixels can antialias into.
        #expect(damage.rects == [Rect(x: 39, y: 40, width: 12, height: 21)])
    }

    @Test func aNewRootDamagesTheWholeFramebuffer() {
        let tree = baseTree()
        let damage = tree.apply(RenderTreeDelta(commitID: 2, root: L(9), updated: [L(9): .layer(Rect(x: 0, y: 0, width: 5, height: 5))]))
        #expect(damage.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
        #expect(tree.root == L(9))
    }

    @Test func aLayerReparentedInTheDeltaThatRemovesItsParentIsKept() {
        let tree = baseTree()
        var root = tree.state(of: L(1))!
        root.sublayers = [L(4)]
        let moved = tree.state(of: L(3))!
        tree.apply(RenderTreeDelta(commitID: 2, updated: [
            L(1): root,
            L(4): .layer(Rect(x: 50, y: 0, width: 50, height: 50), sublayers: [L(3)]),
            L(3): moved,
        ], removed: [L(2)]))
        #expect(tree.state(of: L(2)) == nil)
        #expect(tree.parent(of: L(3)) == L(4))
        #expect(tree.count == 3)
    }

    @Test func nanGeometryAddsNoDamageAndDoesNotCrash() throws {
        let tree = baseTree()
        let damage = change(tree, L(3)) { $0.position = Point(x: .nan, y: 5) }
        #expect(damage.rects == [Rect(x: 40, y: 40, width: 10, height: 10)])
        let back = change(tree, L(3)) { $0.position = Point(x: 35, y: 35) }
        #expect(back.rects == [Rect(x: 40, y: 40, width: 10, height: 10)])
        let infinite = change(tree, L(2)) { $0.transform = AffineTransform(scaleX: .infinity, y: 1) }
        #expect(infinite.rects.allSatisfy { $0.isFinite })
        let compositor = try Compositor(size: Size(width: 100, height: 100), scale: 1)
        compositor.composite(tree, damage: Damage(rects: [compositor.pixelBounds]))
    }

    @Test func unknownSublayersAndMasksAreSkipped() throws {
        let tree = baseTree()
        let damage = change(tree, L(2)) {
            $0.sublayers = [L(3), L(98)]
            $0.mask = L(99)
        }
        #expect(damage.rects == [Rect(x: 10, y: 10, width: 40, height: 40)])
        #expect(tree.state(of: L(98)) == nil)
        let removedUnknown = tree.apply(RenderTreeDelta(commitID: 3, updated: [:], removed: [L(97)]))
        #expect(removedUnknown.isEmpty)
        let compositor = try Compositor(size: Size(width: 100, height: 100), scale: 1)
        compositor.composite(tree, damage: Damage(rects: [compositor.pixelBounds]))
        #expect(compositor.makeImage().has(.blue, atX: 45, y: 45))
    }

    @Test func aCycleOfSublayersIsTolerated() {
        let tree = baseTree()
        _ = change(tree, L(3)) { $0.sublayers = [L(2)] }
        let damage = change(tree, L(2)) { $0.backgroundColor = .green }
        #expect(damage.rects.allSatisfy { $0.isFinite })
    }

    @Test func oneChangeInATenThousandLayerTreeVisitsOnlyItsAncestors() {
        let tree = RenderTree(size: Size(width: 1000, height: 1000), scale: 1)
        var updated: [LayerID: LayerRenderState] = [:]
        var containers: [LayerID] = []
        for c in 0..<100 {
            let container = L(UInt64(2 + c * 100))
            containers.append(container)
            var leaves: [LayerID] = []
            for l in 1...99 {
                let leaf = L(container.rawValue + UInt64(l))
                leaves.append(leaf)
                updated[leaf] = .layer(Rect(x: Double(l % 10) * 10, y: Double(l / 10) * 10, width: 10, height: 10), background: .red)
            }
            updated[container] = .layer(Rect(x: Double(c % 10) * 100, y: Double(c / 10) * 100, width: 100, height: 100), sublayers: leaves)
        }
        updated[L(1)] = .layer(Rect(x: 0, y: 0, width: 1000, height: 1000), sublayers: containers)
        tree.apply(RenderTreeDelta(commitID: 1, root: L(1), updated: updated))
        #expect(tree.count == 10_001)

        var leaf = tree.state(of: L(2 + 55 * 100 + 23))!
        leaf.backgroundColor = .blue
        let damage = tree.apply(RenderTreeDelta(commitID: 2, updated: [L(2 + 55 * 100 + 23): leaf]))
        #expect(damage.rects == [Rect(x: 530, y: 520, width: 10, height: 10)])
        #expect(tree.nodesVisited <= 6)
    }

    @Test func theTreeHoldsExactlyTheStatesSent() {
        let tree = baseTree()
        var expected = tree.states
        var moved = expected[L(3)]!
        moved.position = Point(x: 1, y: 2)
        expected[L(3)] = moved
        tree.apply(RenderTreeDelta(commitID: 2, updated: [L(3): moved]))
        #expect(tree.states == expected)
    }

    @Test func overlappingRectanglesMergeAndTouchingOnesStayApart() {
        var damage = Damage(rects: [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)])
        #expect(damage.rects.count == 2)
        damage.add(Rect(x: 5, y: 5, width: 10, height: 1))
        #expect(damage.rects == [Rect(x: 0, y: 0, width: 20, height: 10)])
        damage.add(Rect(x: 30.5, y: 0.2, width: 1, height: 1))
        #expect(damage.rects.last == Rect(x: 30, y: 0, width: 2, height: 2))
    }

    @Test func tooManyRectanglesCollapseIntoTheirBoundingBox() {
        let rects = (0..<(Damage.maximumRectCount + 1)).map { Rect(x: Double($0) * 20, y: 0, width: 10, height: 10) }
        #expect(Damage(rects: rects).rects == [Rect(x: 0, y: 0, width: Double(Damage.maximumRectCount) * 20 + 10, height: 10)])
    }
}
