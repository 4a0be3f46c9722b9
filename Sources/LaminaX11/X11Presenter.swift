import CXCB
import Glibc
import LaminaGraphics
import LaminaLayers
@_spi(LaminaInternals) import LaminaTrace

/// A ``/LaminaLayers/FramePresenter`` that shows frames in a window on an X server, through xcb.
///
/// Each frame sends only its damaged rectangles: through MIT-SHM when the server offers it and
/// a shared segment attaches (it can fail even when the extension is there: the presenter falls
/// back), otherwise in `PutImage` requests cut into bands under the server's maximum request
/// length. The window is the frame's size in device pixels: a window at scale 2 is twice its
/// size in points, and pointer locations are divided back.
///
/// A frame that scrolled (``/LaminaLayers/PresentedFrame/moves``) moves the pixels already in
/// the window with `CopyArea`, on the server, and sends only what the move exposed and what was
/// redrawn — while the window is unobscured (the server's VisibilityNotify, handled by the
/// ``X11EventSource``), since a hidden part of a window holds no pixels to move. Should the
/// window become covered between that event and a move, the server answers the move with a
/// GraphicsExpose and the presenter sends the whole last frame again.
///
/// `present` runs on the render thread; an Expose (handled on the main thread by the
/// ``X11EventSource``) re-sends the exposed part of the last frame from the same state, so the
/// frame, the shared segment and the statistics are guarded by one lock.
///
/// ```swift
/// let presenter = try X11Presenter(size: Size(width: 640, height: 480), title: "Feed")
/// let window = try Window(size: presenter.size, presenter: presenter)
/// let events = presenter.connectEvents(to: window)
/// events.runUntilClosed()
/// ```
public final class X11Presenter: FrameKeepingPresenter {
    /// How the presenter sends pixels; the defaults suit a real server.
    public struct Options: Sendable, Hashable {
        /// Use MIT-SHM when the server offers it; false always sends `PutImage` requests.
        public var usesSharedMemory = true
        /// The most pixel bytes one `PutImage` request carries; nil uses the server's maximum
        /// request length. Tests set it small to exercise the banding (Xvfb takes 16 MB requests,
        /// so a whole frame would fit in one).
        public var maximumBandBytes: Int?
        /// Moves a scrolled frame's pixels on the server (`CopyArea`) instead of sending them again,
        /// while the window is unobscured; false sends every changed pixel.
        public var movesScrolledPixels = true
        /// Makes the server refuse the shared segment (a real attach of a segment id it cannot
        /// have), to test the fallback: the extension is there, and the attach fails anyway.
        var attachesUnknownSegment = false

        /// The defaults.
        public init(usesSharedMemory: Bool = true, maximumBandBytes: Int? = nil, movesScrolledPixels: Bool = true) {
            self.usesSharedMemory = usesSharedMemory
            self.maximumBandBytes = maximumBandBytes
            self.movesScrolledPixels = movesScrolledPixels
        }
    }

    /// The window's size in points when it opened.
    public let size: Size
    /// Device pixels per point: the window is `size × scale` pixels.
    public let scale: Double
    /// The display connected to (`$DISPLAY` when none was given).
    public var displayName: String { connection.displayName }
    /// The X window's id, for tools and tests that talk to the server themselves.
    public let windowID: UInt32
    /// How pixels are sent.
    public let options: Options

    let connection: X11Connection
    let graphicsContext: xcb_gcontext_t
    /// The graphics context of moves: with graphics exposures, so that a move whose source was
    /// hidden is answered by a GraphicsExpose.
    let moveContext: xcb_gcontext_t
    /// The atoms of the window-manager close protocol.
    let protocolsAtom: xcb_atom_t, deleteWindowAtom: xcb_atom_t
    let state: Locked<State>

    /// Render-thread and main-thread state, under `state`'s lock.
    struct State {
        var lastFrame: PresentedFrame?
        var statistics = X11PresenterStatistics()
        var segment: SharedMemorySegment?
        var sharedMemoryUnavailable: Bool
        /// The window's size in pixels as the server last reported it (or as we asked).
        var windowPixelSize: (width: Int, height: Int)
        /// The last frame's size in pixels: a frame of another size means the app resized.
        var lastFramePixelSize: (width: Int, height: Int)?
        var isClosed = false
        /// Whether the server last said the window is wholly visible (VisibilityNotify): only
        /// then do a window's pixels hold the last frame everywhere, to be moved.
        var isUnobscured = false
        /// Set when the window becomes wholly visible again: the server cleared what showed
        /// again, and until the whole frame is sent those pixels must not be moved (the Expose
        /// that repairs them may not have been handled yet). The next frame that would move
        /// sends the whole frame instead.
        var sendsWholeFrameBeforeMoving = true
    }

    /// Opens a window of `size` points at `scale` on `displayName` (or `$DISPLAY`), titled
    /// `title`, with `windowClass` as its WM_CLASS, and maps it. Ignores `SIGPIPE` for the
    /// process: a server that dies while a frame is being written must end in a connection
    /// error, not a signal. Any thread.
    ///
    /// - Throws: ``X11Error`` when there is no display, it does not parse, refuses, or the size
    ///   is not 1…32767 pixels a side.
    public init(displayName: String? = nil, size: Size, scale: Double = 1, title: String = "Lamina",
                windowClass: String = "Lamina", options: Options = Options()) throws(X11Error) {
        let width = (size.width * scale - 1e-9).rounded(.up), height = (size.height * scale - 1e-9).rounded(.up)
        guard width.isFinite, height.isFinite, (1...32767).contains(width), (1...32767).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        signal(SIGPIPE, SIG_IGN)
        connection = try X11Connection(displayName: displayName)
        self.size = size
        self.scale = scale
        self.options = options
        protocolsAtom = connection.atom("WM_PROTOCOLS")
        deleteWindowAtom = connection.atom("WM_DELETE_WINDOW")
        let pixels = (width: Int(width), height: Int(height))
        windowID = X11Presenter.createWindow(on: connection, pixels: pixels)
        graphicsContext = xcb_generate_id(connection.raw)
        let noExposures: [UInt32] = [0]
        xcb_create_gc(connection.raw, graphicsContext, windowID, XCB_GC_GRAPHICS_EXPOSURES.rawValue, noExposures)
        moveContext = xcb_generate_id(connection.raw)
        let exposures: [UInt32] = [1]
        xcb_create_gc(connection.raw, moveContext, windowID, XCB_GC_GRAPHICS_EXPOSURES.rawValue, exposures)
        state = Locked(State(sharedMemoryUnavailable: !options.usesSharedMemory, windowPixelSize: pixels))
        setProperties(title: title, windowClass: windowClass)
        xcb_map_window(connection.raw, windowID)
        connection.flush()
    }

    /// Sends the frame's damaged rectangles to the window — or makes its moves there and sends
    /// only its redrawn rectangles — and keeps the frame for Expose and `Window.snapshot()`.
    /// Render thread. After the window closed, or once the connection broke, the frame is only
    /// kept.
    public func present(_ frame: PresentedFrame) {
        state.withLock { state in
            let previous = state.lastFrame
            state.lastFrame = frame
            guard !state.isClosed, !connection.hasFailed else { return }
            followSize(of: frame.image, &state)
            let bytes: Int
            if canMove(to: frame, from: previous, state) {
                move(frame.moves, in: frame.image, &state)
                bytes = transfer(frame.redrawn, of: frame.image, &state)
                connection.flush()
            } else if state.sendsWholeFrameBeforeMoving, !frame.moves.isEmpty, state.isUnobscured {
                bytes = transferWhole(frame.image, &state)
                state.sendsWholeFrameBeforeMoving = false
            } else {
                bytes = transfer(frame.damage, of: frame.image, &state)
            }
            state.statistics.framesPresented += 1
            state.statistics.lastFramePixelBytes = bytes
        }
    }

    /// The last frame presented, or nil before the first. Any thread.
    public var lastFrame: PresentedFrame? {
        state.withLock { $0.lastFrame }
    }

    /// What has been sent so far. Any thread.
    public var statistics: X11PresenterStatistics {
        state.withLock { $0.statistics }
    }

    /// Whether the connection to the server broke. Any thread.
    public var connectionHasFailed: Bool {
        connection.hasFailed
    }

    /// Re-sends `rect` (device pixels) of the last frame: the answer to an Expose, no re-render.
    /// Any thread (the event source calls it on the main thread).
    func redraw(_ rect: Rect) {
        state.withLock { state in
            guard let frame = state.lastFrame, !state.isClosed, !connection.hasFailed else { return }
            _ = transfer([rect], of: frame.image, &state)
            state.statistics.exposesRedrawn += 1
        }
    }

    /// Records whether the window is wholly visible, as the server reports it
    /// (VisibilityNotify). Any thread (the event source calls it).
    func windowVisibilityChanged(isUnobscured: Bool) {
        state.withLock { state in
            if isUnobscured, !state.isUnobscured { state.sendsWholeFrameBeforeMoving = true }
            state.isUnobscured = isUnobscured
        }
    }

    /// Sends the whole last frame again: the answer to a GraphicsExpose, a move whose source
    /// was partly hidden and moved no pixels there. Later moves may have carried those missing
    /// pixels elsewhere, so a part would not do. Any thread (the event source calls it).
    func redrawAfterIncompleteMove() {
        state.withLock { state in
            guard let frame = state.lastFrame, !state.isClosed, !connection.hasFailed else { return }
            _ = transferWhole(frame.image, &state)
            state.statistics.incompleteMoves += 1
        }
    }

    /// Records the window's size as the server reports it (ConfigureNotify). Any thread.
    func windowDidResize(toPixels width: Int, _ height: Int) {
        state.withLock { $0.windowPixelSize = (width, height) }
    }

    /// Marks the window as destroyed by another client: nothing is sent to it any more, and
    /// ``close()`` does not destroy it again. Any thread (the event source calls it).
    func windowWasDestroyed() {
        stopPresenting(destroyingWindow: false)
    }

    /// Stops presenting; destroys the window when the server is still there. Further frames
    /// are only kept. Any thread; later calls do nothing.
    func close() {
        stopPresenting(destroyingWindow: true)
    }

    /// Stops presenting once (later calls do nothing) and, when asked and the server is still
    /// there, destroys the window.
    private func stopPresenting(destroyingWindow: Bool) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            state.segment = nil
            guard destroyingWindow, !connection.hasFailed else { return }
            xcb_destroy_window(connection.raw, windowID)
            connection.flush()
        }
    }

    /// When the app resized (this frame's size differs from the last one's) and the window is
    /// not that size already, resizes the window to the frame. A resize the server reported
    /// first (a user dragging the border) arrives here as frames of the size it already has.
    private func followSize(of image: Image, _ state: inout State) {
        let pixels = (width: image.width, height: image.height)
        defer { state.lastFramePixelSize = pixels }
        guard let last = state.lastFramePixelSize, last != pixels, state.windowPixelSize != pixels else { return }
        let values: [UInt32] = [UInt32(pixels.width), UInt32(pixels.height)]
        let mask = UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue)
        xcb_configure_window(connection.raw, windowID, mask, values)
        state.windowPixelSize = pixels
    }
}
