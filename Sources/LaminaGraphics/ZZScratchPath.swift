// SCRATCH — not committed; replaced by the path branch.
public struct Path: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(to: Point), line(to: Point), quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point), close
    }
    public enum FillRule: Sendable, Hashable { case nonZero, evenOdd }
    public private(set) var elements: [Element] = []
    public init() {}
    public init(rect: Rect) { addRect(rect) }
    public init(ellipseIn rect: Rect) { addEllipse(in: rect) }
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = min(cornerRadius, rect.width / 2, rect.height / 2)
        let k = 0.5522847498 * r
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addLine(to: Point(x: rect.maxX - r, y: rect.minY))
        elements.append(.curve(to: Point(x: rect.maxX, y: rect.minY + r), control1: Point(x: rect.maxX - r + k, y: rect.minY), control2: Point(x: rect.maxX, y: rect.minY + r - k)))
        addLine(to: Point(x: rect.maxX, y: rect.maxY - r))
        elements.append(.curve(to: Point(x: rect.maxX - r, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - r + k), control2: Point(x: rect.maxX - r + k, y: rect.maxY)))
        addLine(to: Point(x: rect.minX + r, y: rect.maxY))
        elements.append(.curve(to: Point(x: rect.minX, y: rect.maxY - r), control1: Point(x: rect.minX + r - k, y: rect.maxY), control2: Point(x: rect.minX, y: rect.maxY - r + k)))
        addLine(to: Point(x: rect.minX, y: rect.minY + r))
        elements.append(.curve(to: Point(x: rect.minX + r, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + r - k), control2: Point(x: rect.minX + r - k, y: rect.minY)))
        closeSubpath()
    }
    public var isEmpty: Bool { elements.isEmpty }
    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) { elements.append(.quadCurve(to: p, control: control)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) { elements.append(.curve(to: p, control1: control1, control2: control2)) }
    public mutating func closeSubpath() { elements.append(.close) }
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY)); addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY)); addLine(to: Point(x: r.minX, y: r.maxY)); closeSubpath()
    }
    public mutating func addEllipse(in r: Rect) {
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (0.5522847498 * rx, 0.5522847498 * ry)
        move(to: Point(x: cx + rx, y: cy))
        elements.append(.curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry)))
        elements.append(.curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky)))
        elements.append(.curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry)))
        elements.append(.curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky)))
        closeSubpath()
    }
}
