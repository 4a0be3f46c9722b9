extension Path {
    /// The magic number of quarter-circle Béziers: control points at this fraction of the radius
    /// from the ends keep the curve within 0.03 % of a true circle.
    static let kappa = 0.5522847498307936

    /// A path tracing `rect` (standardized) as one closed subpath.
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A rectangle with corners rounded by `cornerRadius`, clamped to half the shorter side.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init()
        // Circular corners: one radius for both axes, so clamp it to the shorter side.
        let radius = min(cornerRadius, min(rect.width, rect.height) / 2)
        addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }

    /// A rectangle with elliptical corners, each radius clamped to half its side.
    public init(roundedRect rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Adds `rect` (standardized) as a closed subpath, starting at its top-left corner and
    /// turning clockwise on screen. Non-finite or null rectangles are ignored.
    public mutating func addRect(_ rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        let r = rect.standardized
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds `rect` with elliptical corners `cornerWidth` × `cornerHeight` (each clamped to half
    /// its side; zero gives square corners), clockwise on screen. Non-finite values and negative
    /// radii are ignored.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        guard rect.isFinite, !rect.isNull, cornerWidth.isFinite, cornerHeight.isFinite,
              cornerWidth >= 0, cornerHeight >= 0 else { return }
        let r = rect.standardized
        let rx = min(cornerWidth, r.width / 2), ry = min(cornerHeight, r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        let (kx, ky) = (rx * Self.kappa, ry * Self.kappa)
        move(to: Point(x: r.minX + rx, y: r.minY))
        addLine(to: Point(x: r.maxX - rx, y: r.minY))
        addCurve(to: Point(x: r.maxX, y: r.minY + ry), control1: Point(x: r.maxX - rx + kx, y: r.minY),
                 control2: Point(x: r.maxX, y: r.minY + ry - ky))
        addLine(to: Point(x: r.maxX, y: r.maxY - ry))
        addCurve(to: Point(x: r.maxX - rx, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - ry + ky),
                 control2: Point(x: r.maxX - rx + kx, y: r.maxY))
        addLine(to: Point(x: r.minX + rx, y: r.maxY))
        addCurve(to: Point(x: r.minX, y: r.maxY - ry), control1: Point(x: r.minX + rx - kx, y: r.maxY),
                 control2: Point(x: r.minX, y: r.maxY - ry + ky))
        addLine(to: Point(x: r.minX, y: r.minY + ry))
        addCurve(to: Point(x: r.minX + rx, y: r.minY), control1: Point(x: r.minX, y: r.minY + ry - ky),
                 control2: Point(x: r.minX + rx - kx, y: r.minY))
        closeSubpath()
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting at
    /// the right end of its horizontal axis and turning clockwise on screen. Non-finite or null
    /// rectangles are ignored.
    public mutating func addEllipse(in rect: Rect) {
        guard rect.isFinite, !rect.isNull else { return }
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * Self.kappa, ry * Self.kappa)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }
}
