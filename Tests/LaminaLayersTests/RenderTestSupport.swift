import LaminaGraphics
@testable import LaminaLayers

/// Layer ids for hand-built render trees: `L(3)` is layer #3.
func L(_ raw: UInt64) -> LayerID {
    LayerID(rawValue: raw)
}

extension LayerRenderState {
    /// A layer whose frame in its superlayer is `frame` (anchor at the centre, no transform).
    static func layer(_ frame: Rect, background: Color? = nil, sublayers: [LayerID] = []) -> LayerRenderState {
        var state = LayerRenderState()
        state.bounds = Rect(size: frame.size)
        state.position = Point(x: frame.midX, y: frame.midY)
        state.backgroundColor = background
        state.sublayers = sublayers
        return state
    }
}

/// A render tree and a compositor of the same framebuffer, driven on the test's own thread.
final class Scene {
    let tree: RenderTree
    let compositor: Compositor
    private var nextCommit: UInt64 = 1

    init(width: Double = 100, height: Double = 100, scale: Double = 1, background: Color = .black) throws {
        tree = RenderTree(size: Size(width: width, height: height), scale: scale)
        compositor = try Compositor(size: Size(width: width, height: height), scale: scale, backgroundColor: background)
    }

    /// Applies a delta (the next commit id) and composites its damage; returns the damage.
    @discardableResult
    func commit(root: LayerID? = nil, _ updated: [LayerID: LayerRenderState], removed: [LayerID] = []) -> Damage {
        let delta = RenderTreeDelta(commitID: nextCommit, root: root, updated: updated, removed: removed)
        nextCommit += 1
        let damage = tree.apply(delta)
        compositor.composite(tree, damage: damage)
        return damage
    }

    /// Composites the whole framebuffer.
    func compositeAll() -> Image {
        compositor.composite(tree, damage: Damage(rects: [compositor.pixelBounds]))
        return compositor.makeImage()
    }

    var image: Image { compositor.makeImage() }
}

/// Renders `updated` (rooted at `root`) into a fresh framebuffer.
func render(root: LayerID, _ updated: [LayerID: LayerRenderState], width: Double = 100, height: Double = 100,
            scale: Double = 1, background: Color = .black) throws -> Image {
    let scene = try Scene(width: width, height: height, scale: scale, background: background)
    scene.commit(root: root, updated)
    return scene.image
}

/// An image of `width` × `height` pixels filled with `color`.
func solidImage(width: Int, height: Int, scale: Double = 1, _ color: Color) throws -> Image {
    try GraphicsContext.makeImage(width: Double(width) / scale, height: Double(height) / scale, scale: scale) { context in
        context.fillColor = color
        context.fill(context.bounds)
    }
}

/// An image whose pixel columns left of `split` are `left` and the rest `right`.
func splitImage(width: Int, height: Int, split: Int, _ left: Color, _ right: Color) throws -> Image {
    try GraphicsContext.makeImage(width: Double(width), height: Double(height)) { context in
        context.fillColor = left
        context.fill(Rect(x: 0, y: 0, width: Double(split), height: Double(height)))
        context.fillColor = right
        context.fill(Rect(x: Double(split), y: 0, width: Double(width - split), height: Double(height)))
    }
}

/// Whether two colours agree within `tolerance` per channel (0…1), premultiplied.
func close(_ a: Color, _ b: Color, tolerance: Double = 2.0 / 255) -> Bool {
    let p = a.premultiplied, q = b.premultiplied
    return abs(p.red - q.red) <= tolerance && abs(p.green - q.green) <= tolerance
        && abs(p.blue - q.blue) <= tolerance && abs(p.alpha - q.alpha) <= tolerance
}

extension Image {
    /// Whether pixel (`x`, `y`) is `color` within `tolerance` per channel.
    func has(_ color: Color, atX x: Int, y: Int, tolerance: Double = 2.0 / 255) -> Bool {
        close(pixel(x: x, y: y), color, tolerance: tolerance)
    }
}
