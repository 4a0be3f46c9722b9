import LaminaGraphics
import LaminaLayers

/// A rectangle of the screen that draws, lays out its subviews and handles pointer events —
/// UIKit's `UIView`, on top of a ``/LaminaLayers/Layer`` it owns and is the delegate of. Main
/// thread.
///
/// Geometry (``frame``, ``bounds``, ``center``, ``transform``) and appearance map straight onto
/// the layer. Drawing goes through the layer's display protocol: ``setNeedsDisplay()`` marks the
/// layer, the transaction commit asks the layer to display, the layer asks this view to
/// ``draw(_:in:)-(Rect,_)`` into its backing store. Swift cannot tell whether a subclass overrides
/// `draw`, so a view that draws says so with ``drawsContent`` (views that only hold subviews or a
/// background colour need no backing store, as in UIKit).
@MainActor
open class View: LayerDelegate {
    /// The class of the layer the view makes for itself; override to back a view with a
    /// ``/LaminaLayers/Layer`` subclass.
    open class var layerClass: Layer.Type { Layer.self }

    /// The view's layer; the view is its delegate.
    public let layer: Layer

    /// The view this one is a subview of.
    public internal(set) weak var superview: View?
    /// The subviews, back to front.
    public internal(set) var subviews: [View] = []

    /// Whether the view draws its own content with ``draw(_:in:)-(Rect,_)``: only then does it get
    /// a backing store, and only then does ``setNeedsDisplay()`` do anything. False by default.
    open var drawsContent: Bool { false }

    /// Whether the view receives pointer events (its subviews neither, when false).
    public var isUserInteractionEnabled = true

    /// How many running animation blocks without ``ViewAnimationOptions/allowUserInteraction``
    /// animate the view: while any does, it is not hit.
    var interactionBlockingAnimations = 0

    /// Creates a view with `frame` in its superview's coordinates.
    public init(frame: Rect) {
        layer = Self.layerClass.init()
        layer.delegate = self
        layer.frame = frame
        layer.needsDisplayOnBoundsChange = drawsContent
        if drawsContent { layer.setNeedsDisplay() }
    }

    /// Creates a view with an empty frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: - Hooks to override (never to call directly)

    /// Draws the view's content in `rect` (the dirty part of the bounds) with `context`, which is
    /// in bounds coordinates and clipped to `rect`. Called during the commit for views whose
    /// ``drawsContent`` is true. The default draws nothing.
    open func draw(_ rect: Rect, in context: GraphicsContext) {}

    /// Positions the subviews; called during the commit's layout phase after
    /// ``setNeedsLayout()``, or by ``layoutIfNeeded()``. The default does nothing.
    open func layoutSubviews() {}

    /// The size the view would like within `size`; the default is its current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Whether `point`, in bounds coordinates, is inside the view; used by ``hitTest(_:)``.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// Called when the view joins or leaves a window (``window`` is already updated).
    open func didMoveToWindow() {}

    /// A pointer went down on this view (the frontmost hit). Later moves, the up or the cancel
    /// of that pointer come to this same view, wherever they happen. The default passes the
    /// event to the superview (the responder chain).
    open func pointerDown(_ event: PointerEvent) { superview?.pointerDown(event) }

    /// A pointer that went down on this view moved. The default passes it to the superview.
    open func pointerMoved(_ event: PointerEvent) { superview?.pointerMoved(event) }

    /// A pointer that went down on this view went up. The default passes it to the superview.
    open func pointerUp(_ event: PointerEvent) { superview?.pointerUp(event) }

    /// A pointer that went down on this view was cancelled — by the pointer device, or because
    /// an ancestor took it over (``shouldTakeOverPointer(_:from:)``). The default passes it to the
    /// superview, up to (not including) the ancestor taking the pointer over.
    open func pointerCancelled(_ event: PointerEvent) {
        guard let superview, superview !== window?.pointerTaker else { return }
        superview.pointerCancelled(event)
    }

    /// Whether this view takes over a pointer from `target`, the view (among its subviews, at any
    /// depth) the pointer went down on — UIScrollView's `touchesShouldCancel(in:)`. The window asks
    /// at every down and move of the pointer while `target` has it, nearest ancestor first.
    /// Answering true makes `target` receive `pointerCancelled` and this view receive this event
    /// (`pointerDown` or `pointerMoved`) and the pointer's later events: how a scroll view takes a
    /// drag away from a cell once it has moved past a threshold. The default never takes over.
    open func shouldTakeOverPointer(_ event: PointerEvent, from target: View) -> Bool { false }

    /// The wheel scrolled over this view. The default passes it to the superview.
    open func scrollWheel(_ event: PointerEvent) { superview?.scrollWheel(event) }

    /// Whether ``becomeFirstResponder()`` may make this view the window's first responder, the
    /// view key events go to. False by default, as in UIKit.
    open var canBecomeFirstResponder: Bool { false }

    /// This view just became its window's first responder. The default does nothing.
    open func didBecomeFirstResponder() {}

    /// This view just stopped being its window's first responder (another view became it, or it
    /// resigned). The default does nothing.
    open func didResignFirstResponder() {}

    /// A key went down (or repeated: ``KeyEvent/isRepeat``) while this view, or a subview that
    /// passed it on, was the first responder. The default passes it to the superview, so a key
    /// nobody handles reaches the window.
    open func keyDown(_ event: KeyEvent) { superview?.keyDown(event) }

    /// A key went up. The default passes it to the superview.
    open func keyUp(_ event: KeyEvent) { superview?.keyUp(event) }

    // MARK: - LayerDelegate

    public func draw(_ layer: Layer, in context: GraphicsContext) {
        draw(context.clipBoundingBox.intersection(bounds), in: context)
    }

    public func layoutSublayers(of layer: Layer) {
        layoutSubviews()
    }

    /// Answers the layer's action search: inside an animation block
    /// (``animate(withDuration:delay:options:animations:completion:)``) an animation of the
    /// properties a view animates, and ``/LaminaLayers/NullAction`` otherwise, so that the view's
    /// layer never animates implicitly. Override to animate more (call `super` for the rest).
    open func action(for layer: Layer, forKey key: String) -> (any Action)? {
        viewAction(forKey: key)
    }
}
