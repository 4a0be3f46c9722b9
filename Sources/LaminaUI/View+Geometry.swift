import LaminaGraphics
import LaminaLayers

extension View {
    /// The view's rectangle in its superview's coordinates (the layer's frame).
    public var frame: Rect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space; its origin scrolls the subviews. Any change lays the view
    /// out again at the next commit — a new origin too, as in UIKit (a layer lays out only when its
    /// size changes): scrolling moves the origin, and a list lays out the rows that came into view.
    public var bounds: Rect {
        get { layer.bounds }
        set {
            let oldOrigin = layer.bounds.origin
            layer.bounds = newValue
            if layer.bounds.origin != oldOrigin { setNeedsLayout() }
        }
    }

    /// The centre of the frame in the superview's coordinates (the layer's position).
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// A transform applied about the centre.
    public var transform: AffineTransform {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Filled behind the content; nil (the default) is transparent.
    public var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    /// The view's opacity, 0…1 (the layer's opacity). Below 0.01 the view is not hit.
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }

    /// Hidden views and their subviews are neither drawn nor hit.
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews and content are clipped to the bounds (the layer's masksToBounds).
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view promises to fill its bounds opaquely (an opaque backing store).
    public var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.isFinite else { return }
        frame = Rect(origin: frame.origin, size: size)
    }

    /// `point`, in this view's bounds coordinates, in `view`'s (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        layer.convert(point, to: view?.layer ?? window?.layer)
    }

    /// `point`, in `view`'s bounds coordinates (nil: the window's), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        layer.convert(point, from: view?.layer ?? window?.layer)
    }

    /// `rect`, in this view's bounds coordinates, in `view`'s (nil: the window's).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        layer.convert(rect, to: view?.layer ?? window?.layer)
    }

    /// `rect`, in `view`'s bounds coordinates (nil: the window's), in this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        layer.convert(rect, from: view?.layer ?? window?.layer)
    }
}
