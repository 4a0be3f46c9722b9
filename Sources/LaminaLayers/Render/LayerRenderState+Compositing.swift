import LaminaGraphics

/// What the damage tracker and the compositor both derive from a layer's state, computed in one
/// place so that what is damaged is exactly what is drawn.
extension LayerRenderState {
    /// The unit rectangle: the default `contentsRect` and `contentsCenter`.
    static let unitRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The part of `contents` that `contentsRect` selects, rounded outwards to whole pixels and
    /// sharing the image's pixels; nil without contents or when the selection misses the image.
    var visibleContents: Image? {
        guard let contents else { return nil }
        guard contentsRect != Self.unitRect else { return contents }
        guard contentsRect.isFinite, !contentsRect.isEmpty else { return nil }
        let w = Double(contents.width), h = Double(contents.height)
        let r = contentsRect.standardized
        return contents.cropped(toPixels: Rect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h))
    }

    /// Where `image` (the visible contents) sits in the bounds: its natural size in points is its
    /// pixel size over `contentsScale`, placed by `contentsGravity`.
    func contentsFrame(for image: Image) -> Rect {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let natural = Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
        return contentsGravity.rect(forContentSize: natural, in: bounds)
    }

    /// The drop shadow to draw, or nil when `shadowOpacity` draws none. Its colour carries the
    /// shadow opacity. `shadowRadius` is taken as the gaussian's standard deviation — the
    /// correspondence commonly measured for Core Animation's (a CSS blur of B matches a
    /// `shadowRadius` of B/2), not documented: Apple calls it only the blur radius — and a CSS
    /// blur is two standard deviations (CSS `box-shadow`), so the graphics context's blur radius
    /// — CSS's convention — is twice the `shadowRadius`.
    var dropShadow: Shadow? {
        guard shadowOpacity > 0, shadowOpacity.isFinite else { return nil }
        let alpha = shadowColor.alpha * min(shadowOpacity, 1)
        return Shadow(offset: shadowOffset, blur: 2 * shadowRadius, color: shadowColor.withAlpha(alpha))
    }

    /// The shadow the layer casts from everything it draws — its own parts and its sublayers —
    /// or nil when it casts none, or casts it from its `shadowPath` instead.
    var castShadow: Shadow? {
        shadowPath == nil ? dropShadow : nil
    }

    /// Whether the layer's opacity applies to it and its sublayers as one picture (a group)
    /// rather than to each part: group opacity is allowed and there are sublayers to group. A
    /// change of this alone changes the pixels of the whole subtree.
    var groupsOpacity: Bool {
        opacity < 1 && allowsGroupOpacity && !sublayers.isEmpty
    }

    /// Whether nothing of the layer or its sublayers is drawn.
    var isInvisible: Bool {
        isHidden || !(opacity > 0)
    }
}
