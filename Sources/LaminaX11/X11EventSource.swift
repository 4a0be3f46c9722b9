import CXCB
import Glibc
import LaminaGraphics
import LaminaLoop
import LaminaUI

/// Delivers an ``X11Presenter``'s window events to a ``/LaminaUI/Window``, as a source of
/// `EventLoop.main`.
/// Main thread.
///
/// The connection's socket is a file-descriptor source of the main loop (in its common modes),
/// so the loop wakes when the server writes; each wake reads events until xcb's queue is empty.
/// xcb also reads events while it waits for a reply (the render thread's MIT-SHM round trip,
/// for one), and those never make the socket readable again: an observer drains the queue again
/// before the loop sleeps (``/LaminaLoop/EventLoop/Order/inputDrain``, ahead of the transaction
/// commit, so what the events change is in this frame).
///
/// - Expose: the exposed part of the last frame is sent again (no re-render).
/// - VisibilityNotify: whether the window is wholly visible, which lets the presenter move a
///   scrolled frame's pixels on the server; GraphicsExpose (such a move found its source
///   hidden): the whole last frame is sent again.
/// - ConfigureNotify: ``/LaminaUI/Window/resize(to:)`` with the new size in points.
/// - Button 1, motion: pointer down, move, up (pointer 0); buttons 4–7: wheel events.
/// - Keys: ``/LaminaUI/Window/send(_:)-(KeyEvent)`` with a ``/LaminaUI/KeyEvent``; an auto-repeat
///   is a down with `isRepeat`.
/// - WM_DELETE_WINDOW (the window manager's close button): the window closes.
/// - DestroyNotify (another client destroyed the window, as `xdotool windowclose` or `xkill -id`
///   does): the window closes.
/// - SelectionRequest, SelectionNotify, SelectionClear, PropertyNotify: the ``clipboard``'s
///   (``X11Clipboard``), which is the window's `Window/pasteboard` while the source runs.
///
/// Closing — ``close()``, WM_DELETE_WINDOW, the window destroyed from outside, or the server
/// going away — removes the source, closes the clipboard (pastes under way give nil),
/// stops presenting, shuts the window's render server down, and calls ``onClose``; it never
/// traps and never waits for the server.
@MainActor
public final class X11EventSource {
    /// Why the window closed.
    public enum CloseReason: Sendable, Hashable {
        /// The window manager asked (WM_DELETE_WINDOW: the close button).
        case windowClosed
        /// Another client destroyed the window (XDestroyWindow).
        case windowDestroyed
        /// The app called ``X11EventSource/close()``.
        case closedByApp
        /// The connection broke: the server went away.
        case connectionLost
    }

    /// A wheel notch scrolls this many points; a positive `dy` scrolls towards the content's
    /// end (wheel down, button 5).
    public static let wheelStep = 40.0

    /// The presenter whose window this source reads.
    public let presenter: X11Presenter
    /// The window events go to.
    public let window: Window
    /// Called once, on the main thread, when the window closes.
    public var onClose: ((CloseReason) -> Void)?
    /// Why the window closed; nil while it is open.
    public private(set) var closeReason: CloseReason?
    /// Events delivered so far (all kinds).
    public private(set) var eventsHandled = 0
    /// The connection's `CLIPBOARD` selection, the window's `Window/pasteboard` from the
    /// moment the source starts.
    public let clipboard: X11Clipboard

    private var socketSource: EventLoop.FileDescriptorSource?
    private var drainObserver: EventLoop.Observer?
    let keyboard: X11Keyboard
    /// An event read ahead while checking a key release for auto-repeat, handled next.
    var lookahead: UnsafeMutablePointer<xcb_generic_event_t>?
    /// Keycodes down, so a press without a release in between counts as a repeat.
    var keysDown: Set<UInt8> = []
    private var isRunningUntilClosed = false

    /// Starts delivering `presenter`'s events to `window` (use
    /// ``X11Presenter/connectEvents(to:)``). A broken connection closes at the first drain.
    init(presenter: X11Presenter, window: Window) {
        self.presenter = presenter
        self.window = window
        keyboard = X11Keyboard(connection: presenter.connection)
        clipboard = X11Clipboard(connection: presenter.connection)
        window.pasteboard = clipboard
        let main = EventLoop.main
        let drain: @Sendable () -> Void = { [weak self] in MainActor.assumeIsolated { self?.drain() } }
        if let source = try? EventLoop.FileDescriptorSource(fileDescriptor: presenter.connection.fileDescriptor,
                                                             name: "X11 connection", { _, _ in drain() }) {
            socketSource = source
            main.add(source, to: .common)
        }
        let observer = EventLoop.Observer(activities: .beforeWaiting, order: EventLoop.Order.inputDrain,
                                          name: "X11 event drain") { _, _ in drain() }
        drainObserver = observer
        main.add(observer, to: .common)
        // A connection that cannot be watched closes now, not at some later drain.
        if socketSource == nil { finish(.connectionLost) }
    }

    deinit {
        // Dropped without closing: leave the loop, so the socket stops waking it for nobody.
        socketSource?.invalidate()
        drainObserver?.invalidate()
    }

    /// Closes the window (see the type's documentation); nothing happens after it has closed.
    public func close() {
        finish(.closedByApp)
    }

    /// Runs `EventLoop.main` in its default mode until the window closes, and returns why; or,
    /// given a `timeout` of real time, nil when it passes first (tests use it so a failure cannot
    /// hang). Main thread.
    @discardableResult
    public func runUntilClosed(timeout: Duration? = nil) -> CloseReason? {
        isRunningUntilClosed = true
        defer { isRunningUntilClosed = false }
        let deadline = timeout.map { EventLoop.Instant.monotonicNow.advanced(by: $0) }
        while closeReason == nil {
            var slice = Duration.seconds(1)
            if let deadline {
                let remaining = EventLoop.Instant.monotonicNow.duration(to: deadline)
                guard remaining > .zero else { return nil }
                slice = min(slice, remaining)
            }
            _ = EventLoop.main.run(mode: .default, timeout: slice, returnAfterSourceHandled: false)
        }
        return closeReason
    }

    /// Handles every event xcb has, reading the socket until it has nothing more; closes when
    /// the connection broke.
    func drain() {
        guard closeReason == nil else { return }
        while closeReason == nil, let event = nextEvent() {
            handle(event)
            free(event)
            eventsHandled += 1
        }
        if closeReason == nil, presenter.connection.hasFailed { finish(.connectionLost) }
    }

    /// The event read ahead, or the next one from xcb (reading the socket when its queue is empty).
    func nextEvent() -> UnsafeMutablePointer<xcb_generic_event_t>? {
        if let event = lookahead {
            lookahead = nil
            return event
        }
        return xcb_poll_for_event(presenter.connection.raw)
    }

    /// Ends delivery once: the source and observer leave the loop, the presenter stops, the
    /// render server shuts down, then `onClose` runs.
    func finish(_ reason: CloseReason) {
        guard closeReason == nil else { return }
        closeReason = reason
        socketSource?.invalidate()
        drainObserver?.invalidate()
        if let event = lookahead { free(event) }
        lookahead = nil
        clipboard.close()
        presenter.close()
        window.renderServer.shutdown()
        onClose?(reason)
        if isRunningUntilClosed { EventLoop.main.stop() }
    }
}

extension X11Presenter {
    /// Delivers this presenter's window events to `window` (the window presenting to it) from
    /// now on, on `EventLoop.main`, and makes the connection's `CLIPBOARD` selection the
    /// window's `Window/pasteboard` (``X11EventSource/clipboard``); keep the returned source to
    /// close the window or wait for it to close. Main thread.
    @MainActor
    public func connectEvents(to window: Window) -> X11EventSource {
        X11EventSource(presenter: self, window: window)
    }
}
