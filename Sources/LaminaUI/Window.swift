import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// The root of a view tree, with the render server that composites it and the presenter that
/// shows the frames (headless by default, or an X11 window). Main thread.
///
/// The window's layer is the root of a hosted layer tree (``/LaminaLayers/LayerTreeHost``): every
/// transaction commit sends what changed to the window's ``renderServer``, which composites on its
/// own thread and hands frames to the ``presenter``. ``snapshot(timeout:)`` commits and waits, by
/// running the main loop, for the frame that shows everything so far.
@MainActor
open class Window: View {
    /// Pixels per point of the frames, and the ``/LaminaLayers/Layer/contentsScale`` of every
    /// view's layer in the window.
    public let scale: Double
    /// The render server compositing this window's layer tree.
    public let renderServer: RenderServer
    /// Where frames go.
    public let presenter: any FramePresenter
    /// The window's vsync stand-in: frames are presented on its ticks (nil when the window was
    /// made with a frame interval of zero).
    public var frameClock: FrameClock? { renderServer.frameClock }
    /// The compositor's debug overlays for this window (`LAMINA_DEBUG`'s by default), drawn over
    /// each presented frame from the next frame on — never into any layer's contents. With
    /// ``/LaminaLayers/DebugOverlays/slowAnimations`` the window's layer runs at `speed` 0.1 (and
    /// back at 1 without it), slowing every animation in the window ten times.
    public var debugOverlays: DebugOverlays {
        get { renderServer.debugOverlays }
        set {
            let slowed = newValue.contains(.slowAnimations)
            if slowed != renderServer.debugOverlays.contains(.slowAnimations) { layer.speed = slowed ? 0.1 : 1 }
            renderServer.debugOverlays = newValue
        }
    }
    var host: LayerTreeHost?
    /// Which view each pointer went down on, so its later events go there too.
    var pointerTargets: [Int: View] = [:]
    /// The view taking a pointer over while its previous target is told of the cancel, so the
    /// cancel's default forwarding stops below it.
    var pointerTaker: View?
    /// The scroll views being dragged (``runLoopMode``).
    var draggingScrollViews: [WeakScrollView] = []
    /// The view key events go to first (Window+Keys); nil sends them to the window.
    weak var firstResponderView: View?
    /// Where text copied in this window goes and where pasted text comes from:
    /// ``InProcessPasteboard/general`` unless replaced. Connecting an X11 presenter's events to
    /// the window (`X11Presenter.connectEvents(to:)`) replaces it with that connection's
    /// CLIPBOARD selection, so copy and paste reach other X programs. Main thread.
    public var pasteboard: any Pasteboard = InProcessPasteboard.general

    /// Creates a window of `size` points at `scale`, presenting to `presenter` (a new
    /// ``/LaminaLayers/HeadlessPresenter`` when nil) at most once per tick of a frame clock ticking
    /// every `frameInterval` on the main loop's clock — 60 Hz by default,
    /// ``/LaminaLayers/FrameClock/oneHundredTwentyHertz`` for a 120 Hz display, zero to present
    /// every commit at once. The window is white until its views draw.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` when the size or scale cannot make a
    ///   framebuffer.
    public init(size: Size, scale: Double = 1, presenter: (any FramePresenter)? = nil,
                frameInterval: Duration = FrameClock.sixtyHertz) throws(GraphicsError) {
        let presenter = presenter ?? HeadlessPresenter()
        self.scale = scale
        self.presenter = presenter
        renderServer = try RenderServer(size: size, scale: scale, presenter: presenter, frameInterval: frameInterval)
        super.init(frame: Rect(size: size))
        layer.contentsScale = scale
        backgroundColor = .white
        if renderServer.debugOverlays.contains(.slowAnimations) { layer.speed = 0.1 }
        host = LayerTreeHost(rootLayer: layer, renderServer: renderServer)
    }

    /// The identifier of the last commit sent to the ``renderServer`` for this window's tree, if
    /// any: ``/LaminaLayers/RenderServer/onPresentation(ofCommit:_:)`` with it runs a block once
    /// the frame showing everything committed so far is presented. Main thread.
    public var lastCommitID: UInt64? {
        host?.lastCommitID
    }

    /// The frame showing every change committed so far: commits what is pending, then runs the
    /// main loop until the render server presents that commit (or `timeout` passes). Nil when
    /// nothing was ever presented in time, or when the presenter keeps no frame (it is not a
    /// ``/LaminaLayers/FrameKeepingPresenter``).
    public func snapshot(timeout: Duration = .seconds(10)) -> Image? {
        Transaction.flush()
        if let commit = host?.lastCommitID {
            guard renderServer.waitForPresentation(ofCommit: commit, timeout: timeout) else { return nil }
        }
        return (presenter as? any FrameKeepingPresenter)?.lastFrame?.image
    }
}
