import CXCB
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
@testable import LaminaX11
import XCTest

/// The X connection as a source of the main loop: injected input reaches views, resizes lay the
/// window out again, and a close message or a dead server ends the run cleanly.
final class X11EventSourceTests: LaminaTestCase {
    func test_pointerInputInjectedWithXTESTReachesTheViewUnderIt() throws {
        try onMainActor {
            let (_, _, events, probe) = try openProbeWindow(scale: 2)
            let client = try TestClient(display: try SharedXvfb.display())
            // Device pixels: (60, 60) is (30, 30) points, inside the probe.
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 60, y: 60)
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 100, y: 80)
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            client.fake(XCB_BUTTON_PRESS, detail: 5)
            client.fake(XCB_BUTTON_RELEASE, detail: 5)
            XCTAssertTrue(pump { probe.log.count >= 4 }, "\(probe.log)")
            XCTAssertEqual(probe.log, ["down (30, 30)", "move (50, 40)", "up (50, 40)", "wheel 0.0 40.0"])
            events.close()
        }
    }

    func test_eventsXcbQueuedWhileWaitingForAReplyAreDeliveredBeforeTheLoopSleeps() throws {
        try onMainActor {
            let (presenter, _, events, probe) = try openProbeWindow()
            XCTAssertTrue(pump { events.eventsHandled > 0 }, "the map's Expose")
            let client = try TestClient(display: try SharedXvfb.display())
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: 40, y: 40)
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            // A round trip on the presenter's connection: xcb reads the click's events from the
            // socket while it waits for the reply, and queues them. The socket is empty now, so
            // only the drain before sleeping can deliver them.
            _ = try presenter.readBack()
            XCTAssertEqual(probe.log, [])
            EventLoop.main.runOneIteration()
            XCTAssertEqual(probe.log, ["down (40, 40)", "up (40, 40)"])
            events.close()
        }
    }

    func test_keysInjectedWithXTESTReachTheFirstResponderWithTextAndRepeats() throws {
        try onMainActor {
            let (presenter, window, events, probe) = try openProbeWindow()
            XCTAssertTrue(probe.becomeFirstResponder())
            let client = try TestClient(display: try SharedXvfb.display())
            client.focus(presenter.windowID)
            let q = client.keycode(for: 0x71), pageDown = client.keycode(for: 0xFF56), shift = client.keycode(for: 0xFFE1)
            XCTAssertNotEqual(q, 0)
            client.fake(XCB_KEY_PRESS, detail: q)
            client.fake(XCB_KEY_RELEASE, detail: q)
            client.fake(XCB_KEY_PRESS, detail: shift)
            client.fake(XCB_KEY_PRESS, detail: q)
            client.fake(XCB_KEY_RELEASE, detail: q)
            client.fake(XCB_KEY_RELEASE, detail: shift)
            XCTAssertTrue(pump { probe.keys.count >= 6 }, "\(probe.keys)")
            let typed = probe.keys.filter { $0.key == .character("q") }
            XCTAssertEqual(typed.map(\.phase), [.down, .up, .down, .up])
            XCTAssertEqual(typed.map(\.text), ["q", nil, "Q", nil])
            XCTAssertEqual(typed.map { $0.modifiers.contains(.shift) }, [false, false, true, true])
            // Held down, the key auto-repeats (after the server's delay, 660 ms by default): the
            // server's release and press pairs arrive as repeats, with no up in between.
            client.fake(XCB_KEY_PRESS, detail: pageDown)
            XCTAssertTrue(pump { probe.keys.filter { $0.key == .pageDown }.count >= 3 }, "\(probe.keys)")
            client.fake(XCB_KEY_RELEASE, detail: pageDown)
            XCTAssertTrue(pump { probe.keys.last?.phase == .up && probe.keys.last?.key == .pageDown })
            let paging = probe.keys.filter { $0.key == .pageDown }
            XCTAssertEqual(paging.first?.isRepeat, false, "the first press is not a repeat")
            XCTAssertEqual(paging.dropFirst().dropLast().map(\.phase), Array(repeating: .down, count: max(0, paging.count - 2)),
                           "no up between the repeats")
            XCTAssertTrue(paging.dropFirst().dropLast().allSatisfy(\.isRepeat))
            XCTAssertTrue(probe.resignFirstResponder())
            XCTAssertNil(window.firstResponder)
            events.close()
        }
    }

    func test_resizingTheXWindowLaysTheWindowOutAgainAndPresentsAtTheNewSize() throws {
        try onMainActor {
            let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: Size(width: 200, height: 150))
            let window = try FillingWindow(size: Size(width: 200, height: 150), presenter: presenter)
            let probe = InputProbeView()
            window.addSubview(probe)
            let events = presenter.connectEvents(to: window)
            _ = window.snapshot()
            let layoutsBefore = window.layouts
            let client = try TestClient(display: try SharedXvfb.display())
            client.resize(presenter.windowID, width: 320, height: 90)
            XCTAssertTrue(pump { window.size == Size(width: 320, height: 90) }, "ConfigureNotify resizes the window")
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertGreaterThan(window.layouts, layoutsBefore, "the window laid out again")
            XCTAssertEqual(probe.frame, Rect(x: 0, y: 0, width: 320, height: 90))
            XCTAssertEqual(frame.width, 320)
            XCTAssertEqual(frame.height, 90)
            XCTAssertEqual(frame.pixel(x: 310, y: 80), .red, "the probe fills the new size")
            assertSamePixels(try presenter.readBack(), frame, "at the new size")
            // And the other way: the app resizes, the X window follows.
            try window.resize(to: Size(width: 150, height: 100))
            let smaller = try XCTUnwrap(window.snapshot())
            XCTAssertEqual(smaller.width, 150)
            XCTAssertTrue(client.size(of: presenter.windowID)! == (150, 100), "the X window follows the app's resize")
            assertSamePixels(try presenter.readBack(), smaller, "after the app's resize")
            events.close()
        }
    }

    func test_aDeleteWindowMessageEndsTheRunAndShutsTheRenderServerDown() throws {
        try onMainActor {
            let (presenter, window, events, _) = try openProbeWindow()
            var reasons: [X11EventSource.CloseReason] = []
            events.onClose = { reasons.append($0) }
            let client = try TestClient(display: try SharedXvfb.display())
            client.sendDeleteWindow(to: presenter.windowID)
            XCTAssertEqual(events.runUntilClosed(timeout: .seconds(10)), .windowClosed)
            XCTAssertEqual(reasons, [.windowClosed])
            XCTAssertNil(client.size(of: presenter.windowID), "the window was destroyed")
            window.backgroundColor = .blue
            Transaction.flush()
            XCTAssertTrue(EventLoop.main.runUntilIdle(), "a commit after the close leaves no work waiting")
            XCTAssertNil(window.renderServer.renderTreeRoot(), "the render server has shut down")
        }
    }

    func test_aWindowDestroyedByAnotherClientEndsTheRunAndShutsTheRenderServerDown() throws {
        try onMainActor {
            let (presenter, window, events, probe) = try openProbeWindow()
            var reasons: [X11EventSource.CloseReason] = []
            events.onClose = { reasons.append($0) }
            let client = try TestClient(display: try SharedXvfb.display())
            // What `xdotool windowclose` does: XDestroyWindow from another connection.
            client.destroy(presenter.windowID)
            XCTAssertEqual(events.runUntilClosed(timeout: .seconds(10)), .windowDestroyed)
            XCTAssertEqual(reasons, [.windowDestroyed])
            probe.fill = .blue
            probe.setNeedsDisplay()
            Transaction.flush()
            XCTAssertTrue(EventLoop.main.runUntilIdle(), "a commit after the destruction leaves no work waiting")
            XCTAssertNil(window.renderServer.renderTreeRoot(), "the render server has shut down")
            XCTAssertFalse(presenter.connectionHasFailed, "nothing was sent to the destroyed window")
        }
    }

    func test_killingTheServerMidRunClosesTheWindowCleanly() throws {
        try onMainActor {
            let server = try XvfbServer.start(width: 400, height: 300)
            let (presenter, window, events, probe) = try openProbeWindow(display: server.display)
            server.kill()
            probe.fill = .blue
            probe.setNeedsDisplay()
            XCTAssertEqual(events.runUntilClosed(timeout: .seconds(10)), .connectionLost)
            XCTAssertTrue(presenter.connectionHasFailed)
            XCTAssertThrowsError(try presenter.readBack()) { error in
                XCTAssertEqual(error as? X11Error, .connectionLost(display: server.display))
            }
            window.backgroundColor = .green
            Transaction.flush()
            XCTAssertTrue(EventLoop.main.runUntilIdle(), "nothing waits for a frame that will never come")
            events.close()
            XCTAssertEqual(events.closeReason, .connectionLost, "a later close changes nothing")
        }
    }
}

@MainActor
func openProbeWindow(size: Size = Size(width: 200, height: 150), scale: Double = 1,
                  display: String? = nil) throws -> (X11Presenter, Window, X11EventSource, InputProbeView) {
    let presenter = try X11Presenter(displayName: try display ?? SharedXvfb.display(), size: size, scale: scale)
    let window = try Window(size: size, scale: scale, presenter: presenter)
    let probe = InputProbeView(frame: Rect(x: 20, y: 20, width: 80, height: 60))
    window.addSubview(probe)
    let events = presenter.connectEvents(to: window)
    _ = window.snapshot()
    return (presenter, window, events, probe)
}
