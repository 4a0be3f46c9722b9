import LaminaGraphics
import LaminaTrace

/// What one transaction commit changed in a layer tree, for the render server: the full render
/// state of every layer whose state changed (and of every layer newly attached), and the layers
/// that left the tree. Immutable and `Sendable`: made on the main thread, applied on the render
/// thread. A change to one layer of a 10,000-layer tree sends one layer.
public struct RenderTreeDelta: Sendable {
    /// Increases by one per commit that reaches the render server; frames list the commits they
    /// contain.
    public let commitID: UInt64
    /// The root of the tree, on the first commit after a tree is attached (or re-rooted).
    public let root: LayerID?
    /// The new state of each changed layer.
    public let updated: [LayerID: LayerRenderState]
    /// Layers removed from the tree, with whatever of their subtree the delta does not update
    /// (a sublayer moved elsewhere in the same transaction is in `updated`).
    public let removed: [LayerID]
    /// For layers whose new contents came from a partial redraw
    /// (``Layer/setNeedsDisplay(in:)``): the redrawn rectangle in the layer's bounds space. Only
    /// that part of the layer is damaged on screen, unless other changes damage more.
    public let dirtyContentsRects: [LayerID: Rect]
    /// The trace flows of the displays whose contents this delta carries (from each
    /// `setNeedsDisplay`), ended by the frame that presents them. Empty while not tracing.
    public let flows: [TraceFlowID]
    /// The framebuffer's new size in points, when the window was resized since the last commit:
    /// the render server reallocates its framebuffer and damages all of it. Nil keeps the size.
    public let size: Size?
    /// For each layer whose animations changed: all of its animations now, in the order they were
    /// added (an empty list: it has none left). A layer whose model values did not change is not
    /// in ``updated``: the render server holds its model already. An
    /// animation crosses to the render server once, in the commit that adds it; the render server
    /// evaluates it at every frame after that.
    public let animations: [LayerID: [CommittedAnimation]]

    /// Creates a delta.
    public init(commitID: UInt64, root: LayerID? = nil, updated: [LayerID: LayerRenderState],
                removed: [LayerID] = [], dirtyContentsRects: [LayerID: Rect] = [:], flows: [TraceFlowID] = [],
                size: Size? = nil, animations: [LayerID: [CommittedAnimation]] = [:]) {
        self.size = size
        self.animations = animations
        self.commitID = commitID
        self.root = root
        self.updated = updated
        self.removed = removed
        self.dirtyContentsRects = dirtyContentsRects
        self.flows = flows
    }

    /// Whether the delta changes nothing.
    public var isEmpty: Bool { root == nil && updated.isEmpty && removed.isEmpty && size == nil && animations.isEmpty }
}
