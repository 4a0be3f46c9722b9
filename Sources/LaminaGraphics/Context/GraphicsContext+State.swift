import CCairo

extension GraphicsContext {
    /// Pushes a copy of the whole graphics state (colours, alpha, shadow, line style, transform,
    /// clip, interpolation); ``restoreGState()`` pops it.
    public func saveGState() {
        cairo_save(cairo)
        savedStates.append(state)
    }

    /// Pops the state saved by the matching ``saveGState()``. Without one (or past the start of
    /// the open transparency layer) it does nothing, as Core Graphics does.
    public func restoreGState() {
        guard savedStates.count > (transparencyLayerBases.last ?? 0), let saved = savedStates.popLast() else { return }
        cairo_restore(cairo)
        state = saved
    }

    /// Runs `body` between ``saveGState()`` and ``restoreGState()``, so nothing it changes in the
    /// graphics state outlives it.
    public func withSavedState<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    /// The colour shapes are filled with. Black by default.
    public var fillColor: Color {
        get { state.fillColor }
        set { state.fillColor = newValue }
    }

    /// The colour lines are stroked with. Black by default.
    public var strokeColor: Color {
        get { state.strokeColor }
        set { state.strokeColor = newValue }
    }

    /// The opacity every drawing operation is multiplied by (0…1, clamped; NaN is ignored).
    public var alpha: Double {
        get { state.alpha }
        set { if !newValue.isNaN { state.alpha = min(max(newValue, 0), 1) } }
    }

    /// The drop shadow drawn beneath what follows, or `nil` for none (the default).
    public var shadow: Shadow? {
        get { state.shadow }
        set { state.shadow = newValue }
    }

    /// How images are resampled by ``draw(_:in:)``. `.medium` by default.
    public var interpolationQuality: InterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// The width of stroked lines in points. 1 by default; negative or non-finite values are
    /// ignored.
    public var lineWidth: Double {
        get { cairo_get_line_width(cairo) }
        set { if newValue.isFinite, newValue >= 0 { cairo_set_line_width(cairo, newValue) } }
    }

    /// How open line ends are drawn. `.butt` by default.
    public var lineCap: LineCap {
        get {
            switch cairo_get_line_cap(cairo) {
            case CAIRO_LINE_CAP_ROUND: .round
            case CAIRO_LINE_CAP_SQUARE: .square
            default: .butt
            }
        }
        set {
            let cap = switch newValue {
            case .butt: CAIRO_LINE_CAP_BUTT
            case .round: CAIRO_LINE_CAP_ROUND
            case .square: CAIRO_LINE_CAP_SQUARE
            }
            cairo_set_line_cap(cairo, cap)
        }
    }

    /// How stroked corners are drawn. `.miter` by default.
    public var lineJoin: LineJoin {
        get {
            switch cairo_get_line_join(cairo) {
            case CAIRO_LINE_JOIN_ROUND: .round
            case CAIRO_LINE_JOIN_BEVEL: .bevel
            default: .miter
            }
        }
        set {
            let join = switch newValue {
            case .miter: CAIRO_LINE_JOIN_MITER
            case .round: CAIRO_LINE_JOIN_ROUND
            case .bevel: CAIRO_LINE_JOIN_BEVEL
            }
            cairo_set_line_join(cairo, join)
        }
    }

    /// The longest a miter may be, as a multiple of the line width, before it is bevelled.
    /// 10 by default, as in Core Graphics; values below 1 or not finite are ignored.
    public var miterLimit: Double {
        get { cairo_get_miter_limit(cairo) }
        set { if newValue.isFinite, newValue >= 1 { cairo_set_miter_limit(cairo, newValue) } }
    }

    /// Strokes dashed: alternating on and off `lengths` in points, starting `phase` points into
    /// the pattern. An empty array strokes solid lines again. Lengths that are negative, not
    /// finite, or all zero make the call a no-op.
    public func setLineDash(phase: Double = 0, lengths: [Double]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        guard lengths.isEmpty || lengths.contains(where: { $0 > 0 }) else { return }
        cairo_set_dash(cairo, lengths, Int32(lengths.count), phase)
    }
}
