import LaminaGraphics

/// What an ``AsyncLayer`` runs to get its contents: YYAsyncLayer's `YYAsyncLayerDisplayTask`.
/// Its delegate makes a fresh one for every display (``AsyncLayerDelegate/newAsyncDisplayTask()``),
/// capturing the plain values to draw — text, colours, a layout — on the main thread.
///
/// 1. ``willDisplay`` runs on the main thread, before the layer reads its size and scale.
/// 2. ``display`` draws on a display queue (or on the main thread, when the layer's
///    ``AsyncLayer/displaysAsynchronously`` is false). It must not touch any layer or view: it
///    gets a context of the layer's size in points, its origin at the layer's top-left corner,
///    and an `isCancelled` check to call between expensive steps, returning early when true.
/// 3. ``didDisplay`` runs on the main thread: `finished` is true when the drawing became the
///    layer's contents (or the layer, under 1×1 point or with no ``display``, got none), false
///    when it was cancelled or refused. It is not called once the layer no longer exists.
public struct AsyncDisplayTask: Sendable {
    /// Runs on the main thread before the display starts.
    public var willDisplay: (@MainActor @Sendable (_ layer: AsyncLayer) -> Void)?
    /// Draws the contents; any thread. `isCancelled` turns true once the drawing is stale.
    public var display: (@Sendable (_ context: GraphicsContext, _ size: Size, _ isCancelled: () -> Bool) -> Void)?
    /// Runs on the main thread when the display ended: `finished` tells whether it was used.
    public var didDisplay: (@MainActor @Sendable (_ layer: AsyncLayer, _ finished: Bool) -> Void)?

    /// A task with the given steps; any of them may be left out.
    public init(
        willDisplay: (@MainActor @Sendable (_ layer: AsyncLayer) -> Void)? = nil,
        display: (@Sendable (_ context: GraphicsContext, _ size: Size, _ isCancelled: () -> Bool) -> Void)? = nil,
        didDisplay: (@MainActor @Sendable (_ layer: AsyncLayer, _ finished: Bool) -> Void)? = nil
    ) {
        self.willDisplay = willDisplay
        self.display = display
        self.didDisplay = didDisplay
    }
}

/// The delegate of an ``AsyncLayer``: makes the task that draws the layer's contents. A view
/// backed by an async layer (a label, an image view) adopts it. Main thread.
@MainActor
public protocol AsyncLayerDelegate: LayerDelegate {
    /// A new task for one display, capturing everything it draws as plain values now.
    func newAsyncDisplayTask() -> AsyncDisplayTask
}
