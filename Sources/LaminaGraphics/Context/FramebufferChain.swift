/// A framebuffer whose frames are handed out as images without copying them — a swap chain.
///
/// A compositor draws each frame into ``context``; ``handOut()`` returns the pixels as an
/// ``Image`` that shares them, and from then on that buffer is the image's: the next frame is
/// drawn into another buffer (``context(moving:)``), one no image holds any more, or a new one,
/// which first receives the current frame's pixels — with the frame's pixel moves made on the
/// way, in the same pass. So a presented frame costs one copy of the framebuffer, the one that
/// carries its pixels forward, instead of a copy to present plus the moves. Images stay
/// immutable: a buffer is drawn into again only once no image refers to it.
///
/// Owned by one thread at a time (the render thread).
package final class FramebufferChain {
    /// The buffer the current frame is in.
    package private(set) var context: GraphicsContext
    /// Whether an image handed out shares ``context``'s pixels.
    private var isHandedOut = false
    /// Buffers of earlier frames, drawn into again once no image holds them.
    private var spares: [PixelStorage] = []
    /// How many spare buffers are kept: a presenter keeping a few frames holds that many.
    private let spareLimit = 3
    /// Called on every context the chain makes, to set it up as the first one was.
    private let prepare: (GraphicsContext) -> Void

    /// A chain starting at `context`; `prepare` sets up each further buffer's context (its
    /// pixels are already the frame's).
    package init(_ context: GraphicsContext, prepare: @escaping (GraphicsContext) -> Void) {
        self.context = context
        self.prepare = prepare
    }

    /// The context to draw the next frame into, with `moves` made: the current one when no image
    /// holds its pixels (the moves made in place), otherwise a free buffer holding the current
    /// pixels moved.
    package func context(moving moves: [PixelScroll]) -> GraphicsContext {
        guard isHandedOut, let next = freeContext() else {
            for move in moves { context.movePixels(in: move.region, dx: move.dx, dy: move.dy) }
            return context
        }
        next.copyPixels(from: context, moving: moves.count == 1 ? moves[0] : nil)
        if moves.count > 1 {
            for move in moves { next.movePixels(in: move.region, dx: move.dx, dy: move.dy) }
        }
        spares.append(context.storage)
        if spares.count > spareLimit { spares.removeFirst() }
        context = next
        isHandedOut = false
        return next
    }

    /// The current frame as an image sharing its pixels; the next frame goes to another buffer.
    package func handOut() -> Image {
        isHandedOut = true
        return context.sharedImage()
    }

    /// A context over a spare buffer no image holds, or over a new one; nil when a new one
    /// cannot be made (then the frame is drawn in place and handed out by copy).
    private func freeContext() -> GraphicsContext? {
        let current = context
        var storage: PixelStorage?
        for index in spares.indices.reversed() where isKnownUniquelyReferenced(&spares[index]) {
            storage = spares.remove(at: index)
            break
        }
        let pixels = storage ?? PixelStorage(byteCount: current.storage.byteCount)
        guard let next = try? GraphicsContext(size: current.size, scale: current.scale, opaque: current.isOpaque,
                                              pixelWidth: current.pixelWidth, pixelHeight: current.pixelHeight,
                                              storage: pixels) else { return nil }
        prepare(next)
        return next
    }
}
