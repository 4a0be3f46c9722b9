import LaminaGraphics

extension LayerPainter {
    /// What the short path makes of a layer that draws only its contents over its bounds.
    enum ContentsOnly {
        /// Nothing to draw: the layer is invisible or misses the damage.
        case skipped
        /// One blit, one image pixel to one device pixel.
        case blit(ImageBlit)
        /// Contents scaled, rotated or skewed, or at a fractional offset: the general path.
        case resampled
    }

    /// What a layer that draws only its contents over its bounds draws at `transform`, whatever
    /// the damage and the clip.
    enum ContentsPart {
        /// Nothing: it is hidden or transparent, or its transform is degenerate.
        case invisible
        /// One blit, one image pixel to one device pixel, onto the framebuffer's pixels (alpha:
        /// the layer's opacity), and where the layer draws.
        case blit(ImageBlit, ownArea: Rect)
        /// Contents scaled, rotated or skewed, or at a fractional offset; and where it draws.
        case resampled(ownArea: Rect)
    }

    /// The short path for a layer that draws only its contents over its bounds (most layers of
    /// a scrolling list): skipped when it misses the damage, else one blit when its image lands
    /// one to one on whole device pixels.
    func contentsOnly(_ node: RenderTree.Node, at placement: RenderTree.Placement, alpha: Double) -> ContentsOnly {
        contentsOnly(Self.contentsPart(of: node, at: placement.transform), clip: placement.clip, alpha: alpha)
    }

    /// ``contentsOnly(_:at:alpha:)`` for a part worked out already, within `clip`.
    func contentsOnly(_ part: ContentsPart, clip: Rect, alpha: Double) -> ContentsOnly {
        switch part {
        case .invisible:
            return .skipped
        case let .blit(blit, ownArea):
            guard damage.intersects(ownArea.intersection(clip)) else { return .skipped }
            return .blit(blit.offset(x: -Int(origin.x), y: -Int(origin.y), alpha: alpha))
        case let .resampled(ownArea):
            return damage.intersects(ownArea.intersection(clip)) ? .resampled : .skipped
        }
    }

    /// What `node`, a layer that draws only its contents, draws at `transform` (bounds space →
    /// device pixels).
    static func contentsPart(of node: RenderTree.Node, at transform: AffineTransform) -> ContentsPart {
        guard !node.state.isInvisible, transform.isFinite, transform.determinant != 0 else { return .invisible }
        let placed = node.placed(at: transform)
        guard let surface = node.contentsSurface,
              let corner = oneToOneCorner(node.state.bounds, surface.image, under: placed.snappedTransform) else {
            return .resampled(ownArea: placed.ownArea)
        }
        return .blit(ImageBlit(surface, x: corner.x, y: corner.y, alpha: min(node.state.opacity, 1)), ownArea: placed.ownArea)
    }

    /// The contents image: the part `contentsRect` selects, placed by `contentsGravity` at its
    /// natural size (pixels over `contentsScale`) or resized, and nine-part stretched when
    /// `contentsCenter` is not the whole image. Drawn in place when its pixels land one to one on
    /// device pixels, else from its ``PartRaster`` (a resampled image depends on the clip in cairo).
    func paintContents(of layer: PaintedLayer, alpha: Double) {
        let state = layer.state
        guard let surface = layer.node.contentsSurface else { return }
        let frame = state.contentsFrame(for: surface.image)
        let transform = Self.contentsTransform(frame, of: state, at: layer.placement.transform, snapped: layer.snappedTransform)
        if state.contentsCenter == LayerRenderState.unitRect, Self.mapsOneToOne(frame, surface.image, under: transform),
           let target = userRect(frame, under: transform) {
            context.alpha = alpha
            context.draw(surface, in: target)
            return
        }
        let extent = transform.boundingBox(of: frame)
        drawRasterized(.contents, of: layer, extent: extent, alpha: alpha) { painter in
            painter.drawResampled(surface, in: frame, under: transform, of: layer)
        }
    }

    /// The transform contents placed in `frame` (bounds space) are drawn through, for a layer at
    /// `transform` whose bounds snap to `snapped`: the bounds' own, so the contents move with
    /// them — unless the bounds are thinner than a pixel or snapping stretched them (a layer 0.6
    /// pixels wide becomes 1, a stretch of 1/0.6, or keeps its width and moves by a fraction) and
    /// the contents do not fill them: contents at their own size beside or beyond such bounds
    /// keep it, snapped by their own edges onto whole pixels, rather than being stretched or
    /// left between pixels with the bounds.
    static func contentsTransform(_ frame: Rect, of state: LayerRenderState, at transform: AffineTransform,
                                  snapped: AffineTransform) -> AffineTransform {
        let bounds = state.bounds.standardized
        guard frame != bounds, PixelSnapping.isSnappable(transform) else { return snapped }
        let stretched = snapped.a != transform.a || snapped.d != transform.d
        let thin = bounds.width * transform.a < 1 || bounds.height * transform.d < 1
        return stretched || thin ? PixelSnapping.snapped(transform, for: frame) : snapped
    }

    /// Draws the contents scaled, rotated or nine-part stretched into `frame` (bounds space)
    /// through `transform`.
    private func drawResampled(_ surface: ImageSurface, in frame: Rect, under transform: AffineTransform, of layer: PaintedLayer) {
        let state = layer.state
        withTransform(transform) {
            context.alpha = 1
            if state.contentsCenter == LayerRenderState.unitRect {
                context.draw(surface, in: frame)
            } else {
                drawNinePart(surface.image, in: frame, center: state.contentsCenter, state: state, transform: transform)
            }
        }
    }

    /// Whether `image` drawn over `frame` (bounds space) through `transform` lands one image pixel
    /// on one device pixel: upright, unscaled, at whole pixels.
    static func mapsOneToOne(_ frame: Rect, _ image: Image, under transform: AffineTransform) -> Bool {
        oneToOneCorner(frame, image, under: transform) != nil
    }

    /// The device pixel `image`'s top-left pixel lands on when drawn over `frame` (bounds space)
    /// through `transform` one image pixel to one device pixel; nil when it does not land so.
    static func oneToOneCorner(_ frame: Rect, _ image: Image, under transform: AffineTransform) -> (x: Int, y: Int)? {
        guard isUpright(transform), transform.a > 0, transform.d > 0 else { return nil }
        let target = transform.boundingBox(of: frame)
        let x = target.minX.rounded(), y = target.minY.rounded()
        guard abs(target.width - Double(image.width)) < 1e-6, abs(target.height - Double(image.height)) < 1e-6,
              abs(target.minX - x) < 1e-6, abs(target.minY - y) < 1e-6,
              abs(x) < 1e9, abs(y) < 1e9 else { return nil }
        return (Int(x), Int(y))
    }

    /// Core Animation's nine-part scaling: the corners keep their natural size, the edges stretch
    /// along one axis and the centre along both. Corners that do not fit shrink together. The
    /// inner edges land on whole device pixels, so the pieces meet without a seam.
    private func drawNinePart(_ image: Image, in frame: Rect, center: Rect, state: LayerRenderState,
                              transform: AffineTransform) {
        let contentsScale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        let unit = center.standardized.intersection(LayerRenderState.unitRect)
        guard unit.isFinite, !unit.isNull else { return context.draw(image, in: frame) }
        let width = Double(image.width), height = Double(image.height)
        let sourceX = [0, (unit.minX * width).rounded(), (unit.maxX * width).rounded(), width]
        let sourceY = [0, (unit.minY * height).rounded(), (unit.maxY * height).rounded(), height]
        let targetX = Self.targetEdges(source: sourceX, from: frame.minX, to: frame.maxX, scale: contentsScale)
            .map { PixelSnapping.snappedX($0, under: transform) }
        let targetY = Self.targetEdges(source: sourceY, from: frame.minY, to: frame.maxY, scale: contentsScale)
            .map { PixelSnapping.snappedY($0, under: transform) }
        for row in 0..<3 {
            for column in 0..<3 {
                let source = Rect(x: sourceX[column], y: sourceY[row],
                                  width: sourceX[column + 1] - sourceX[column], height: sourceY[row + 1] - sourceY[row])
                let target = Rect(x: targetX[column], y: targetY[row],
                                  width: targetX[column + 1] - targetX[column], height: targetY[row + 1] - targetY[row])
                guard !source.isEmpty, !target.isEmpty, let piece = image.cropped(toPixels: source) else { continue }
                context.draw(piece, in: target)
            }
        }
    }

    /// The four edges along one axis: the fixed ends at natural size (shrunk together when they
    /// do not fit between `start` and `end`), the stretched middle between them.
    private static func targetEdges(source: [Double], from start: Double, to end: Double, scale: Double) -> [Double] {
        let leading = source[1] / scale, trailing = (source[3] - source[2]) / scale
        let fit = leading + trailing > 0 ? min(1, (end - start) / (leading + trailing)) : 1
        return [start, start + leading * fit, end - trailing * fit, end]
    }
}
