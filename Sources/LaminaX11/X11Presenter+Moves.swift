import CXCB
import LaminaGraphics
import LaminaLayers

extension X11Presenter {
    /// Whether `frame`'s moves can be made in the window: there are some, moving is on, the
    /// window is wholly visible, has been sent a whole frame since it last became so, and shows
    /// `previous` — the frame just before, of the same size as the window and this frame. Under
    /// the lock.
    func canMove(to frame: PresentedFrame, from previous: PresentedFrame?, _ state: State) -> Bool {
        guard options.movesScrolledPixels, !frame.moves.isEmpty, state.isUnobscured, !state.sendsWholeFrameBeforeMoving,
              let previous, previous.id + 1 == frame.id else { return false }
        let size = (width: frame.image.width, height: frame.image.height)
        return previous.image.width == size.width && previous.image.height == size.height && state.windowPixelSize == size
    }

    /// Makes `moves` in the window, in order, each a `CopyArea` of the window onto itself (the
    /// server copies overlapping areas correctly). Under the lock; the caller flushes.
    func move(_ moves: [PixelScroll], in image: Image, _ state: inout State) {
        for move in moves {
            guard let destination = PixelRect(move.destination, clippedTo: image.width, image.height) else { continue }
            xcb_copy_area(connection.raw, windowID, windowID, moveContext,
                          Int16(destination.x - move.dx), Int16(destination.y - move.dy),
                          Int16(destination.x), Int16(destination.y),
                          UInt16(destination.width), UInt16(destination.height))
            state.statistics.pixelMoves += 1
            state.statistics.movedPixelBytes += destination.byteCount
        }
    }
}
