import LaminaGraphics

extension Layer {
    /// Filled beneath the contents, rounded by ``cornerRadius``; nil (the default) draws nothing.
    public var backgroundColor: Color? {
        get { state.backgroundColor }
        set { update(\.backgroundColor, to: newValue, action: "backgroundColor") }
    }

    /// A promise that the contents cover the bounds opaquely: the backing store is then RGB24,
    /// filled white and then with the background colour before drawing. False by default.
    public var isOpaque: Bool {
        get { state.isOpaque }
        set { update(\.isOpaque, to: newValue) }
    }

    /// Hidden layers and their sublayers are neither drawn nor hit.
    /// A change runs the `hidden` action and then, for a layer in a tree on screen,
    /// ``ActionKey/onOrderOut`` (hidden) or ``ActionKey/onOrderIn`` (shown), as Core Animation
    /// does.
    public var isHidden: Bool {
        get { state.isHidden }
        set {
            guard update(\.isHidden, to: newValue, action: "hidden"), isInHostedTree else { return }
            runAction(forKey: newValue ? ActionKey.onOrderOut : ActionKey.onOrderIn)
        }
    }

    /// 0…1 (clamped; NaN ignored): multiplies the layer and its sublayers. At 0 the layer is not
    /// hit either.
    public var opacity: Double {
        get { state.opacity }
        set { if !newValue.isNaN { update(\.opacity, to: min(max(newValue, 0), 1), action: "opacity") } }
    }

    /// Whether ``opacity`` applies to the layer and its sublayers as one picture (true, iOS's
    /// default) or to each part separately.
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { update(\.allowsGroupOpacity, to: newValue) }
    }

    /// Whether contents and sublayers are clipped to the bounds (rounded by ``cornerRadius``).
    /// Also limits hit-testing of sublayers to the bounds.
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { update(\.masksToBounds, to: newValue) }
    }

    /// Rounds the background and the border; contents and sublayers only with
    /// ``masksToBounds``. Negative and non-finite values are ignored.
    public var cornerRadius: Double {
        get { state.cornerRadius }
        set { if newValue.isFinite, newValue >= 0 { update(\.cornerRadius, to: newValue, action: "cornerRadius") } }
    }

    /// The width of the border, drawn inside the bounds above contents and sublayers.
    /// Negative and non-finite values are ignored.
    public var borderWidth: Double {
        get { state.borderWidth }
        set { if newValue.isFinite, newValue >= 0 { update(\.borderWidth, to: newValue, action: "borderWidth") } }
    }

    /// The border's colour; black by default.
    public var borderColor: Color {
        get { state.borderColor }
        set { update(\.borderColor, to: newValue, action: "borderColor") }
    }

    /// The drop shadow's colour; black by default.
    public var shadowColor: Color {
        get { state.shadowColor }
        set { update(\.shadowColor, to: newValue, action: "shadowColor") }
    }

    /// The drop shadow's opacity, 0…1 (clamped; NaN ignored); 0 by default, which draws none.
    public var shadowOpacity: Double {
        get { state.shadowOpacity }
        set { if !newValue.isNaN { update(\.shadowOpacity, to: min(max(newValue, 0), 1), action: "shadowOpacity") } }
    }

    /// The drop shadow's offset in points; Core Animation's default (0, -3) casts it upwards.
    public var shadowOffset: Size {
        get { state.shadowOffset }
        set { if newValue.isFinite { update(\.shadowOffset, to: newValue, action: "shadowOffset") } }
    }

    /// The drop shadow's blur radius in points (3 by default), taken as the standard deviation of
    /// its gaussian blur (half a CSS blur radius): the correspondence commonly measured for Core
    /// Animation's, which Apple documents only as a blur radius (Docs chapter 03). Negative and
    /// non-finite values are ignored.
    public var shadowRadius: Double {
        get { state.shadowRadius }
        set { if newValue.isFinite, newValue >= 0 { update(\.shadowRadius, to: newValue, action: "shadowRadius") } }
    }

    /// The drop shadow's shape, in bounds space; nil uses the layer's composited alpha (slower).
    public var shadowPath: Path? {
        get { state.shadowPath }
        set { update(\.shadowPath, to: newValue) }
    }

    /// The bitmap shown in the bounds, placed by ``contentsGravity``. Set by display, or
    /// directly (an image view does). Setting it runs the ``ActionKey/contents`` action (none by
    /// default: ``Layer/defaultAction(forKey:)``); a display's own contents do not.
    public var contents: Image? {
        get { state.contents }
        set {
            // Images compare by pixels; a new value is always a change, and cheaper to send than
            // to compare.
            let action = actionForChange(forKey: ActionKey.contents)
            state.contents = newValue
            state.contentsCameFromDisplayQueue = false
            contentsDirtyRect = nil
            contentsAreBackingStore = false
            renderStateChanged()
            action?.run(on: self)
        }
    }

    /// The part of ``contents`` shown, in unit coordinates; the whole image by default.
    /// Non-finite values are ignored.
    public var contentsRect: Rect {
        get { state.contentsRect }
        set { if newValue.isFinite { update(\.contentsRect, to: newValue, action: "contentsRect") } }
    }

    /// The stretchable middle of ``contents`` in unit coordinates (nine-part scaling); the
    /// default, the whole image, stretches it all. Non-finite values are ignored.
    public var contentsCenter: Rect {
        get { state.contentsCenter }
        set { if newValue.isFinite { update(\.contentsCenter, to: newValue, action: "contentsCenter") } }
    }

    /// Pixels per point of the backing store and of ``contents``: read when the display starts,
    /// so a change takes effect at the next redraw — and when the contents came from the
    /// layer's own backing store, a change marks it for display. (Contents set directly are
    /// kept: redrawing would replace them.) Values that are not positive and finite are ignored.
    public var contentsScale: Double {
        get { state.contentsScale }
        set {
            guard newValue.isFinite, newValue > 0, update(\.contentsScale, to: newValue) else { return }
            if redrawsOnScaleChange { setNeedsDisplay() }
        }
    }

    /// How ``contents`` is placed in the bounds; `.resize` by default.
    public var contentsGravity: ContentsGravity {
        get { state.contentsGravity }
        set { update(\.contentsGravity, to: newValue) }
    }
}
