import CCairo

extension GraphicsContext {
    /// The current transform from user space to the context's points (identity at first; the
    /// scale to pixels is not part of it). Each call below applies its change before this
    /// transform, as the Core Graphics calls of the same names do.
    public var currentTransform: AffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        return AffineTransform(a: matrix.xx / scale, b: matrix.yx / scale, c: matrix.xy / scale,
                               d: matrix.yy / scale, tx: matrix.x0 / scale, ty: matrix.y0 / scale)
    }

    /// Moves the origin by `x`, `y` points. Non-finite values make it a no-op.
    public func translateBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        cairo_translate(cairo, x, y)
    }

    /// Scales user space by `x`, `y`. Zero or non-finite factors make it a no-op, since nothing
    /// could be drawn (or undone) afterwards.
    public func scaleBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite, x != 0, y != 0 else { return }
        cairo_scale(cairo, x, y)
    }

    /// Rotates user space by `angle` radians, clockwise on screen for positive angles.
    /// A non-finite angle makes it a no-op.
    public func rotate(by angle: Double) {
        guard angle.isFinite else { return }
        cairo_rotate(cairo, angle)
    }

    /// Applies `transform` before the current transform. A non-finite or non-invertible
    /// transform makes it a no-op.
    public func concatenate(_ transform: AffineTransform) {
        guard transform.isFinite, transform.inverted() != nil else { return }
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c,
                                    yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &matrix)
    }
}
