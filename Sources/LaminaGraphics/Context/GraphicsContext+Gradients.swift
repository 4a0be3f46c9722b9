import CCairo

extension GraphicsContext {
    /// Paints the clip region with `gradient` along the line from `start` to `end`, as
    /// `CGContextDrawLinearGradient`: without `options` only the band between the lines through
    /// `start` and `end` perpendicular to it is painted. Non-finite points or a gradient without
    /// stops make it a no-op.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point,
                                   options: GradientDrawingOptions = []) {
        guard start.isFinite, end.isFinite, !gradient.stops.isEmpty else { return }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        defer { cairo_pattern_destroy(pattern) }
        // Without padding cairo paints transparency outside the band, which is "not painted"
        // under OVER; cairo pads both ways or neither, so a one-sided option is padding clipped
        // back to the half-plane on the padded side.
        var region: (path: Path, rule: Path.FillRule)?
        switch (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation)) {
        case (true, false): region = (halfPlane(through: end, toward: start), .nonZero)
        case (false, true): region = (halfPlane(through: start, toward: end), .nonZero)
        default: region = nil
        }
        paint(gradient, pattern: pattern, within: region, padded: !options.isEmpty)
    }

    /// Paints the clip region with `gradient` blended between two circles, as
    /// `CGContextDrawRadialGradient`: without `options` only the cone the circles sweep is
    /// painted; `.drawsBeforeStartLocation` fills inside the start circle with the first colour,
    /// `.drawsAfterEndLocation` outside the end circle with the last. Non-finite values, negative
    /// radii or a gradient without stops make it a no-op.
    public func drawRadialGradient(_ gradient: Gradient, startCenter: Point, startRadius: Double,
                                   endCenter: Point, endRadius: Double,
                                   options: GradientDrawingOptions = []) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0, !gradient.stops.isEmpty else { return }
        let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                  endCenter.x, endCenter.y, endRadius)!
        defer { cairo_pattern_destroy(pattern) }
        var region: (path: Path, rule: Path.FillRule)?
        switch (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation)) {
        case (true, false):
            region = (Path(ellipseIn: Self.circle(endCenter, endRadius)), .nonZero)
        case (false, true):
            var outside = Path(rect: clipBoundingBox)
            outside.addEllipse(in: Self.circle(startCenter, startRadius))
            region = (outside, .evenOdd)
        default:
            region = nil
        }
        paint(gradient, pattern: pattern, within: region, padded: !options.isEmpty)
    }

    /// The part of the clip on `toward`'s side of the line through `point` perpendicular to
    /// the direction from `point` to `toward`, as a polygon just large enough to cover the clip.
    private func halfPlane(through point: Point, toward: Point) -> Path {
        let clip = clipBoundingBox
        let (dx, dy) = (toward.x - point.x, toward.y - point.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return Path(rect: clip) }
        let reach = clip.width + clip.height + point.distance(to: clip.center)
        let (ux, uy) = (dx / length * reach, dy / length * reach)
        var path = Path()
        path.move(to: Point(x: point.x - uy, y: point.y + ux))
        path.addLine(to: Point(x: point.x + uy, y: point.y - ux))
        path.addLine(to: Point(x: point.x + uy + ux, y: point.y - ux + uy))
        path.addLine(to: Point(x: point.x - uy + ux, y: point.y + ux + uy))
        path.closeSubpath()
        return path
    }

    private static func circle(_ center: Point, _ radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// Adds the stops (alpha multiplied by the context's), then paints the clip — or `region`
    /// within it — through the shadow pipeline.
    private func paint(_ gradient: Gradient, pattern: OpaquePointer,
                       within region: (path: Path, rule: Path.FillRule)?, padded: Bool) {
        for stop in gradient.stops {
            let color = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, color.red, color.green,
                                              color.blue, color.alpha * state.alpha)
        }
        cairo_pattern_set_extend(pattern, padded ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        perform { cairo in
            cairo_set_source(cairo, pattern)
            if let region {
                addPath(region.path, to: cairo)
                cairo_set_fill_rule(cairo, region.rule.cairoFillRule)
                cairo_fill(cairo)
            } else {
                cairo_paint(cairo)
            }
        }
    }
}
