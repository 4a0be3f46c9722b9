/// Something that happened to an animation on the render server, reported to the main thread
/// with the frame where it happened: there the layer drops a finished animation and its delegate
/// hears of it.
public struct AnimationEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The animation's active time began at this frame (`animationDidStart`).
        case started
        /// The animation ended at this frame (`finished` true), or left the render server early
        /// (`finished` false): removed, replaced under its key, or its layer left the tree.
        case stopped(finished: Bool)
    }

    /// The layer the animation was added to.
    public let layer: LayerID
    /// The animation.
    public let animation: AnimationID
    /// What happened.
    public let kind: Kind

    /// An event.
    public init(layer: LayerID, animation: AnimationID, kind: Kind) {
        self.layer = layer
        self.animation = animation
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .started: "\(animation) of \(layer) started"
        case .stopped(let finished): "\(animation) of \(layer) stopped\(finished ? "" : " early")"
        }
    }
}
