import LaminaGraphics
@testable import LaminaLayers
import XCTest

/// A delta carrying a new framebuffer size: the tree damages all of the new framebuffer, the
/// compositor reallocates to match, and the frame equals one composited fresh at that size.
final class RenderTreeResizingTests: XCTestCase {
    private let states: [LayerID: LayerRenderState] = [
        L(1): .layer(Rect(x: 0, y: 0, width: 40, height: 30), background: .white, sublayers: [L(2)]),
        L(2): .layer(Rect(x: 5, y: 5, width: 10, height: 10), background: .red),
    ]

    func test_aDeltaWithANewSizeDamagesTheWholeNewFramebuffer() throws {
        let tree = RenderTree(size: Size(width: 40, height: 30), scale: 2)
        tree.apply(RenderTreeDelta(commitID: 1, root: L(1), updated: states))
        let damage = tree.apply(RenderTreeDelta(commitID: 2, updated: [:], size: Size(width: 50.5, height: 20)))
        XCTAssertEqual(tree.size, Size(width: 50.5, height: 20))
        XCTAssertEqual(tree.pixelBounds, Rect(x: 0, y: 0, width: 101, height: 40))
        XCTAssertEqual(damage.rects, [tree.pixelBounds])
        XCTAssertEqual(tree.apply(RenderTreeDelta(commitID: 3, updated: [:], size: Size(width: 50.5, height: 20))), Damage(),
                       "the same size again damages nothing")
    }

    func test_sizesThatAreNotFiniteAndPositiveAreIgnored() {
        let tree = RenderTree(size: Size(width: 40, height: 30), scale: 1)
        for size in [Size(width: .nan, height: 10), Size(width: 0, height: 10), Size(width: 10, height: -1),
                     Size(width: .infinity, height: 10)] {
            XCTAssertTrue(tree.apply(RenderTreeDelta(commitID: 1, updated: [:], size: size)).isEmpty, "\(size)")
            XCTAssertEqual(tree.size, Size(width: 40, height: 30))
        }
    }

    func test_theCompositorFollowsTheTreesSizeAndPaintsEveryPixel() throws {
        let scene = try Scene(width: 40, height: 30, scale: 2, background: .black)
        scene.commit(root: L(1), states)
        var grown = states
        grown[L(1)] = .layer(Rect(x: 0, y: 0, width: 60, height: 45), background: .white, sublayers: [L(2)])
        let damage = scene.tree.apply(RenderTreeDelta(commitID: 2, updated: grown, size: Size(width: 60, height: 45)))
        scene.compositor.matchSize(of: scene.tree)
        scene.compositor.composite(scene.tree, damage: damage)
        XCTAssertEqual(scene.compositor.pixelBounds, Rect(x: 0, y: 0, width: 120, height: 90))
        let expected = try render(root: L(1), grown, width: 60, height: 45, scale: 2)
        XCTAssertEqual(scene.image, expected)
    }
}
