import CBenchCairo
import LaminaGraphics
import LaminaLayers

/// The scene both compositor benchmarks draw, and its raw-cairo twin: 1,000 layers of 120×40
/// points, each showing a contents image of its own size, on a 1280×800 framebuffer at 1×, at
/// whole-point positions in an overlapping grid (40 columns 29 points apart, 25 rows 31 apart).
/// Both sides draw the same images, in the same order, onto the same kind of framebuffer
/// (opaque RGB24, cleared to black).
final class CompositorScene {
    static let size = Size(width: 1280, height: 800)
    static let layerCount = 1_000
    static let layerSize = Size(width: 120, height: 40)

    let images: [Image]
    let tree: RenderTree
    let compositor: Compositor
    /// Whether every layer casts a shadow (`partial-frame-shadowed`).
    let shadowed: Bool
    private var nextCommit: UInt64 = 1

    init(shadowed: Bool = false) {
        self.shadowed = shadowed
        images = (0..<8).map { Self.makeImage(shade: Double($0) / 8) }
        tree = RenderTree(size: Self.size, scale: 1)
        do {
            compositor = try Compositor(size: Self.size, scale: 1, backgroundColor: .black)
        } catch {
            fatalError("LaminaBenchmarks: no 1280×800 compositor: \(error)")
        }
        var updated: [LayerID: LayerRenderState] = [:]
        var root = LayerRenderState()
        root.bounds = Rect(size: Self.size)
        root.anchorPoint = .zero
        for index in 0..<Self.layerCount {
            let id = Self.layerID(index)
            root.sublayers.append(id)
            updated[id] = layerState(index, image: images[index % images.count])
        }
        updated[LayerID(rawValue: 1)] = root
        apply(root: LayerID(rawValue: 1), updated)
    }

    static func layerID(_ index: Int) -> LayerID {
        LayerID(rawValue: UInt64(index) + 2)
    }

    /// Layer `index`'s top-left corner, in points (and pixels).
    static func origin(of index: Int) -> (x: Int, y: Int) {
        ((index % 40) * 29, (index / 40) * 31)
    }

    func layerState(_ index: Int, image: Image) -> LayerRenderState {
        var state = LayerRenderState()
        state.bounds = Rect(size: Self.layerSize)
        state.anchorPoint = .zero
        let origin = Self.origin(of: index)
        state.position = Point(x: Double(origin.x), y: Double(origin.y))
        state.contents = image
        if shadowed {
            state.shadowOpacity = 0.5
            state.shadowRadius = 3
            state.shadowOffset = Size(width: 0, height: 2)
        }
        return state
    }

    /// Applies a delta as the next commit; returns its damage.
    @discardableResult
    func apply(root: LayerID? = nil, _ updated: [LayerID: LayerRenderState]) -> Damage {
        defer { nextCommit += 1 }
        return tree.apply(RenderTreeDelta(commitID: nextCommit, root: root, updated: updated))
    }

    /// Composites the whole framebuffer.
    func compositeFullFrame() {
        compositor.composite(tree, damage: Damage(rects: [compositor.pixelBounds]))
    }

    /// A 120×40 ARGB32 image: a horizontal ramp, so no two pixels of a row are alike.
    private static func makeImage(shade: Double) -> Image {
        do {
            return try GraphicsContext.makeImage(width: layerSize.width, height: layerSize.height) { context in
                context.drawLinearGradient(
                    Gradient(colors: [Color(red: shade, green: 0.2, blue: 0.8), Color(red: 1 - shade, green: 0.9, blue: 0.1)]),
                    start: .zero, end: Point(x: layerSize.width, y: 0))
            }
        } catch {
            fatalError("LaminaBenchmarks: no contents image: \(error)")
        }
    }
}

/// The raw baseline: the same blits with cairo alone — `cairo_set_source_surface` + `cairo_paint`
/// at whole-pixel offsets onto an RGB24 surface, after painting it black.
final class RawCairoBlits {
    private let target: OpaquePointer
    private let cairo: OpaquePointer
    private let sources: [OpaquePointer]
    private let images: [Image]

    init(images: [Image]) {
        self.images = images
        target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(CompositorScene.size.width), Int32(CompositorScene.size.height))
        cairo = cairo_create(target)
        sources = images.map { image in
            image.withUnsafePixelBytes { pixels, bytesPerRow in
                // The image outlives the surface (kept in `images`), and cairo only reads it.
                let data = UnsafeMutablePointer(mutating: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self))
                return cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(image.width),
                                                           Int32(image.height), Int32(bytesPerRow))
            }
        }
    }

    deinit {
        sources.forEach { cairo_surface_destroy($0) }
        cairo_destroy(cairo)
        cairo_surface_destroy(target)
    }

    /// One frame: black, then every layer's image at its offset.
    func drawFrame() {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_paint(cairo)
        for index in 0..<CompositorScene.layerCount {
            let origin = CompositorScene.origin(of: index)
            cairo_set_source_surface(cairo, sources[index % sources.count], Double(origin.x), Double(origin.y))
            cairo_paint(cairo)
        }
        cairo_surface_flush(target)
    }
}
