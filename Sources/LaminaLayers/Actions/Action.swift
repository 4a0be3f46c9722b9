/// Core Animation's `CAAction`: what a layer runs when something happens to it — a property
/// changed, it joined or left a tree shown on screen, its sublayers changed.
///
/// The layer finds the action with ``Layer/action(forKey:)`` and runs it after the change. Every
/// ``Animation`` is an action: it adds itself to the layer under the key (the property's name),
/// which is how a standalone layer animates a change implicitly. Write your own to do anything
/// else on such an event.
public protocol Action {
    /// Runs the action for the event `key` on `layer`. For a property change, the layer already
    /// holds the new value; `arguments` has what was on screen before it.
    @MainActor func run(forKey key: String, on layer: Layer, arguments: ActionArguments)
}

/// What an action learns of the event that triggered it.
public struct ActionArguments: Sendable {
    /// The layer's presentation just before the event — its model values with its running
    /// animations applied, as on screen then — or nil for a layer no commit has sent to a render
    /// server yet (nothing of it is on screen).
    public let previousPresentation: LayerRenderState?
    /// The layer's model values just before the event (for an event that is not a property
    /// change, its values then).
    public let previousState: LayerRenderState

    /// Arguments with the presentation and the model values before the event.
    public init(previousPresentation: LayerRenderState?, previousState: LayerRenderState) {
        self.previousPresentation = previousPresentation
        self.previousState = previousState
    }
}

/// The action that does nothing and ends the search: Core Animation's `NSNull` returned from
/// `action(for:forKey:)` or put in `actions`. ``Layer/action(forKey:)`` goes on to the next step
/// when a step answers nil, and stops at the first that answers anything else — this included.
/// A view returns it for its layer outside an animation block, so that view-backed layers never
/// animate implicitly.
public struct NullAction: Action, Sendable {
    /// The action that does nothing.
    public init() {}

    /// Does nothing.
    public func run(forKey key: String, on layer: Layer, arguments: ActionArguments) {}
}

extension Animation {
    /// Adds a copy of the animation to `layer` under `key` (Core Animation's
    /// `-[CAAnimation runActionForKey:object:arguments:]` adds the animation for the key). An
    /// animation with no values of its own (it interpolates from the previous presentation
    /// value to the model value) starts from ``ActionArguments/previousPresentation``; when
    /// there is none — the layer was never on screen — there is nothing to animate from, and it
    /// is not added. An animation that cannot run (see ``Animation/validate()``) is not added.
    @MainActor public func run(forKey key: String, on layer: Layer, arguments: ActionArguments) {
        if needsPresentationAtAddition {
            guard let previous = arguments.previousPresentation else { return }
            try? layer.add(self, forKey: key, presentationAtAddition: previous)
        } else {
            try? layer.add(self, forKey: key)
        }
    }
}
