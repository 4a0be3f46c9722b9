import LaminaGraphics

/// Where the render server sends each composited frame: a headless store
/// (``HeadlessPresenter``), or an X11 window (LaminaX11).
///
/// Called on the render thread, one frame at a time, in frame order.
public protocol FramePresenter: AnyObject, Sendable {
    /// Shows `frame`. Only `frame.damage` changed since the previous frame.
    func present(_ frame: PresentedFrame)
}

/// A presenter that keeps the last frame it showed, so that `Window.snapshot()` can read the
/// pixels back whatever the frames are shown on (``HeadlessPresenter``, a frame recorder, an X11
/// window).
public protocol FrameKeepingPresenter: FramePresenter {
    /// The last frame presented, or nil before the first. Any thread.
    var lastFrame: PresentedFrame? { get }
}

/// One composited frame as the render server hands it to its presenter.
public struct PresentedFrame: Sendable {
    /// Frame numbers start at 1 and increase by one per presented frame.
    public let id: UInt64
    /// The whole framebuffer after this frame, at the render server's scale.
    public let image: Image
    /// The pixel rectangles that changed in this frame — re-rendered, or moved by a scroll
    /// (``/LaminaGraphics/PixelScroll``) — integral, within the framebuffer; all other pixels are
    /// as in the previous frame.
    public let damage: [Rect]
    /// The commits (``RenderTreeDelta/commitID``) whose changes this frame is the first to show.
    public let commits: [UInt64]

    /// The frame-clock tick this frame is shown at; nil from a render server without a frame
    /// clock (a frame interval of zero).
    public let tick: FrameTick?

    /// The pixel moves this frame made in the framebuffer before redrawing (a scroll view
    /// scrolling, ``/LaminaGraphics/PixelScroll``), in order. A presenter whose screen still
    /// shows the previous frame (``id`` − 1) can make the same moves there and then copy only
    /// ``redrawn``: the X11 presenter moves them with `CopyArea` on the server. Empty when the
    /// frame moved nothing, or drew debug overlays (those do not move with the pixels).
    public let moves: [PixelScroll]
    /// The rectangles that, after ``moves``, hold pixels no move brought: with the moves, they
    /// make the previous frame into this one. ``damage`` when there are no moves.
    public let redrawn: [Rect]

    /// Creates a frame description; `redrawn` defaults to `damage`.
    public init(id: UInt64, image: Image, damage: [Rect], commits: [UInt64], tick: FrameTick? = nil,
                moves: [PixelScroll] = [], redrawn: [Rect]? = nil) {
        self.id = id
        self.image = image
        self.damage = damage
        self.commits = commits
        self.tick = tick
        self.moves = moves
        self.redrawn = redrawn ?? damage
    }
}
