import LaminaGraphics

/// Turns a ``RenderTree`` into pixels: owns the framebuffer and re-renders only the damaged part
/// of it each frame.
///
/// The framebuffer is a ``/LaminaGraphics/GraphicsContext`` of the window's size at its scale. It
/// is opaque (RGB24, the cheaper target to composite onto, as a window on screen is) when the
/// background colour is opaque, and ARGB32 otherwise.
///
/// One frame, ``composite(_:update:)``:
/// 0. Move the pixels of scrolled layers (``/LaminaGraphics/PixelScroll``), when the frame has any.
/// 1. Clip to the damage rectangles (whole device pixels).
/// 2. Clear them to the background colour.
/// 3. Paint the tree from the root, skipping layers that cannot reach the damage; per layer, in
///    Core Animation's order: shadow, background, contents, sublayers (by zPosition, then list
///    order), border — with group opacity, masks and `masksToBounds` clips. Images are filtered
///    bilinearly (cairo `BILINEAR`), and layers whose transform is a translation with a
///    whole-number scale are snapped to device pixels (`PixelSnapping`).
///
/// Render-thread state: one thread uses a compositor at a time.
public final class Compositor {
    /// The framebuffer's size in points; ``matchSize(of:)`` follows the render tree's.
    public internal(set) var size: Size
    /// Device pixels per point.
    public let scale: Double
    /// What damaged areas are cleared to before layers are painted.
    public let backgroundColor: Color
    /// The framebuffer in device pixels.
    public internal(set) var pixelBounds: Rect

    /// The framebuffer's buffers: frames are handed to the presenter without a copy
    /// (``presentedImage()``), and the next frame is drawn into a buffer no image holds.
    var chain: FramebufferChain
    /// The buffer the current frame is in.
    var framebuffer: GraphicsContext { chain.context }
    /// The device-pixel context debug overlays are drawn in; dropped when the framebuffer is
    /// reallocated (a resize).
    var overlayCanvas: GraphicsContext?

    /// A framebuffer of `size` points at `scale`, filled with `backgroundColor` (black by
    /// default, as an iOS window's screen is).
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` for a size or scale no graphics context can
    ///   have.
    public init(size: Size, scale: Double, backgroundColor: Color = .black) throws(GraphicsError) {
        let framebuffer = try GraphicsContext(size: size, scale: scale, opaque: backgroundColor.alpha >= 1)
        chain = Compositor.chain(for: framebuffer)
        self.size = size
        self.scale = scale
        self.backgroundColor = backgroundColor
        pixelBounds = Compositor.pixelBounds(of: framebuffer)
        clear(framebuffer.bounds, in: framebuffer)
    }

    /// The buffer chain of a new framebuffer; every buffer filters images linearly.
    static func chain(for framebuffer: GraphicsContext) -> FramebufferChain {
        framebuffer.interpolationQuality = .low
        return FramebufferChain(framebuffer) { $0.interpolationQuality = .low }
    }

    /// A framebuffer's extent in device pixels.
    static func pixelBounds(of framebuffer: GraphicsContext) -> Rect {
        Rect(x: 0, y: 0, width: Double(framebuffer.pixelWidth), height: Double(framebuffer.pixelHeight))
    }

    /// Makes `update`'s pixel moves, in order, then re-renders its damage from `tree`. A frame
    /// whose damage covers the whole framebuffer makes no move: everything is redrawn anyway.
    public func composite(_ tree: RenderTree, update: FrameUpdate) {
        let redrawsAll = update.damage.rects.contains { $0.contains(pixelBounds) }
        _ = chain.context(moving: redrawsAll ? [] : update.scrolls)
        composite(tree, damage: update.damage)
    }

    /// Re-renders the pixels in `damage` from `tree` (see the type's documentation for the steps).
    public func composite(_ tree: RenderTree, damage: Damage) {
        tree.sublayersExamined = 0
        guard !damage.isEmpty else { return }
        // A buffer handed out as an image is the image's: draw into another.
        let framebuffer = chain.context(moving: [])
        framebuffer.withSavedState {
            // A full frame needs no clip, and cairo composites faster without one.
            if !damage.rects.contains(where: { $0.contains(pixelBounds) }) {
                var region = Path()
                for rect in damage.rects {
                    region.addRect(Rect(x: rect.minX / scale, y: rect.minY / scale,
                                        width: rect.width / scale, height: rect.height / scale))
                }
                framebuffer.clip(to: region)
            }
            clear(framebuffer.bounds, in: framebuffer)
            LayerPainter(tree: tree, context: framebuffer, origin: .zero, damage: damage).paintTree()
        }
    }

    /// A copy of the framebuffer as it is now.
    public func makeImage() -> Image {
        framebuffer.makeImage()
    }

    /// The framebuffer as it is now, as an image that shares its pixels instead of copying them:
    /// the next frame is drawn into another buffer. What the render server presents.
    public func presentedImage() -> Image {
        chain.handOut()
    }

    /// A copy of the framebuffer with `overlays` drawn over it for `tree` and the frame's
    /// `damage`; the framebuffer itself is untouched, so the next frame builds on clean pixels.
    public func makeImage(overlaying overlays: DebugOverlays, tree: RenderTree, damage: Damage) -> Image {
        let frame = framebuffer.makeImage()
        guard !overlays.isEmpty, let context = overlayContext() else { return frame }
        context.draw(frame, in: pixelBounds)
        DebugOverlayPainter(tree: tree, overlays: overlays, context: context).paint(damage: damage)
        return context.makeImage()
    }

    /// The device-pixel context overlays are drawn in, made at first use.
    private func overlayContext() -> GraphicsContext? {
        if let overlayCanvas { return overlayCanvas }
        overlayCanvas = try? GraphicsContext(width: pixelBounds.width, height: pixelBounds.height, scale: 1,
                                             opaque: framebuffer.isOpaque)
        return overlayCanvas
    }

    /// Fills `rect` (points, within the clip) of `framebuffer` with the background colour.
    func clear(_ rect: Rect, in framebuffer: GraphicsContext) {
        if !framebuffer.isOpaque { framebuffer.clear(rect) }
        guard backgroundColor.alpha > 0 else { return }
        framebuffer.fillColor = backgroundColor
        framebuffer.fill(rect)
    }
}
