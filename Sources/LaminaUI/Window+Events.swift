import LaminaGraphics

extension Window {
    /// Delivers a pointer event to the view it concerns — UIKit's `sendEvent`. A down goes to
    /// the frontmost view hit at its location, which then receives that pointer's moves and its
    /// up or cancel wherever they happen; a wheel goes to the view under it; a move with no
    /// pointer down goes nowhere. An ancestor of the view a pointer went down on may take the
    /// pointer over at a down or a move (``View/shouldTakeOverPointer(_:from:)``): the view then
    /// gets `pointerCancelled`, the ancestor the event and the rest. Events with a non-finite
    /// location are ignored.
    public func send(_ event: PointerEvent) {
        guard event.location.isFinite else { return }
        switch event.phase {
        case .down:
            guard let target = hitTest(convert(event.location, from: nil)) else { return }
            if let taker = ancestor(of: target, takingOver: event) {
                pointerTargets[event.pointerID] = taker
                taker.pointerDown(event)
            } else {
                pointerTargets[event.pointerID] = target
                target.pointerDown(event)
            }
        case .move:
            guard let target = pointerTargets[event.pointerID] else { return }
            guard let taker = ancestor(of: target, takingOver: event) else { return target.pointerMoved(event) }
            pointerTargets[event.pointerID] = taker
            pointerTaker = taker
            var cancel = event
            cancel.phase = .cancel
            target.pointerCancelled(cancel)
            pointerTaker = nil
            taker.pointerMoved(event)
        case .up:
            pointerTargets.removeValue(forKey: event.pointerID)?.pointerUp(event)
        case .cancel:
            pointerTargets.removeValue(forKey: event.pointerID)?.pointerCancelled(event)
        case .wheel:
            hitTest(convert(event.location, from: nil))?.scrollWheel(event)
        }
    }

    /// The nearest ancestor of `target` (below the window, or the window itself) that takes the
    /// pointer of `event` over.
    private func ancestor(of target: View, takingOver event: PointerEvent) -> View? {
        var candidate = target.superview
        while let view = candidate {
            if view.shouldTakeOverPointer(event, from: target) { return view }
            candidate = view.superview
        }
        return nil
    }
}
