import CCairo

extension GraphicsContext {
    /// Fills `rect` with ``fillColor``. A rectangle that is not finite is a no-op; a negative
    /// size is standardized.
    public func fill(_ rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        paint(state.fillColor, finish: cairo_fill) { addRectangle(rect, to: $0) }
    }

    /// Strokes the outline of `rect` with ``strokeColor`` and the line style, centred on its
    /// edges. A rectangle that is not finite is a no-op.
    public func stroke(_ rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        paint(state.strokeColor, finish: cairo_stroke) { addRectangle(rect, to: $0) }
    }

    /// Fills `path` with ``fillColor`` under `rule`. Open subpaths are closed for filling.
    public func fill(_ path: Path, rule: Path.FillRule = .nonZero) {
        guard !path.isEmpty else { return }
        paint(state.fillColor, finish: cairo_fill) { cairo in
            addPath(path, to: cairo)
            cairo_set_fill_rule(cairo, rule.cairoFillRule)
        }
    }

    /// Strokes `path` with ``strokeColor`` and the line style.
    public func stroke(_ path: Path) {
        guard !path.isEmpty else { return }
        paint(state.strokeColor, finish: cairo_stroke) { addPath(path, to: $0) }
    }

    /// One shape operation: builds the shape, sets `color` and fills or strokes it, beneath its
    /// shadow when one is set.
    private func paint(_ color: Color, finish: (OpaquePointer?) -> Void, shape: (OpaquePointer) -> Void) {
        perform { cairo in
            shape(cairo)
            setSource(color, on: cairo)
            finish(cairo)
        }
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect) {
        fill(Path(ellipseIn: rect))
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: Rect) {
        stroke(Path(ellipseIn: rect))
    }

    /// Fills `rect` with corners rounded by `cornerRadius` (clamped to half the shorter side).
    public func fill(_ rect: Rect, cornerRadius: Double) {
        fill(Path(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// Strokes `rect` with corners rounded by `cornerRadius` (clamped to half the shorter side).
    public func stroke(_ rect: Rect, cornerRadius: Double) {
        stroke(Path(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// Makes `rect` transparent (black in an opaque context), ignoring colours, alpha and shadow
    /// but honouring the clip, as `CGContextClearRect`.
    public func clear(_ rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        addRectangle(rect, to: cairo)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Clears the whole context (within the clip).
    public func clear() {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    func addRectangle(_ rect: Rect, to cairo: OpaquePointer) {
        let r = rect.standardized
        cairo_rectangle(cairo, r.origin.x, r.origin.y, r.size.width, r.size.height)
    }
}
