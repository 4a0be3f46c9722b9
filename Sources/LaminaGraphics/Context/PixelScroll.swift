/// A move of already-drawn pixels inside a region, by whole device pixels: what a frame does
/// instead of redrawing a scrolled layer.
///
/// When a commit changes nothing about a layer but its bounds origin — a scroll view scrolling —
/// and the layer clips to its bounds over an opaque background, the pixels inside it on screen
/// are the same picture moved, so the render server copies them (``dx``, ``dy``) pixels over
/// inside ``region`` and redraws only what the move exposes and what other layers draw over the
/// region. Core Animation's render server draws the layer's texture at its new place on the GPU
/// instead. The render tree finds scrolls (`RenderTree.apply(_:to:)`), the frame's update keeps
/// the damage consistent with them (`FrameUpdate`), and the compositor makes them
/// (`GraphicsContext.movePixels(in:dx:dy:)`, `FramebufferChain`).
public struct PixelScroll: Sendable, Hashable, CustomStringConvertible {
    /// The pixels that move, and the only ones the move writes: the scrolled layer's visible
    /// rectangle, whole pixels inside every clip above it.
    public let region: Rect
    /// How far the pixels move right (left when negative), in whole device pixels: the content
    /// moves against the bounds origin (an origin growing by 10 points at scale 2 moves the pixels
    /// by −20).
    public let dx: Int
    /// How far the pixels move down (up when negative), in whole device pixels; as ``dx``.
    public let dy: Int

    /// A move of the pixels in `region` by `dx`, `dy`.
    public init(region: Rect, dx: Int, dy: Int) {
        self.region = region
        self.dx = dx
        self.dy = dy
    }

    /// Where the moved pixels land: the part of ``region`` a pixel of the region moves onto.
    public var destination: Rect {
        region.offsetBy(dx: Double(dx), dy: Double(dy)).intersection(region)
    }

    /// The parts of ``region`` no pixel moves onto: what scrolls into view, to redraw. At most
    /// two rectangles (a band along each axis the move has).
    public var exposed: [Rect] {
        region.subtracting(destination)
    }

    public var description: String {
        "\(region) by (\(dx), \(dy))"
    }
}
