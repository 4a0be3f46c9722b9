import LaminaGraphics
import LaminaLayers
import LaminaLoop

/// A view that scrolls its content — UIScrollView's core. The content is the subviews, laid out in
/// a content area of ``contentSize``; ``contentOffset`` is the bounds origin, so scrolling moves
/// the bounds and lays the view out again (a list lays out the rows that came into view).
///
/// Scrolling comes from the wheel (`PointerEvent` `.wheel`), from a drag — taken over from a
/// subview once the pointer has moved more than ``dragThreshold`` points, the subview receiving
/// `pointerCancelled` — with momentum after the drag (``decelerationRate``), and from
/// ``setContentOffset(_:animated:)``. Momentum and animation run on a ``/LaminaLayers/DisplayLink``
/// on the window's frame clock. Offsets stay between the edges (``minimumContentOffset`` and
/// ``maximumContentOffset``); there is no rubber-banding. The offsets scrolling reaches are on
/// whole device pixels (``pixelAligned(_:)``), so the content moves by whole pixels and the render
/// server can move its pixels instead of redrawing them; setting ``contentOffset`` yourself is
/// taken as given. A scroll view clips its content to its bounds, as UIScrollView does. Main
/// thread.
@MainActor
open class ScrollView: View {
    /// The size of the scrollable content, in points.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { clampOffset() } }
    }
    /// Room around the content, inside the edges the offset stops at.
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { clampOffset() } }
    }
    /// How far the pointer moves before a drag takes the pointer over from a subview, in points.
    public var dragThreshold: Double = 10
    /// The fraction of its velocity momentum keeps after each millisecond: UIKit's normal rate,
    /// 0.998, by default (0.99 is its fast rate).
    public var decelerationRate: Double = 0.998
    /// Called after every change of ``contentOffset``.
    public var didScroll: (@MainActor (ScrollView) -> Void)?

    /// Whether a pointer is dragging the content.
    public internal(set) var isDragging = false {
        didSet { if isDragging != oldValue { window?.noteDragging(self) } }
    }
    /// Whether the content moves on after a drag (momentum), or towards an animated offset.
    public var isDecelerating: Bool { motion != nil }

    var drag: DragState?
    var motion: Motion?
    var link: DisplayLink?

    /// The point of the content at the view's top-left corner: the bounds origin.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue.isFinite, newValue != bounds.origin else { return }
            bounds.origin = newValue
            didScroll?(self)
        }
    }

    /// The smallest offset scrolling reaches: the insets before the content.
    public var minimumContentOffset: Point {
        Point(x: -contentInset.left, y: -contentInset.top)
    }

    /// The largest offset scrolling reaches: the content's far edge (and inset) at the view's far
    /// edge, or the minimum when the content is smaller than the view.
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
                     y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// `offset` moved inside the edges.
    public func clamped(_ offset: Point) -> Point {
        let minimum = minimumContentOffset, maximum = maximumContentOffset
        return Point(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    /// `offset` on the nearest whole device pixel (the window's scale): where the wheel, a drag,
    /// momentum and animation frames put the content (within the edges, ``clamped(_:)``, which
    /// wins at an edge that is not on a whole pixel).
    public func pixelAligned(_ offset: Point) -> Point {
        let scale = window?.scale ?? layer.contentsScale
        guard scale.isFinite, scale > 0 else { return offset }
        return Point(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale)
    }

    /// Where scrolling towards `offset` puts the content: on the nearest whole device pixel,
    /// within the edges (``pixelAligned(_:)``, then ``clamped(_:)``). The wheel, a drag and
    /// momentum scroll through it.
    public func scrollTarget(_ offset: Point) -> Point {
        clamped(pixelAligned(offset))
    }

    /// A scroll view clips its content to its bounds, as UIScrollView does.
    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    private func clampOffset() {
        guard !isDragging, motion == nil else { return }
        contentOffset = clamped(contentOffset)
    }

    // MARK: - Keys

    /// A scroll view takes key focus, for its scrolling keys.
    open override var canBecomeFirstResponder: Bool { true }

    /// Scrolls for the arrows, Page Up/Down, Space, Home and End (see `ScrollView+Keys`); other
    /// keys go to the superview.
    open override func keyDown(_ event: KeyEvent) {
        if !scroll(for: event) { super.keyDown(event) }
    }

    // MARK: - Wheel

    /// Scrolls by the wheel's `dx`, `dy` (positive moves the content's later parts into view),
    /// stopping any momentum.
    open override func scrollWheel(_ event: PointerEvent) {
        guard case .wheel(let dx, let dy) = event.phase, dx.isFinite, dy.isFinite else { return }
        stopMotion()
        contentOffset = scrollTarget(Point(x: contentOffset.x + dx, y: contentOffset.y + dy))
    }

    // MARK: - Drag

    /// What a drag needs: where it started, the offset then, and the last two samples for the
    /// velocity.
    struct DragState {
        let startLocation: Point
        let startOffset: Point
        var samples: [(location: Point, time: EventLoop.Instant)]
        var tookOver = false
    }

    /// Notes where a pointer went down inside the content; takes it over once it has moved past
    /// ``dragThreshold`` along an axis the content scrolls on.
    open override func shouldTakeOverPointer(_ event: PointerEvent, from target: View) -> Bool {
        switch event.phase {
        case .down:
            stopMotion()
            drag = DragState(startLocation: event.location, startOffset: contentOffset, samples: [(event.location, event.timestamp)])
            return false
        case .move:
            guard let drag else { return false }
            let dx = event.location.x - drag.startLocation.x, dy = event.location.y - drag.startLocation.y
            let scrolls = (canScrollHorizontally && abs(dx) > dragThreshold) || (canScrollVertically && abs(dy) > dragThreshold)
            return scrolls
        default:
            return false
        }
    }

    open override func pointerDown(_ event: PointerEvent) {
        stopMotion()
        drag = DragState(startLocation: event.location, startOffset: contentOffset, samples: [(event.location, event.timestamp)])
    }

    open override func pointerMoved(_ event: PointerEvent) {
        guard var state = drag else { return }
        isDragging = true
        state.samples = Array((state.samples + [(event.location, event.timestamp)]).suffix(3))
        drag = state
        let x = canScrollHorizontally ? state.startOffset.x - (event.location.x - state.startLocation.x) : contentOffset.x
        let y = canScrollVertically ? state.startOffset.y - (event.location.y - state.startLocation.y) : contentOffset.y
        contentOffset = scrollTarget(Point(x: x, y: y))
    }

    open override func pointerUp(_ event: PointerEvent) {
        pointerMoved(event)
        let velocity = drag.map(Self.velocity(of:)) ?? Point.zero
        drag = nil
        isDragging = false
        startMomentum(velocity: velocity)
    }

    open override func pointerCancelled(_ event: PointerEvent) {
        drag = nil
        isDragging = false
    }

    /// Whether the content is wider or taller than the view (insets included).
    var canScrollHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x }
    var canScrollVertically: Bool { maximumContentOffset.y > minimumContentOffset.y }

    /// The content's velocity in points per second (opposite to the pointer's), from the drag's
    /// first and last recent samples.
    static func velocity(of drag: DragState) -> Point {
        guard let first = drag.samples.first, let last = drag.samples.last else { return .zero }
        let seconds = first.time.duration(to: last.time).seconds
        guard seconds > 0 else { return .zero }
        return Point(x: -(last.location.x - first.location.x) / seconds, y: -(last.location.y - first.location.y) / seconds)
    }
}
