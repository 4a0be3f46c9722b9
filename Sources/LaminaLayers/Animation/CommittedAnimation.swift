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
    /// Whether the main thread wants to hear when it starts (it has a delegate): a start nobody
    /// listens to is not reported, so a thousand animations starting cost the main thread
    /// nothing. Its end is always reported (the layer drops it; completion blocks wait for it).
    public let reportsStart: Bool

    /// Wraps an animation for a delta.
    public init(id: AnimationID, key: String?, animation: any Animation, reportsStart: Bool = true) {
        self.id = id
        self.key = key
        self.animation = animation
        self.reportsStart = reportsStart
    }
}
