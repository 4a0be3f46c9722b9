/// One animation of a layer as it travels to the render server in a ``RenderTreeDelta``: the
/// copy the layer holds, with its begin time resolved (a `beginTime` of 0 became the commit's
/// time in the layer's time space), its identity and its key.
public struct CommittedAnimation: Sendable {
    /// The identity shared by the layer's copy and the render server's.
    public let id: AnimationID
    /// The key it was added under; nil for an animation added without one.
    public let key: String?
    /// The animation, with its begin time resolved.
    public let animation: any Animation

    /// Wraps an animation for a delta.
    public init(id: AnimationID, key: String?, animation: any Animation) {
        self.id = id
        self.key = key
        self.animation = animation
    }
}
