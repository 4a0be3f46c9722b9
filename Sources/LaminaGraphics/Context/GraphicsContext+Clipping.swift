import CCairo

extension GraphicsContext {
    /// Narrows the clip to its intersection with `rect`; drawing outside is discarded until the
    /// state is restored. A rectangle that is not finite is a no-op.
    public func clip(to rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        addRectangle(rect, to: cairo)
        cairo_clip(cairo)
    }

    /// Narrows the clip to its intersection with the inside of `path` under `rule`. An empty
    /// path clips everything away, as in Core Graphics.
    public func clip(to path: Path, rule: Path.FillRule = .nonZero) {
        addPath(path, to: cairo)
        cairo_set_fill_rule(cairo, rule.cairoFillRule)
        cairo_clip(cairo)
    }

    /// The smallest rectangle, in user space, containing the clip.
    public var clipBoundingBox: Rect {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
}
