import LaminaGraphics

/// What an ``AsyncLayer`` shows while a render is in flight (a named policy, Docs/05).
///
/// Whatever the policy, old contents are never kept when they no longer fit: if the layer's
/// size or scale changed since they were drawn (a reused cell given another row), they are
/// cleared instead of being shown stretched.
public enum InFlightContentsPolicy: Sendable, Hashable {
    /// Keep showing the old contents until the new ones arrive (the default, as in
    /// YYAsyncLayer): no flash, at the price of showing stale content for a frame or two.
    case keepOldContents
    /// Clear the contents when the render starts (YYText's
    /// `clearContentsBeforeAsynchronouslyDisplay`): the background shows meanwhile.
    case clearContents
    /// Show a flat colour of the layer's size until the render lands (Texture's placeholder).
    case placeholder(Color)
}

/// When the results of async renders reach the screen (a named policy, Docs/05), set on the
/// layer that contains them.
///
/// An ``AsyncLayer`` looks for the nearest layer, itself or an ancestor, whose
/// ``Layer/asyncCommitPolicy`` is ``perContainer``; when there is none, it commits per layer.
public enum AsyncCommitPolicy: Sendable, Hashable {
    /// Each async layer gets its contents as soon as its own render finishes (YYAsyncLayer;
    /// the default). Parts of a cell may appear one or two frames apart.
    case perLayer
    /// Every async layer in this layer's subtree that displayed in the same transaction gets
    /// its contents together, in one main-thread block, once the last of their renders finished
    /// (Texture's grouped commit): a cell appears whole.
    case perContainer
}
