import LaminaGraphics

/// What one frame does to the framebuffer: the pixel moves (``/LaminaGraphics/PixelScroll``) to
/// make first, in order, then the ``damage`` to redraw from the render tree.
///
/// The frame's deltas add to it in commit order (``RenderTree/apply(_:to:)``). Damage added
/// before a scroll names pixels that are stale *before* the move, so the scroll carries it
/// along: a stale pixel inside the region ends where the move puts it, and stays damaged there.
/// That is what keeps a frame of several commits exact when one of them scrolls. A value type,
/// made and read on the render thread.
public struct FrameUpdate: Sendable, Hashable, CustomStringConvertible {
    /// The pixels to redraw after the moves, in device pixels.
    public private(set) var damage = Damage()
    /// The pixel moves, in the order they happen.
    public private(set) var scrolls: [PixelScroll] = []

    /// Nothing to do.
    public init() {}

    /// Whether the frame changes no pixel.
    public var isEmpty: Bool { damage.isEmpty && scrolls.isEmpty }

    /// Every pixel the frame changes: the damage and the moved regions — what a presenter that
    /// copies only changed pixels to the screen must copy.
    public var changedPixels: Damage {
        var changed = damage
        for scroll in scrolls { changed.add(scroll.region) }
        return changed
    }

    /// Adds `damage` (pixels stale as things stand now).
    public mutating func add(_ damage: Damage) {
        self.damage.formUnion(damage)
    }

    /// Adds a move of pixels: the damage so far stays where it is and also goes where the move
    /// takes it; what the move exposes is damaged.
    public mutating func add(_ scroll: PixelScroll) {
        let moved = damage.rects.map { $0.intersection(scroll.region).offsetBy(dx: Double(scroll.dx), dy: Double(scroll.dy)) }
        for rect in moved { damage.add(rect.intersection(scroll.region)) }
        for rect in scroll.exposed { damage.add(rect) }
        scrolls.append(scroll)
    }

    public var description: String {
        scrolls.isEmpty ? damage.description : "scroll \(scrolls.map(\.description).joined(separator: ", ")), then \(damage)"
    }
}
