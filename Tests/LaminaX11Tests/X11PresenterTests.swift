import CXCB
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
@testable import LaminaX11
import XCTest

/// Frames shown in a window of an Xvfb the test starts: the pixels the server holds equal the
/// render server's frames, and only damaged rectangles travel.
final class X11PresenterTests: LaminaTestCase {
    func test_theWindowShowsEachFrameThroughSharedMemory() throws {
        try onMainActor {
            let (presenter, window, views) = try makeScene()
            try assertFramesShown(presenter, window, views)
            XCTAssertEqual(presenter.statistics.lastPath, .sharedMemory, "Xvfb offers MIT-SHM to a local client")
            XCTAssertEqual(presenter.statistics.framesPresented, 3)
        }
    }

    func test_theWindowShowsEachFrameThroughPutImageInSmallBands() throws {
        try onMainActor {
            // 2 KB bands: a 200-pixel row is 800 bytes, so two rows a band.
            let (presenter, window, views) = try makeScene(options: .init(usesSharedMemory: false, maximumBandBytes: 2048))
            let firstFrameRequests = try XCTUnwrap(window.snapshot()).height / 2
            XCTAssertEqual(presenter.statistics.imageRequests, firstFrameRequests, "a 150-row frame in 2-row bands")
            try assertFramesShown(presenter, window, views)
            XCTAssertEqual(presenter.statistics.lastPath, .putImage)
        }
    }

    func test_aSharedSegmentTheServerRefusesFallsBackToPutImage() throws {
        try onMainActor {
            var options = X11Presenter.Options()
            options.attachesUnknownSegment = true
            let (presenter, window, views) = try makeScene(options: options)
            try assertFramesShown(presenter, window, views)
            XCTAssertEqual(presenter.statistics.lastPath, .putImage)
            XCTAssertEqual(presenter.statistics.sharedMemoryFallbacks, 1, "tried once, then PutImage for good")
            XCTAssertFalse(presenter.connectionHasFailed, "a refused attach is an error reply, not a broken connection")
        }
    }

    func test_aBandOfOneRowStillCarriesARowWiderThanTheBandLimit() throws {
        try onMainActor {
            let (presenter, window, _) = try makeScene(options: .init(usesSharedMemory: false, maximumBandBytes: 16))
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(presenter.statistics.imageRequests, frame.height, "one request per row")
            assertSamePixels(try presenter.readBack(), frame)
        }
    }

    func test_theWindowHonoursTheScale() throws {
        try onMainActor {
            let (presenter, window, _) = try makeScene(size: Size(width: 100, height: 60), scale: 2)
            let frame = try XCTUnwrap(window.snapshot())
            let shown = try presenter.readBack()
            XCTAssertEqual(shown.width, 200, "the window is in device pixels")
            XCTAssertEqual(shown.height, 120)
            assertSamePixels(shown, frame)
            XCTAssertEqual(shown.pixel(x: 30, y: 30), .red, "the first view, at (10, 10) points, covers pixel (30, 30)")
        }
    }

    func test_aFrameWhereOneLabelSizedRegionChangedSendsOnlyThatRegion() throws {
        for options in [X11Presenter.Options(), X11Presenter.Options(usesSharedMemory: false)] {
            try onMainActor {
                let size = Size(width: 1280, height: 800)
                let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size, options: options)
                let window = try Window(size: size, presenter: presenter)
                let label = InputProbeView(frame: Rect(x: 400, y: 300, width: 320, height: 120))
                window.addSubview(label)
                _ = window.snapshot()
                XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 1280 * 800 * 4, "the first frame is whole")
                label.fill = .blue
                label.setNeedsDisplay()
                let frame = try XCTUnwrap(window.snapshot())
                XCTAssertEqual(presenter.statistics.lastFramePixelBytes, 320 * 120 * 4, "\(options)")
                XCTAssertEqual(presenter.lastFrame?.damage, [Rect(x: 400, y: 300, width: 320, height: 120)])
                assertSamePixels(try presenter.readBack(), frame)
            }
        }
    }

    func test_anExposeResendsTheExposedRegionFromTheLastFrameWithoutARender() throws {
        try onMainActor {
            let (presenter, window, _) = try makeScene()
            let events = presenter.connectEvents(to: window)
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertTrue(pump { events.eventsHandled > 0 }, "the map's Expose arrives")
            let client = try TestClient(display: try SharedXvfb.display())
            let exposesBefore = presenter.statistics.exposesRedrawn
            let framesBefore = presenter.statistics.framesPresented
            client.expose(presenter.windowID, x: 0, y: 0, width: 120, height: 100)
            XCTAssertEqual(try presenter.readBack().pixel(x: 20, y: 20), .black, "the server cleared the area")
            XCTAssertTrue(pump { presenter.statistics.exposesRedrawn > exposesBefore })
            assertSamePixels(try presenter.readBack(), frame, "after the Expose")
            XCTAssertEqual(presenter.statistics.framesPresented, framesBefore, "no new frame was rendered")
            events.close()
        }
    }

    func test_theWindowHasItsTitleClassAndCloseProtocol() throws {
        try onMainActor {
            let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: Size(width: 50, height: 50),
                                             title: "Feed – Lamina", windowClass: "LaminaFeed")
            let client = try TestClient(display: try SharedXvfb.display())
            XCTAssertEqual(String(decoding: client.property("_NET_WM_NAME", of: presenter.windowID), as: UTF8.self), "Feed – Lamina")
            XCTAssertEqual(client.property("WM_CLASS", of: presenter.windowID), Array("laminafeed\0LaminaFeed\0".utf8))
            let protocols = client.property("WM_PROTOCOLS", of: presenter.windowID)
            XCTAssertEqual(protocols.count, 4)
            let atom = protocols.withUnsafeBytes { $0.load(as: UInt32.self) }
            XCTAssertEqual(atom, client.atom("WM_DELETE_WINDOW"))
        }
    }
}

/// A window with three views, presenting through `options`.
@MainActor
func makeScene(size: Size = Size(width: 200, height: 150), scale: Double = 1,
                       options: X11Presenter.Options = .init()) throws -> (X11Presenter, Window, [InputProbeView]) {
    let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size, scale: scale,
                                     title: "X11PresenterTests", options: options)
    let window = try Window(size: size, scale: scale, presenter: presenter)
    let views = [Rect(x: 10, y: 10, width: 60, height: 40), Rect(x: 90, y: 30, width: 70, height: 90),
                 Rect(x: 30, y: 80, width: 40, height: 50)].map { InputProbeView(frame: $0) }
    for (view, colour) in zip(views, [Color.red, Color(red: 0.2, green: 0.4, blue: 0.8), Color(white: 0.3)]) {
        view.fill = colour
        window.addSubview(view)
    }
    return (presenter, window, views)
}

/// The frames of a few changes, each compared with what the server shows.
@MainActor
func assertFramesShown(_ presenter: X11Presenter, _ window: Window, _ views: [InputProbeView],
                               file: StaticString = #filePath, line: UInt = #line) throws {
    let first = try XCTUnwrap(window.snapshot(), file: file, line: line)
    assertSamePixels(try presenter.readBack(), first, "first frame", file: file, line: line)
    views[0].fill = .green
    views[0].setNeedsDisplay()
    let second = try XCTUnwrap(window.snapshot(), file: file, line: line)
    XCTAssertEqual(presenter.lastFrame?.damage.count, 1, "only the changed view is damaged", file: file, line: line)
    assertSamePixels(try presenter.readBack(), second, "after a damaged-only update", file: file, line: line)
    views[1].frame.origin.x += 17
    views[2].alpha = 0.5
    let third = try XCTUnwrap(window.snapshot(), file: file, line: line)
    assertSamePixels(try presenter.readBack(), third, "after a move and an opacity change", file: file, line: line)
}
