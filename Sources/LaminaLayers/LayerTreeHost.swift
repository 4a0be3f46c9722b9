import LaminaGraphics

/// Connects a root layer to a render server: from now on, each transaction commit sends what
/// changed in the root's tree to that server, and the first commit sends the whole tree. A
/// window holds one. Main thread.
///
/// Layers that are in no hosted tree still lay out and display at the commit (so
/// ``Layer/contents`` is ready), but nothing is sent for them.
@MainActor
public final class LayerTreeHost {
    /// The root of the hosted tree.
    public let rootLayer: Layer
    /// Where commits of the tree go.
    public let renderServer: RenderServer
    /// Whether the next delta must name the root (the first commit after hosting).
    var needsRootAnnouncement = true
    /// The commit identifier of the last delta sent for this tree, if any: wait for its
    /// presentation (``RenderServer``) to see everything committed so far.
    public internal(set) var lastCommitID: UInt64?
    /// The framebuffer size the next delta carries (``resizeFramebuffer(to:)``).
    var pendingFramebufferSize: Size?

    /// Hosts `rootLayer`'s tree on `renderServer`. The root must have no superlayer and no other
    /// host (a root that does stays with its first host: the call has no effect on it).
    public init(rootLayer: Layer, renderServer: RenderServer) {
        self.rootLayer = rootLayer
        self.renderServer = renderServer
        guard rootLayer.superlayer == nil, rootLayer.host == nil else { return }
        rootLayer.host = self
        rootLayer.markSubtreeChanged(rootLayer)
    }

    /// Whether this host is the one sending the root's tree.
    public var isActive: Bool { rootLayer.host === self }
}
