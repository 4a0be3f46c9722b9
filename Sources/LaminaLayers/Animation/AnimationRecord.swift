/// One animation a layer holds (main thread): the copy made by ``Layer/add(_:forKey:)``, its
/// identity, its key, and whether a commit has sent it (and so resolved its begin time).
struct AnimationRecord {
    let id: AnimationID
    let key: String?
    var animation: any Animation
    /// Whether the animation has a delegate, read once (a delegate is held weakly, and reading
    /// it through the existential costs every commit and report that asks).
    let hasDelegate: Bool
    /// `animation.isRemovedOnCompletion`, read once (every stop asks).
    let isRemovedOnCompletion: Bool
    /// Whether a commit sent it to a render server: its `beginTime` is then resolved.
    var isCommitted = false

    init(id: AnimationID, key: String?, animation: any Animation, hasDelegate: Bool) {
        self.id = id
        self.key = key
        self.animation = animation
        self.hasDelegate = hasDelegate
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }

    /// One line for ``Layer/treeDescription``: `"slide": BasicAnimation<Point> position 1s`.
    var summary: String {
        let name = key.map { "\"\($0)\"" } ?? "(no key)"
        var text = "\(name): \(type(of: animation)) \(animation.animatedKeyPaths.joined(separator: ",")) \(animation.duration)s"
        if animation.repeatCount != 0 { text += " ×\(animation.repeatCount)" }
        if !isCommitted { text += " not committed" }
        return text
    }

    /// The animation as it crosses to the render server.
    var committed: CommittedAnimation {
        CommittedAnimation(id: id, key: key, animation: animation, reportsStart: hasDelegate)
    }
}
