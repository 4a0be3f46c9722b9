extension Window {
    /// Delivers a key event to the first responder — the view that last called
    /// ``View/becomeFirstResponder()`` and is still in this window — or, when there is none, to
    /// the window itself. Views pass keys they do not handle to their superview, so every
    /// unhandled key ends at the window (override ``View/keyDown(_:)`` in a window subclass to
    /// see them).
    public func send(_ event: KeyEvent) {
        let target = firstResponder ?? self
        switch event.phase {
        case .down: target.keyDown(event)
        case .up: target.keyUp(event)
        }
    }

    /// The view key events go to first; nil when no view in the window is first responder (a
    /// view that left the window no longer counts).
    public var firstResponder: View? {
        guard let view = firstResponderView, view.window === self else { return nil }
        return view
    }
}

extension View {
    /// Makes this view the first responder of its window, the view ``Window/send(_:)-(KeyEvent)``
    /// delivers key events to. Fails (returns false) when the view is in no window or does not
    /// accept it (``canBecomeFirstResponder``). Main thread.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window else { return false }
        let previous = window.firstResponder
        window.firstResponderView = self
        if previous !== self {
            previous?.didResignFirstResponder()
            didBecomeFirstResponder()
        }
        return true
    }

    /// Stops being the first responder (key events go to the window again). Returns whether
    /// this view was the first responder. Main thread.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard let window, window.firstResponderView === self else { return false }
        window.firstResponderView = nil
        didResignFirstResponder()
        return true
    }

    /// Whether this view is its window's first responder.
    public var isFirstResponder: Bool {
        window?.firstResponder === self
    }
}
