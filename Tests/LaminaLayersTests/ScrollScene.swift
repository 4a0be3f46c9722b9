import LaminaGraphics
import LaminaTesting
@testable import LaminaLayers

/// A hand-built scrolling scene on a render tree and compositor driven on the test's own
/// thread: a root, a list (layer 2: clipping, opaque white, scrolled through its bounds origin)
/// with rows under it, and an overlay (layer 3) drawn over the list. Frames are made of several
/// commits, as a paced render server makes them, so the damage carried across a scroll is
/// exercised; each frame can be compared with a full recomposite of the same tree.
final class ScrollScene {
    static let root = L(1), list = L(2), overlay = L(3)

    let tree: RenderTree
    let compositor: Compositor
    let size: Size
    let scale: Double
    private(set) var states: [LayerID: LayerRenderState] = [:]
    private var nextCommit: UInt64 = 1

    init(size: Size = Size(width: 80, height: 120), scale: Double = 2) throws {
        self.size = size
        self.scale = scale
        tree = RenderTree(size: size, scale: scale)
        compositor = try Compositor(size: size, scale: scale, backgroundColor: .black)
        var list = LayerRenderState.layer(Rect(x: 4, y: 6, width: size.width - 8, height: size.height - 12), background: .white)
        list.masksToBounds = true
        states[Self.list] = list
        states[Self.root] = .layer(Rect(size: size), background: Color(white: 0.4), sublayers: [Self.list])
        let update = frame([(root: Self.root, updated: states, removed: [])])
        precondition(!update.isEmpty)
    }

    /// Applies `commits` in order as one frame and composites it; returns the frame's update.
    @discardableResult
    func frame(_ commits: [(root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID])]) -> FrameUpdate {
        var update = FrameUpdate()
        for commit in commits {
            tree.apply(RenderTreeDelta(commitID: nextCommit, root: commit.root, updated: commit.updated, removed: commit.removed),
                       to: &update)
            nextCommit += 1
        }
        compositor.composite(tree, update: update)
        return update
    }

    /// One commit that changes `layers` (the states this scene keeps) with `edit`.
    func change(_ layers: [LayerID], _ edit: (inout LayerRenderState, LayerID) -> Void) -> (root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID]) {
        var updated: [LayerID: LayerRenderState] = [:]
        for id in layers {
            guard var state = states[id] else { continue }
            edit(&state, id)
            states[id] = state
            updated[id] = state
        }
        return (nil, updated, [])
    }

    /// One commit that adds `id` with `state` under `parent`, on top.
    func add(_ id: LayerID, _ state: LayerRenderState, under parent: LayerID) -> (root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID]) {
        states[id] = state
        states[parent]?.sublayers.append(id)
        return (nil, [id: state, parent: states[parent]!], [])
    }

    /// One commit that removes `id` (a leaf) from `parent`.
    func remove(_ id: LayerID, from parent: LayerID) -> (root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID]) {
        states[id] = nil
        states[parent]?.sublayers.removeAll { $0 == id }
        return (nil, [parent: states[parent]!], [id])
    }

    /// One commit that scrolls the list by `dy` points.
    func scroll(by dy: Double) -> (root: LayerID?, updated: [LayerID: LayerRenderState], removed: [LayerID]) {
        change([Self.list]) { state, _ in state.bounds.origin.y += dy }
    }

    /// The framebuffer as the compositor has it now.
    var image: Image { compositor.makeImage() }

    /// The same tree composited from scratch in a fresh framebuffer.
    func reference() throws -> Image {
        let fresh = RenderTree(size: size, scale: scale)
        fresh.apply(RenderTreeDelta(commitID: 0, root: tree.root, updated: tree.states))
        let compositor = try Compositor(size: size, scale: scale, backgroundColor: .black)
        compositor.composite(fresh, damage: Damage(rects: [compositor.pixelBounds]))
        return compositor.makeImage()
    }

    /// How the framebuffer differs from a full recomposite (1/255 per channel allowed).
    func differenceFromReference() throws -> ImageDifference {
        ImageDifference(between: image, and: try reference(), perChannel: 1)
    }
}
