import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

extension Layer {
    /// The search behind ``action(forKey:)``, traced step by step: the delegate, ``actions``, the
    /// class's ``defaultAction(forKey:)``.
    func searchAction(forKey key: String) -> (any Action)? {
        if let action = delegate?.action(for: self, forKey: key) {
            return traced(action, forKey: key, step: "delegate")
        }
        if let action = actions[key] {
            return traced(action, forKey: key, step: "actions")
        }
        if let action = type(of: self).defaultAction(forKey: key) {
            return traced(action, forKey: key, step: "default")
        }
        return traced(nil, forKey: key, step: "none")
    }

    private func traced(_ action: (any Action)?, forKey key: String, step: String) -> (any Action)? {
        if Trace.isEnabled {
            Trace.instant(.actionSearch, arguments: [
                "layer": "\(id)", "key": key, "step": step,
                "action": action.map { "\(type(of: $0))" } ?? "nil",
            ])
        }
        return action
    }

    /// Looks up the action for a change about to happen (before the new value is set), with
    /// what is on screen now; run it once the change is made. Nil when the open transaction
    /// disables actions or the search answers nothing to run.
    func actionForChange(forKey key: String) -> TriggeredAction? {
        guard !Transaction.disableActions, let action = action(forKey: key), !(action is NullAction) else { return nil }
        let previous = hasBeenCommitted ? presentationState(at: currentMediaTime()) : nil
        return TriggeredAction(action: action, key: key,
                               arguments: ActionArguments(previousPresentation: previous, previousState: state))
    }

    /// Asks for and runs the action of an event that is not a value change (a layer joining or
    /// leaving a tree on screen, sublayers changing), with what is on screen now.
    func runAction(forKey key: String) {
        actionForChange(forKey: key)?.run(on: self)
    }

    /// Whether the layer is in a tree a render server shows.
    public var isInHostedTree: Bool {
        rootLayer.host != nil
    }
}

/// An action found for a change, with the arguments of the moment before it; run after it.
@MainActor
struct TriggeredAction {
    let action: any Action
    let key: String
    let arguments: ActionArguments

    func run(on layer: Layer) {
        action.run(forKey: key, on: layer, arguments: arguments)
    }
}
