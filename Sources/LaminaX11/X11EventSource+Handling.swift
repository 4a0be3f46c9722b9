import CXCB
import Glibc
import LaminaGraphics
import LaminaUI

extension X11EventSource {
    /// Turns one X event into what it means for the window (see the type's documentation).
    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        let raw = UnsafeMutableRawPointer(event)
        switch Int32(event.pointee.response_type & 0x7F) {
        case XCB_EXPOSE:
            let expose = raw.load(as: xcb_expose_event_t.self)
            presenter.redraw(Rect(x: Double(expose.x), y: Double(expose.y), width: Double(expose.width), height: Double(expose.height)))
        case XCB_VISIBILITY_NOTIFY:
            let visibility = raw.load(as: xcb_visibility_notify_event_t.self)
            guard visibility.window == presenter.windowID else { return }
            presenter.windowVisibilityChanged(isUnobscured: Int32(visibility.state) == XCB_VISIBILITY_UNOBSCURED.rawValue)
        case XCB_GRAPHICS_EXPOSURE:
            // A move (CopyArea) found part of its source hidden; the last of the event's rectangles
            // (count 0) sends the whole frame again. (NoExpose, a move that was whole, is ignored.)
            let exposure = raw.load(as: xcb_graphics_exposure_event_t.self)
            guard exposure.drawable == presenter.windowID, exposure.count == 0 else { return }
            presenter.redrawAfterIncompleteMove()
        case XCB_CONFIGURE_NOTIFY:
            let configure = raw.load(as: xcb_configure_notify_event_t.self)
            guard configure.window == presenter.windowID else { return }
            presenter.windowDidResize(toPixels: Int(configure.width), Int(configure.height))
            let scale = presenter.scale
            // A size the window cannot take (a zero-height border drag) keeps the old one.
            try? window.resize(to: Size(width: Double(configure.width) / scale, height: Double(configure.height) / scale))
        case XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE:
            let button = raw.load(as: xcb_button_press_event_t.self)
            handleButton(button, isPress: Int32(event.pointee.response_type & 0x7F) == XCB_BUTTON_PRESS)
        case XCB_MOTION_NOTIFY:
            let motion = raw.load(as: xcb_motion_notify_event_t.self)
            window.send(PointerEvent(phase: .move, location: location(motion.event_x, motion.event_y)))
        case XCB_KEY_PRESS:
            handleKeyPress(raw.load(as: xcb_key_press_event_t.self))
        case XCB_KEY_RELEASE:
            handleKeyRelease(raw.load(as: xcb_key_release_event_t.self))
        case XCB_CLIENT_MESSAGE:
            let message = raw.load(as: xcb_client_message_event_t.self)
            if message.type == presenter.protocolsAtom, message.data.data32.0 == presenter.deleteWindowAtom {
                finish(.windowClosed)
            }
        case XCB_DESTROY_NOTIFY:
            // Delivered through the window's StructureNotify mask; the window no longer exists,
            // so closing must not destroy it again.
            let destroy = raw.load(as: xcb_destroy_notify_event_t.self)
            guard destroy.window == presenter.windowID else { return }
            presenter.windowWasDestroyed()
            finish(.windowDestroyed)
        case XCB_SELECTION_REQUEST, XCB_SELECTION_NOTIFY, XCB_SELECTION_CLEAR, XCB_PROPERTY_NOTIFY:
            clipboard.handle(event)
        case XCB_MAPPING_NOTIFY:
            keyboard.refresh(after: raw.assumingMemoryBound(to: xcb_mapping_notify_event_t.self))
        default:
            // Errors (type 0) of requests sent without a check, and events not asked for.
            break
        }
    }

    /// A pixel position in the window, in points.
    private func location(_ x: Int16, _ y: Int16) -> Point {
        Point(x: Double(x) / presenter.scale, y: Double(y) / presenter.scale)
    }

    /// Button 1 is the pointer; 4 to 7 are wheel notches (up, down, left, right), reported on
    /// press only. Other buttons are not delivered.
    private func handleButton(_ button: xcb_button_press_event_t, isPress: Bool) {
        let at = location(button.event_x, button.event_y)
        let step = X11EventSource.wheelStep
        switch (button.detail, isPress) {
        case (1, true): window.send(PointerEvent(phase: .down, location: at))
        case (1, false): window.send(PointerEvent(phase: .up, location: at))
        case (4, true): window.send(PointerEvent(phase: .wheel(dx: 0, dy: -step), location: at))
        case (5, true): window.send(PointerEvent(phase: .wheel(dx: 0, dy: step), location: at))
        case (6, true): window.send(PointerEvent(phase: .wheel(dx: -step, dy: 0), location: at))
        case (7, true): window.send(PointerEvent(phase: .wheel(dx: step, dy: 0), location: at))
        default: break
        }
    }

    /// A press of a key already down (no release between: the server reports auto-repeat
    /// "detectably") is a repeat.
    private func handleKeyPress(_ press: xcb_key_press_event_t, isRepeat: Bool = false) {
        let repeated = isRepeat || keysDown.contains(press.detail)
        keysDown.insert(press.detail)
        window.send(keyboard.event(keycode: press.detail, state: press.state, phase: .down, isRepeat: repeated))
    }

    /// Classic auto-repeat sends a release and a press with the same keycode and timestamp for
    /// every repeat: such a pair is one repeat, not an up and a down. The press is looked for
    /// among the events already read or readable now, or within ``repeatPairWait`` (the server
    /// writes the pair back to back, but a busy machine can deliver it in two reads); one that
    /// comes later still is seen as a real release and press.
    private func handleKeyRelease(_ release: xcb_key_release_event_t) {
        if let next = nextEvent() ?? nextEvent(waitingAtMost: Self.repeatPairWait) {
            let type = Int32(next.pointee.response_type & 0x7F)
            let press = UnsafeMutableRawPointer(next).load(as: xcb_key_press_event_t.self)
            if type == XCB_KEY_PRESS, press.detail == release.detail, press.time == release.time {
                free(next)
                handleKeyPress(press, isRepeat: true)
                return
            }
            lookahead = next
        }
        keysDown.remove(release.detail)
        window.send(keyboard.event(keycode: release.detail, state: release.state, phase: .up, isRepeat: false))
    }

    /// How long a key release waits for the press of an auto-repeat pair to arrive.
    static let repeatPairWait = Duration.milliseconds(5)

    /// The next event, waiting up to `timeout` for the connection's socket to have one.
    private func nextEvent(waitingAtMost timeout: Duration) -> UnsafeMutablePointer<xcb_generic_event_t>? {
        var descriptor = pollfd(fd: presenter.connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        return nextEvent()
    }
}
