@testable import LaminaGraphics
import Testing

/// `FramebufferChain`: frames handed out without a copy stay as they were, the next frame starts
/// from the current pixels with its moves made, and buffers are reused once no image holds them.
@Suite struct FramebufferChainTests {
    @Test func aHandedOutFrameNeverChangesAndTheNextStartsFromItsPixels() throws {
        let chain = FramebufferChain(try numberedContext()) { _ in }
        let first = chain.handOut()
        let copy = try numberedContext().makeImage()
        let next = chain.context(moving: [])
        #expect(next.storage !== first.storage, "the image's buffer is not drawn into again")
        #expect(next.makeImage() == first, "the next frame starts from the current pixels")
        next.fillColor = .black
        next.fill(next.bounds)
        #expect(first == copy, "drawing the next frame leaves the handed-out image as it was")
        #expect(chain.context(moving: []) === next, "until it is handed out, a frame stays in its buffer")
    }

    @Test(arguments: [(3, -2), (-4, 1), (0, 5), (2, 0), (0, -40)])
    func theMoveMadeWhileCopyingEqualsTheMoveMadeInPlace(move: (dx: Int, dy: Int)) throws {
        let region = Rect(x: 2, y: 1, width: 8.5, height: 7)
        let reference = try numberedContext()
        reference.movePixels(in: region, dx: move.dx, dy: move.dy)
        let chain = FramebufferChain(try numberedContext()) { _ in }
        _ = chain.handOut()
        let moved = chain.context(moving: [.init(region: region, dx: move.dx, dy: move.dy)])
        #expect(moved.makeImage() == reference.makeImage())
    }

    @Test func severalMovesAreMadeInOrder() throws {
        let moves: [PixelScroll] = [.init(region: Rect(x: 0, y: 0, width: 12, height: 10), dx: 0, dy: -3),
                                              .init(region: Rect(x: 2, y: 2, width: 6, height: 6), dx: 2, dy: 1)]
        let reference = try numberedContext()
        for move in moves { reference.movePixels(in: move.region, dx: move.dx, dy: move.dy) }
        let chain = FramebufferChain(try numberedContext()) { _ in }
        _ = chain.handOut()
        #expect(chain.context(moving: moves).makeImage() == reference.makeImage())
    }

    @Test func buffersAreReusedOnlyOnceNoImageHoldsThem() throws {
        var prepared = 0
        let chain = FramebufferChain(try numberedContext()) { _ in prepared += 1 }
        var buffers: Set<ObjectIdentifier> = [ObjectIdentifier(chain.context.storage)]
        var kept: Image? = chain.handOut()
        for _ in 0..<6 {
            let next = chain.context(moving: [])
            #expect(next.storage !== kept?.storage, "a buffer an image holds is never drawn into")
            buffers.insert(ObjectIdentifier(next.storage))
            _ = chain.handOut()
        }
        #expect(buffers.count == 3, "frames whose images are gone give their buffers back: two besides the kept one")
        kept = nil
        for _ in 0..<6 {
            buffers.insert(ObjectIdentifier(chain.context(moving: []).storage))
            _ = chain.handOut()
        }
        #expect(buffers.count == 3, "no buffer is made while one is free")
        #expect(prepared == 12, "every context the chain makes is prepared")
        #expect(kept == nil)
    }
}
