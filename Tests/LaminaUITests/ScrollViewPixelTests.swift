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
                let scroll = Self.stripedScrollView(frame: window.bounds, rows: 40)
                XCTAssertTrue(scroll.clipsToBounds, "a scroll view clips, as UIScrollView does")
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
    /// What a presenter that keeps the last frame on its screen (the X11 window) does with a
    /// frame's moves: made in order over the previous frame, then `redrawn` copied from the new
    /// one, they give the new frame exactly — replayed here on plain pixel arrays, independently
    /// of the compositor's own move.
    func test_eachFramesMovesAndRedrawnRectanglesRebuildItFromThePreviousFrame() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { clock in
                let window = try makeWindow(size: Size(width: 120, height: 90), scale: 2)
                let scroll = Self.stripedScrollView(frame: Rect(x: 10, y: 5, width: 100, height: 80), rows: 60)
                window.addSubview(scroll)
                let badge = View(frame: Rect(x: 60, y: 30, width: 30, height: 12))
                badge.backgroundColor = Color(red: 0, green: 0.6, blue: 0, alpha: 0.7)
                window.addSubview(badge)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(50))
                let framesBefore = presentedFrames(of: window).count
                for (step, offset) in [7.5, 31, 30.5, 12, -20, -43.5, 200, 180.5].enumerated() {
                    scroll.contentOffset = Point(x: 0, y: offset + 300)
                    if step == 3 { badge.frame.origin.x -= 9 }
                    clock.advance(by: .milliseconds(17))
                    _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(1))
                }
                let frames = Array(presentedFrames(of: window).dropFirst(framesBefore - 1))
                XCTAssertGreaterThanOrEqual(frames.count, 8)
                var moved = 0
                for (previous, frame) in zip(frames, frames.dropFirst()) {
                    XCTAssertEqual(frame.id, previous.id + 1)
                    if frame.moves.isEmpty {
                        XCTAssertEqual(frame.redrawn, frame.damage)
                        continue
                    }
                    // A jump further than the view is tall moves nothing into view: all is redrawn.
                    if frame.moves.contains(where: { !$0.destination.isEmpty }) {
                        moved += 1
                        let redrawnArea = frame.redrawn.reduce(0) { $0 + $1.width * $1.height }
                        let damagedArea = frame.damage.reduce(0) { $0 + $1.width * $1.height }
                        XCTAssertLessThan(redrawnArea, damagedArea, "frame \(frame.id) redraws less than it changes")
                    }
                    XCTAssertEqual(Self.replay(frame, over: previous.image), Self.pixels(of: frame.image), "frame \(frame.id)")
                }
                XCTAssertGreaterThanOrEqual(moved, 5, "the short scrolls were moves")
            }
        }
    }

    /// An opaque white scroll view 100 points wide whose content is `rows` cells 50.25 points
    /// apart (quarter-point offsets, half-point heights), red and translucent blue in turn.
    @MainActor
    private static func stripedScrollView(frame: Rect, rows: Int) -> ScrollView {
        let scroll = ScrollView(frame: frame)
        scroll.backgroundColor = .white
        scroll.contentSize = Size(width: 100, height: Double(rows) * 50)
        for row in 0..<rows {
            let cell = View(frame: Rect(x: 4, y: Double(row) * 50.25, width: 92, height: 40.5))
            cell.backgroundColor = row % 2 == 0 ? .red : Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            scroll.addSubview(cell)
        }
        return scroll
    }

    /// The previous frame's pixels with `frame`'s moves made in order, then its redrawn
    /// rectangles copied from it.
    private static func replay(_ frame: PresentedFrame, over previous: Image) -> [UInt32] {
        var screen = Self.pixels(of: previous)
        let new = Self.pixels(of: frame.image)
        let width = previous.width
        for move in frame.moves {
            let before = screen
            let region = move.region
            for y in Int(region.minY)..<Int(region.maxY) {
                for x in Int(region.minX)..<Int(region.maxX) {
                    let (sourceX, sourceY) = (x - move.dx, y - move.dy)
                    guard region.contains(Point(x: Double(sourceX) + 0.5, y: Double(sourceY) + 0.5)) else { continue }
                    screen[y * width + x] = before[sourceY * width + sourceX]
                }
            }
        }
        for rect in frame.redrawn {
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) { screen[y * width + x] = new[y * width + x] }
            }
        }
        return screen
    }

    private static func pixels(of image: Image) -> [UInt32] {
        image.withUnsafePixelBytes { bytes, stride in
            (0..<image.height).flatMap { y in
                (0..<image.width).map { x in bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
            }
        }
    }
}
