import LaminaGraphics

/// Device-pixel snapping, as Core Animation does it: only when a layer's accumulated transform
/// is a translation with a whole-number scale (any rotation, skew or fractional scale is drawn
/// as it falls, filtered), and by rounding each *edge* of the bounds to the nearest pixel rather
/// than the origin and the size separately. Two layers that share an edge in points therefore
/// share it in pixels: they neither leave a gap nor overlap, whatever their fractional positions.
///
/// Halves round up (towards +∞), never away from zero: snapping then commutes with a move by whole
/// pixels (an edge at −0.5 lands where the same edge at +0.5 lands, one pixel lower), which is
/// what lets the render server scroll a layer by moving its pixels (``PixelScroll``) and get the
/// pixels a redraw would give.
enum PixelSnapping {
    /// `transform` (bounds space → device pixels), changed so that the edges of `bounds` land on
    /// whole pixels, when it is a translation with a whole-number scale; otherwise `transform`.
    static func snapped(_ transform: AffineTransform, for bounds: Rect) -> AffineTransform {
        guard isSnappable(transform), bounds.isFinite else { return transform }
        let b = bounds.standardized
        let (sx, tx) = snappedAxis(scale: transform.a, offset: transform.tx, min: b.minX, max: b.maxX)
        let (sy, ty) = snappedAxis(scale: transform.d, offset: transform.ty, min: b.minY, max: b.maxY)
        return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    /// Whether `transform` only translates and scales by the same positive whole number on both
    /// axes.
    static func isSnappable(_ transform: AffineTransform) -> Bool {
        guard transform.isFinite, transform.b == 0, transform.c == 0, transform.a == transform.d,
              transform.a > 0 else { return false }
        return abs(transform.a - transform.a.rounded()) < 1e-9
    }

    /// The scale and offset that map `min` and `max` onto their rounded device positions.
    private static func snappedAxis(scale: Double, offset: Double, min: Double, max: Double) -> (Double, Double) {
        let low = nearestPixel(scale * min + offset), high = nearestPixel(scale * max + offset)
        guard max > min else { return (scale, low - scale * min) }
        let snappedScale = (high - low) / (max - min)
        // A layer narrower than half a pixel rounds to nothing; keep its scale so it still draws.
        guard snappedScale > 0 else { return (scale, low - scale * min) }
        return (snappedScale, low - snappedScale * min)
    }

    /// `x` (a coordinate in bounds space) moved so that `transform` puts it on a whole device
    /// pixel along the x axis, when `transform` is axis-aligned; used for nine-part edges.
    static func snappedX(_ x: Double, under transform: AffineTransform) -> Double {
        guard transform.b == 0, transform.c == 0, transform.a != 0 else { return x }
        return (nearestPixel(transform.a * x + transform.tx) - transform.tx) / transform.a
    }

    /// The y-axis counterpart of ``snappedX(_:under:)``.
    static func snappedY(_ y: Double, under transform: AffineTransform) -> Double {
        guard transform.b == 0, transform.c == 0, transform.d != 0 else { return y }
        return (nearestPixel(transform.d * y + transform.ty) - transform.ty) / transform.d
    }

    /// The whole pixel nearest `x`, halves rounding up.
    static func nearestPixel(_ x: Double) -> Double {
        (x + 0.5).rounded(.down)
    }
}
