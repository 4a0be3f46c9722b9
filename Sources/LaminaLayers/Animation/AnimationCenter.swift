import LaminaLoop

/// The main thread's side of running animations: which layer each added animation belongs to,
/// its delegate, and the transaction completion blocks waiting for it. The render server's
/// reports of started and stopped animations reach it with the frames where they happened
/// (``PresentationLedger``), and it tells the layers and the delegates. Main thread.
@MainActor
enum AnimationCenter {
    /// A class: a report reads the entry of each of its animations, and a struct (a weak
    /// reference, an existential, an array) would be copied out of the dictionary every time.
    private final class Entry {
        weak var layer: Layer?
        /// The layer's copy, kept only when a delegate will be told of it.
        var animation: (any Animation)?
        /// The completion waits (keys of `waits`) this animation holds up.
        var waits: [Int] = []

        init(layer: Layer, animation: (any Animation)?) {
            self.layer = layer
            self.animation = animation
        }
    }

    /// A group of completion blocks waiting for a set of animations to stop.
    private struct Wait {
        var remaining: Set<AnimationID>
        let blocks: @MainActor () -> Void
    }

    private static var entries: [AnimationID: Entry] = [:]
    private static var waits: [Int: Wait] = [:]
    private static var lastWait = 0

    /// Notes an animation just added to `layer`; `delegatedAnimation` is the layer's copy when it
    /// has a delegate to tell (nil otherwise: nothing is kept).
    static func register(_ id: AnimationID, of layer: Layer, delegatedAnimation: (any Animation)?) {
        entries[id] = Entry(layer: layer, animation: delegatedAnimation)
    }

    /// The layer's copy of an animation with a delegate changed (its begin time was resolved):
    /// the delegate receives this one.
    static func update(_ id: AnimationID, animation: any Animation) {
        entries[id]?.animation = animation
    }

    /// Whether the animation has been added and has not stopped.
    static func isRunning(_ id: AnimationID) -> Bool {
        entries[id] != nil
    }

    /// Whether the animation runs on a layer a render server shows.
    static func isShown(_ id: AnimationID) -> Bool {
        entries[id]?.layer?.rootLayer.host != nil
    }

    /// Runs `blocks` once every animation in `ids` has stopped — at once when none is running.
    static func whenStopped(_ ids: [AnimationID], run blocks: @escaping @MainActor () -> Void) {
        let remaining = Set(ids.filter(isRunning))
        guard !remaining.isEmpty else { return blocks() }
        lastWait += 1
        waits[lastWait] = Wait(remaining: remaining, blocks: blocks)
        for id in remaining { entries[id]?.waits.append(lastWait) }
    }

    /// Handles the render server's reports of one frame, in order.
    static func handle(_ events: [AnimationEvent]) {
        for event in events {
            switch event.kind {
            case .started:
                guard let entry = entries[event.animation] else { continue }
                if let animation = entry.animation { animation.delegate?.animationDidStart(animation) }
            case .stopped(let finished):
                stop(event.animation, finished: finished)
            }
        }
    }

    /// Stops, unfinished, the animations `server` will never report on now that it has shut
    /// down: those of the layers in a tree it showed, and those of layers freed meanwhile.
    static func stopAnimations(shownBy server: RenderServer) {
        stopAnimations(of: { $0.rootLayer.host?.renderServer === server })
    }

    /// Stops, unfinished, the animations of the layers in the tree rooted at `root`: a tree that
    /// left a render server which has shut down, and so will not report on it.
    static func stopAnimations(inTreeOf root: Layer) {
        stopAnimations(of: { $0.rootLayer === root })
    }

    /// Stops, unfinished and in the order they were added, the animations of the layers `orphaned`
    /// picks, and those of layers freed meanwhile.
    private static func stopAnimations(of orphaned: (Layer) -> Bool) {
        let orphans = entries.filter { _, entry in entry.layer.map(orphaned) ?? true }
        for id in orphans.keys.sorted() { stop(id, finished: false) }
    }

    /// The animation stopped: its layer drops it (unless it finished and stays), its delegate
    /// hears, and the completion blocks it held up run when it was the last.
    static func stop(_ id: AnimationID, finished: Bool) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.layer?.animationStopped(id, finished: finished)
        if let animation = entry.animation { animation.delegate?.animationDidStop(animation, finished: finished) }
        for key in entry.waits {
            waits[key]?.remaining.remove(id)
            guard let wait = waits[key], wait.remaining.isEmpty else { continue }
            waits[key] = nil
            wait.blocks()
        }
    }
}
