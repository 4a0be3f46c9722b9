import CCairo

extension GraphicsContext {
    /// One drawing operation: builds its shape, sets its source and paints, on the cairo context
    /// it is given. The same operation runs once on a shadow mask (when a shadow is set) and once
    /// on this context, so shapes, images and gradients all cast shadows through one code path.
    typealias Operation = (_ cairo: OpaquePointer) -> Void

    /// Runs `operation`, beneath its shadow when one is set.
    func perform(_ operation: Operation) {
        if let shadow = state.shadow, shadow.color.alpha > 0 {
            drawShadow(of: operation, shadow)
        }
        operation(cairo)
    }

    /// Sets `color`, multiplied by the context's ``alpha``, as the source of `target`.
    func setSource(_ color: Color, on target: OpaquePointer) {
        cairo_set_source_rgba(target, color.red, color.green, color.blue, color.alpha * state.alpha)
    }

    /// Gives `target` this context's stroke and fill settings, so an operation replayed there
    /// (the shadow mask) covers exactly the same pixels.
    func copyStrokeSettings(to target: OpaquePointer) {
        cairo_set_line_width(target, cairo_get_line_width(cairo))
        cairo_set_line_cap(target, cairo_get_line_cap(cairo))
        cairo_set_line_join(target, cairo_get_line_join(cairo))
        cairo_set_miter_limit(target, cairo_get_miter_limit(cairo))
        cairo_set_fill_rule(target, cairo_get_fill_rule(cairo))
        let dashCount = Int(cairo_get_dash_count(cairo))
        guard dashCount > 0 else { return }
        var dashes = [Double](repeating: 0, count: dashCount)
        var offset = 0.0
        cairo_get_dash(cairo, &dashes, &offset)
        cairo_set_dash(target, dashes, Int32(dashCount), offset)
    }
}
