/// The keys of the actions that are not a property's name: Core Animation's `kCAOnOrderIn`,
/// `kCAOnOrderOut` and `kCATransition`, and the property keys with special triggers.
public enum ActionKey {
    /// The layer joined a layer tree shown on screen, or its `isHidden` became false
    /// (`kCAOnOrderIn`).
    public static let onOrderIn = "onOrderIn"
    /// The layer left a layer tree shown on screen, or its `isHidden` became true
    /// (`kCAOnOrderOut`).
    public static let onOrderOut = "onOrderOut"
    /// A sublayer replaced another (``Layer/replaceSublayer(_:with:)``), asked of the new one
    /// (`kCATransition`).
    public static let transition = "transition"
    /// The layer's sublayers changed: asked of the superlayer.
    public static let sublayers = "sublayers"
    /// The layer's ``Layer/contents`` changed.
    public static let contents = "contents"
}
