import LaminaGraphics

/// The part of the framebuffer a frame must re-render: whole-pixel rectangles in device pixels.
///
/// Rectangles that share area are merged into their union as they are added, so the list stays
/// short and no pixel is rendered twice; rectangles that only touch stay apart. Past
/// ``maximumRectCount`` rectangles the damage collapses into their bounding box, because beyond a
/// handful of rectangles one larger clip composites faster than many small ones. A value type,
/// made and read on the render thread.
public struct Damage: Sendable, Hashable, CustomStringConvertible {
    /// More rectangles than this collapse into one.
    public static let maximumRectCount = 16

    /// The damaged rectangles, integral, none overlapping another.
    public private(set) var rects: [Rect] = []

    /// No damage.
    public init() {}

    /// The damage covering `rects` (merged as ``add(_:)`` merges them).
    public init(rects: [Rect]) {
        for rect in rects { add(rect) }
    }

    /// Whether nothing is damaged.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle containing all the damage; ``/LaminaGraphics/Rect/null`` when there
    /// is none.
    public var bounds: Rect {
        rects.reduce(Rect.null) { $0.union($1) }
    }

    /// Adds `rect`, rounded outwards to whole pixels. A rectangle that is not finite (NaN
    /// geometry) or has no area adds nothing.
    public mutating func add(_ rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        var merged = rect.integral
        // A union can reach rectangles the original did not, so look again after each merge.
        while let index = rects.firstIndex(where: { $0.intersects(merged) }) {
            merged = merged.union(rects.remove(at: index))
        }
        rects.append(merged)
        if rects.count > Self.maximumRectCount { rects = [bounds] }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: Damage) {
        for rect in other.rects { add(rect) }
    }

    /// Whether `rect` shares area with the damage.
    public func intersects(_ rect: Rect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    public var description: String {
        rects.isEmpty ? "no damage" : rects.map(\.description).joined(separator: " ")
    }
}
