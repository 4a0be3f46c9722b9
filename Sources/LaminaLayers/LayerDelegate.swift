import LaminaGraphics

/// What a layer asks of its delegate (a view, usually) while it lays out and draws — Core
/// Animation's `CALayerDelegate`. Every method is optional: the defaults do nothing.
///
/// Called on the main thread, during the transaction commit (or a direct
/// ``Layer/displayIfNeeded()`` / ``Layer/layoutIfNeeded()``).
@MainActor
public protocol LayerDelegate: AnyObject {
    /// Draws the layer's contents into its new backing store. The context is in the layer's
    /// bounds space (its origin is `bounds.origin`), already clipped to the dirty rectangle.
    func draw(_ layer: Layer, in context: GraphicsContext)
    /// Called just before the backing store is made, e.g. to adjust `contentsScale` or
    /// `isOpaque`.
    func layerWillDraw(_ layer: Layer)
    /// Positions the layer's sublayers; called by ``/LaminaLayers/Layer/layoutSublayers()``.
    func layoutSublayers(of layer: Layer)
    /// The first step of the layer's action search (``Layer/action(forKey:)``): an action ends
    /// the search (``NullAction``: nothing runs), nil goes on to the layer's ``Layer/actions``
    /// and its class default. A view answers ``NullAction`` outside an animation block.
    func action(for layer: Layer, forKey key: String) -> (any Action)?
}

extension LayerDelegate {
    public func draw(_ layer: Layer, in context: GraphicsContext) {}
    public func layerWillDraw(_ layer: Layer) {}
    public func layoutSublayers(of layer: Layer) {}
    /// Nil: the search goes on.
    public func action(for layer: Layer, forKey key: String) -> (any Action)? { nil }
}

/// A delegate that provides the layer's contents itself (`displayLayer:`), replacing the
/// backing-store path entirely: ``Layer/display()`` calls ``display(_:)`` and nothing else. A
/// delegate may render elsewhere and set `contents` later. ``AsyncLayer`` does not use this hook:
/// like YYAsyncLayer and Texture's `_ASDisplayLayer`, it overrides `display()` (Docs chapter 03).
@MainActor
public protocol LayerDisplayDelegate: LayerDelegate {
    /// Sets `layer.contents` (now or later).
    func display(_ layer: Layer)
}
