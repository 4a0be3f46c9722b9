import LaminaGraphics

/// One part a layer draws itself, rasterised whole at one placement and kept by its render-tree
/// node: what makes a part that cairo cannot draw the same way twice exact.
///
/// cairo's pixels for a rotated or skewed shape, and for an image drawn other than one to one,
/// depend on the extents of the operation: it clips the shape's edges (re-quantising where they
/// cross) and re-centres an image's sampling matrix on the area being drawn. Drawn directly, such
/// a part would come out a few levels different in a frame that re-renders only a damaged
/// rectangle than in a full frame — pixels that depend on the history of commits. Rasterised once
/// over its whole extent and then copied one to one (a copy is exact under any clip), the part
/// looks the same in every frame, and re-rendering it costs a blit.
///
/// A raster stays valid while the layer's transform differs from the one it was made at by whole
/// device pixels only (scrolling), and until the node is replaced (any state change) or the
/// tree's ``RasterCache`` drops it to stay under its limit.
struct PartRaster {
    /// The parts that can be rasterised.
    enum Part: Hashable {
        case shadowPath, background, contents, border
        /// The bounds shape a rotated layer that masks to bounds clips through.
        case boundsClip
    }

    /// The device transform the raster was drawn at.
    let transform: AffineTransform
    /// Where it lies in device pixels at that transform.
    let deviceRect: Rect
    let surface: ImageSurface
    /// Whether the raster was cut to an area around the framebuffer (a part too large to raster
    /// whole): then it matches only its own transform exactly.
    let isCut: Bool

    /// Largest raster made whole, in device pixels; larger parts are cut to the framebuffer and a
    /// margin around it.
    static let maximumPixelCount = 4096 * 4096
    /// The margin kept around the framebuffer when a part is cut.
    static let cutMargin = 512.0

    /// Where this raster lies when the layer's device transform is `other`, or nil when it does
    /// not fit `other` (another scale, rotation or a move by a fraction of a pixel).
    func deviceRect(at other: AffineTransform) -> Rect? {
        guard other.a == transform.a, other.b == transform.b, other.c == transform.c, other.d == transform.d else { return nil }
        let dx = other.tx - transform.tx, dy = other.ty - transform.ty
        if isCut { return dx == 0 && dy == 0 ? deviceRect : nil }
        guard dx == dx.rounded(), dy == dy.rounded() else { return nil }
        return deviceRect.offsetBy(dx: dx, dy: dy)
    }
}

extension LayerPainter {
    /// Draws `part` of `layer` from its raster, multiplied by `alpha` (see ``raster(_:of:extent:_:)``).
    func drawRasterized(_ part: PartRaster.Part, of layer: PaintedLayer, extent: Rect, alpha: Double,
                        _ draw: (LayerPainter) -> Void) {
        guard let raster = raster(part, of: layer, extent: extent, draw) else { return }
        context.alpha = alpha
        context.draw(raster.surface, in: userRect(raster.rect))
    }

    /// The raster of `part` of `layer` and where it lies (device pixels): made by `draw`, with a
    /// painter whose context covers `extent` (device pixels), the first time, and reused while it
    /// fits the layer's transform. Nil when the part covers no pixel.
    func raster(_ part: PartRaster.Part, of layer: PaintedLayer, extent: Rect,
                _ draw: (LayerPainter) -> Void) -> (surface: ImageSurface, rect: Rect)? {
        let transform = layer.snappedTransform
        if let cached = layer.node.rasters[part], let rect = cached.raster.deviceRect(at: transform) {
            tree.rasterCache.touch(cached)
            return (cached.raster.surface, rect)
        }
        guard let made = makeRaster(extent: extent, at: transform, draw) else { return nil }
        tree.rasterCache.keep(made, as: part, of: layer.node)
        return (made.surface, made.deviceRect)
    }

    private func makeRaster(extent: Rect, at transform: AffineTransform, _ draw: (LayerPainter) -> Void) -> PartRaster? {
        // A pixel of margin for antialiased edges.
        var rect = extent.insetBy(dx: -1, dy: -1).integral
        guard rect.isFinite, !rect.isEmpty else { return nil }
        var isCut = false
        if rect.width * rect.height > Double(PartRaster.maximumPixelCount) {
            rect = rect.intersection(tree.pixelBounds.insetBy(dx: -PartRaster.cutMargin, dy: -PartRaster.cutMargin))
            isCut = true
            guard rect.isFinite, !rect.isEmpty else { return nil }
        }
        let scale = context.scale
        guard let image = try? GraphicsContext.makeImage(width: rect.width / scale, height: rect.height / scale, scale: scale, { offscreen in
            offscreen.interpolationQuality = .low
            draw(LayerPainter(tree: tree, context: offscreen, origin: rect.origin, damage: Damage(rects: [rect])))
        }) else { return nil }
        return PartRaster(transform: transform, deviceRect: rect, surface: ImageSurface(image), isCut: isCut)
    }
}
