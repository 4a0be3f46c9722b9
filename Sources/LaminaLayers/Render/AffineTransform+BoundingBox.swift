import LaminaGraphics

extension AffineTransform {
    /// The smallest axis-aligned rectangle containing `rect` mapped through the transform — what
    /// `apply(to:)` gives, without its intermediate arrays: the compositor asks this for every
    /// layer of every frame. Null stays null.
    func boundingBox(of rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        let r = rect.standardized
        let (minX, maxX, minY, maxY) = (r.origin.x, r.origin.x + r.size.width, r.origin.y, r.origin.y + r.size.height)
        if b == 0 && c == 0 {
            let x0 = a * minX + tx, x1 = a * maxX + tx, y0 = d * minY + ty, y1 = d * maxY + ty
            return Rect(x: Swift.min(x0, x1), y: Swift.min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let xs = (a * minX + c * minY, a * maxX + c * minY, a * minX + c * maxY, a * maxX + c * maxY)
        let ys = (b * minX + d * minY, b * maxX + d * minY, b * minX + d * maxY, b * maxX + d * maxY)
        let left = Swift.min(xs.0, xs.1, xs.2, xs.3), right = Swift.max(xs.0, xs.1, xs.2, xs.3)
        let top = Swift.min(ys.0, ys.1, ys.2, ys.3), bottom = Swift.max(ys.0, ys.1, ys.2, ys.3)
        return Rect(x: left + tx, y: top + ty, width: right - left, height: bottom - top)
    }
}
