import LaminaGraphics

extension AnimatableKeyPath where Value == Double {
    /// `"opacity"`.
    public static var opacity: Self { Self("opacity", \.opacity) }
    /// `"cornerRadius"`.
    public static var cornerRadius: Self { Self("cornerRadius", \.cornerRadius) }
    /// `"borderWidth"`.
    public static var borderWidth: Self { Self("borderWidth", \.borderWidth) }
    /// `"shadowOpacity"`.
    public static var shadowOpacity: Self { Self("shadowOpacity", \.shadowOpacity) }
    /// `"shadowRadius"`.
    public static var shadowRadius: Self { Self("shadowRadius", \.shadowRadius) }
    /// `"zPosition"`.
    public static var zPosition: Self { Self("zPosition", \.zPosition) }
    /// `"position.x"`.
    public static var positionX: Self { Self("position.x", \.position.x) }
    /// `"position.y"`.
    public static var positionY: Self { Self("position.y", \.position.y) }
}

extension AnimatableKeyPath where Value == Point {
    /// `"position"`.
    public static var position: Self { Self("position", \.position) }
    /// `"anchorPoint"`.
    public static var anchorPoint: Self { Self("anchorPoint", \.anchorPoint) }
    /// `"bounds.origin"`.
    public static var boundsOrigin: Self { Self("bounds.origin", \.bounds.origin) }
}

extension AnimatableKeyPath where Value == Size {
    /// `"bounds.size"`.
    public static var boundsSize: Self { Self("bounds.size", \.bounds.size) }
    /// `"shadowOffset"`.
    public static var shadowOffset: Self { Self("shadowOffset", \.shadowOffset) }
}

extension AnimatableKeyPath where Value == Rect {
    /// `"bounds"`.
    public static var bounds: Self { Self("bounds", \.bounds) }
    /// `"contentsRect"`.
    public static var contentsRect: Self { Self("contentsRect", \.contentsRect) }
    /// `"contentsCenter"`.
    public static var contentsCenter: Self { Self("contentsCenter", \.contentsCenter) }
}

extension AnimatableKeyPath where Value == Color {
    /// `"backgroundColor"`. The state's colour is optional; nil reads as
    /// ``/LaminaGraphics/Color/clear``, and an animation writes a colour.
    public static var backgroundColor: Self { Self("backgroundColor", \.animatableBackgroundColor) }
    /// `"borderColor"`.
    public static var borderColor: Self { Self("borderColor", \.borderColor) }
    /// `"shadowColor"`.
    public static var shadowColor: Self { Self("shadowColor", \.shadowColor) }
}

extension AnimatableKeyPath where Value == AffineTransform {
    /// `"transform"`.
    public static var transform: Self { Self("transform", \.transform) }
    /// `"sublayerTransform"`.
    public static var sublayerTransform: Self { Self("sublayerTransform", \.sublayerTransform) }
}

extension AnimatableKeyPath where Value == Bool {
    /// `"hidden"` (Core Animation's key for `isHidden`).
    public static var isHidden: Self { Self("hidden", \.isHidden) }
}

extension AnimatableKeyPath where Value == Image? {
    /// `"contents"`.
    public static var contents: Self { Self("contents", \.contents) }
}

extension LayerRenderState {
    /// `backgroundColor` as animations see it: nil (no background) reads as transparent black,
    /// which draws the same nothing.
    var animatableBackgroundColor: Color {
        get { backgroundColor ?? .clear }
        set { backgroundColor = newValue }
    }
}
