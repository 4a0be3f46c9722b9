import CXCB
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
@_spi(LaminaInternals) import LaminaTrace
@testable import LaminaX11
import XCTest

/// A scrolled frame's pixels moved on the server (`CopyArea`) rather than sent again: only the
/// strip that scrolls into view travels, the window shows every frame exactly, a covered window
/// sends the pixels instead, and a move whose source turned out hidden is repaired.
final class X11ScrollMoveTests: LaminaTestCase {
    func test_aScrolledFrameMovesItsPixelsOnTheServerAndSendsOnlyWhatScrolledIn() throws {
        for options in [X11Presenter.Options(), X11Presenter.Options(usesSharedMemory: false)] {
            try onMainActor {
                let (presenter, window, scroll, rows, events) = try makeScrollScene(options: options)
                defer { events.close() }
                var moves = presenter.statistics.pixelMoves
                for (step, delta) in [17.0, 40, -23, 5, 120, -61].enumerated() {
                    scroll.contentOffset.y += delta
                    if step == 3 { rows[4].backgroundColor = .black }
                    let frame = try XCTUnwrap(window.snapshot())
                    let last = try XCTUnwrap(presenter.lastFrame)
                    XCTAssertEqual(presenter.statistics.pixelMoves, moves + 1, "step \(step): one move")
                    moves = presenter.statistics.pixelMoves
                    let redrawnBytes = last.redrawn.reduce(0) { $0 + Int($1.width * $1.height) * 4 }
                    XCTAssertEqual(presenter.statistics.lastFramePixelBytes, redrawnBytes, "step \(step)")
                    if step != 3 {
                        XCTAssertEqual(redrawnBytes, 240 * Int(abs(delta)) * 4, "step \(step): only the strip that scrolled in")
                    }
                    assertSamePixels(try presenter.readBack(), frame, "step \(step), \(options)")
                }
                XCTAssertEqual(presenter.statistics.incompleteMoves, 0)
            }
        }
    }

    func test_withMovesOffEveryMovedPixelIsSent() throws {
        try onMainActor {
            let (presenter, window, scroll, _, events) = try makeScrollScene(options: .init(movesScrolledPixels: false))
            defer { events.close() }
            scroll.contentOffset.y += 17
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.statistics.pixelMoves, 0)
            XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 240 * 160 * 4, "the whole scrolled region")
            assertSamePixels(try presenter.readBack(), frame)
        }
    }

    func test_aCoveredWindowSendsTheScrolledPixelsInsteadOfMovingThem() throws {
        try onMainActor {
            let (presenter, window, scroll, _, events) = try makeScrollScene()
            defer { events.close() }
            let client = try TestClient(display: try SharedXvfb.display())
            client.cover(x: 0, y: 100, width: 240, height: 60)
            XCTAssertTrue(pump { !presenter.state.withLock { $0.isUnobscured } }, "the server reports the window covered")
            scroll.contentOffset.y += 17
            _ = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.statistics.pixelMoves, 0)
            XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 240 * 160 * 4)
        }
    }

    /// Uncovering a window clears what shows again, and the Expose that repairs it may come
    /// after the next frame: that frame is sent whole instead of moved, and the one after moves.
    func test_aWindowUncoveredSendsTheWholeFrameBeforeItMovesAgain() throws {
        try onMainActor {
            let (presenter, window, scroll, _, events) = try makeScrollScene()
            defer { events.close() }
            var client: TestClient? = try TestClient(display: try SharedXvfb.display())
            client?.cover(x: 0, y: 100, width: 240, height: 60)
            XCTAssertTrue(pump { !presenter.state.withLock { $0.isUnobscured } })
            client = nil  // its window goes with its connection
            XCTAssertTrue(pump { presenter.state.withLock { $0.isUnobscured } }, "uncovered")
            let moves = presenter.statistics.pixelMoves
            scroll.contentOffset.y += 17
            let first = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.statistics.pixelMoves, moves)
            XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 240 * 160 * 4, "the whole frame")
            assertSamePixels(try presenter.readBack(), first)
            scroll.contentOffset.y += 17
            let second = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.statistics.pixelMoves, moves + 1)
            XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 240 * 17 * 4)
            assertSamePixels(try presenter.readBack(), second)
        }
    }

    /// The window is covered after the presenter last heard it was not: the move's source under
    /// the cover holds no pixels, the server says so (GraphicsExpose), and the whole frame is sent
    /// again — so the visible part shows the frame, where the move alone would have left it wrong.
    /// The frame is presented by hand, with the main loop not running, so that the presenter
    /// has not yet heard of the cover when it moves.
    func test_aMoveWhoseSourceWasHiddenSendsTheWholeFrameAgain() throws {
        try onMainActor {
            let (presenter, _, _, _, events) = try makeScrollScene()
            defer { events.close() }
            let previous = try XCTUnwrap(presenter.lastFrame)
            let client = try TestClient(display: try SharedXvfb.display())
            client.cover(x: 0, y: 100, width: 240, height: 60)
            // The previous frame scrolled up 30 pixels, with a green strip scrolling in.
            let (width, height) = (previous.image.width, previous.image.height)
            let image = try Image(width: width, height: height, format: previous.image.format) { pixels, bytesPerRow in
                previous.image.withUnsafePixelBytes { old, oldStride in
                    for y in 0..<height {
                        let row = pixels.baseAddress! + y * bytesPerRow
                        if y < height - 30 {
                            row.copyMemory(from: old.baseAddress! + (y + 30) * oldStride, byteCount: width * 4)
                        } else {
                            for x in 0..<width { row.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: x * 4, as: UInt32.self) }
                        }
                    }
                }
            }
            let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            let strip = Rect(x: 0, y: Double(height - 30), width: Double(width), height: 30)
            presenter.present(PresentedFrame(id: previous.id + 1, image: image, damage: [whole], commits: [],
                                             moves: [PixelScroll(region: whole, dx: 0, dy: -30)], redrawn: [strip]))
            XCTAssertEqual(presenter.statistics.pixelMoves, 1, "moved with the cover unknown")
            XCTAssertEqual(presenter.statistics.lastFramePixelBytes, width * 30 * 4)
            XCTAssertTrue(pump { presenter.statistics.incompleteMoves == 1 }, "the server's GraphicsExpose is answered")
            let shown = try presenter.readBack()
            var wrong = 0
            for y in 0..<100 {
                for x in 0..<width where shown.pixel(x: x, y: y) != image.pixel(x: x, y: y) { wrong += 1 }
            }
            XCTAssertEqual(wrong, 0, "the uncovered rows show the frame")
            XCTAssertFalse(presenter.state.withLock { $0.isUnobscured })
        }
    }
}

/// A window filled by an opaque scroll view of 40 coloured rows, its events connected, shown
/// and known to be unobscured.
@MainActor
private func makeScrollScene(options: X11Presenter.Options = .init())
    throws -> (X11Presenter, Window, ScrollView, [View], X11EventSource) {
    let size = Size(width: 240, height: 160)
    let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size, title: "X11ScrollMoveTests",
                                     options: options)
    let window = try Window(size: size, presenter: presenter)
    let scroll = ScrollView(frame: window.bounds)
    scroll.backgroundColor = .white
    scroll.contentSize = Size(width: 240, height: 2_000)
    let rows = (0..<40).map { index in
        let row = View(frame: Rect(x: 6, y: Double(index) * 48, width: 228, height: 40))
        row.backgroundColor = Color(red: Double(index % 5) / 4, green: Double(index % 3) / 2, blue: Double(index % 7) / 6)
        scroll.addSubview(row)
        return row
    }
    window.addSubview(scroll)
    let events = presenter.connectEvents(to: window)
    _ = window.snapshot()
    XCTAssertTrue(pump { presenter.state.withLock { $0.isUnobscured } }, "the server reports the window unobscured")
    // The first scroll after the window became visible sends the whole frame; the next ones move.
    scroll.contentOffset.y += 1
    _ = window.snapshot()
    XCTAssertFalse(presenter.state.withLock { $0.sendsWholeFrameBeforeMoving })
    return (presenter, window, scroll, rows, events)
}
