import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A scroll view's offsets land on whole device pixels, so the render server shows its scrolls
/// by moving pixels — and the frames it makes that way equal full recomposites.
final class ScrollViewPixelTests: LaminaTestCase {
    func test_scrollingLandsOnWholePixelsAndTheRenderServerMovesThePixels() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { clock in
                let window = try makeWindow(size: Size(width: 100, height: 100), scale: 2)
                let scroll = ScrollView(frame: window.bounds)
                XCTAssertTrue(scroll.clipsToBounds, "a scroll view clips, as UIScrollView does")
                scroll.backgroundColor = .white
                scroll.contentSize = Size(width: 100, height: 2_000)
                for row in 0..<40 {
                    let cell = View(frame: Rect(x: 4, y: Double(row) * 50.25, width: 92, height: 40.5))
                    cell.backgroundColor = row % 2 == 0 ? .red : Color(red: 0, green: 0, blue: 1, alpha: 0.5)
                    scroll.addSubview(cell)
                }
                window.addSubview(scroll)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(50))
                var offsets: [Double] = []
                scroll.didScroll = { offsets.append($0.contentOffset.y) }

                let (_, trace) = recordingTrace {
                    // A fling at fractional points: a drag, momentum, then an animated offset.
                    window.send(PointerEvent(phase: .down, location: Point(x: 50, y: 90)))
                    clock.advance(by: .milliseconds(10))
                    window.send(PointerEvent(phase: .move, location: Point(x: 50, y: 73.3)))
                    clock.advance(by: .milliseconds(10))
                    window.send(PointerEvent(phase: .move, location: Point(x: 50, y: 51.7)))
                    window.send(PointerEvent(phase: .up, location: Point(x: 50, y: 51.7)))
                    _ = EventLoop.main.run(mode: .default, timeout: .seconds(2))
                    scroll.setContentOffset(Point(x: 0, y: 100.3), animated: true)
                    _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(400))
                }
                XCTAssertGreaterThan(offsets.count, 20)
                XCTAssertEqual(offsets.last, 100.3, "an animation lands exactly where it was sent")
                let unaligned = offsets.dropLast().filter { ($0 * 2).rounded() != $0 * 2 }
                XCTAssertEqual(unaligned, [], "drag, momentum and animation frames are on whole pixels")
                let moved = trace.occurrences(of: .composite).filter { $0.arguments["scroll"] != nil }
                XCTAssertGreaterThan(moved.count, 10, "frames moved pixels instead of redrawing the view")

                let image = try XCTUnwrap(window.snapshot())
                XCTAssertEqual(window.renderServer.recompositeFromScratch(), image, "the same frame as a fresh composite")
            }
        }
    }
}
