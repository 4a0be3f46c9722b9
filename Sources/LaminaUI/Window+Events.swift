import LaminaGraphics

extension Window {
    /// Delivers a pointer event to the view it concerns — UIKit's `sendEvent`. A down goes to
    /// the frontmost view hit at its location, which then receives that pointer's moves and its
    /// up or cancel wherever they happen; a wheel goes to the view under it; a move with no
    /// pointer down goes nowhere. Events with a non-finite location are ignored.
    public func send(_ event: PointerEvent) {
        guard event.location.isFinite else { return }
        switch event.phase {
        case .down:
            guard let target = hitTest(convert(event.location, from: nil)) else { return }
            pointerTargets[event.pointerID] = target
            target.pointerDown(event)
        case .move:
            pointerTargets[event.pointerID]?.pointerMoved(event)
        case .up:
            pointerTargets.removeValue(forKey: event.pointerID)?.pointerUp(event)
        case .cancel:
            pointerTargets.removeValue(forKey: event.pointerID)?.pointerCancelled(event)
        case .wheel:
            hitTest(convert(event.location, from: nil))?.scrollWheel(event)
        }
    }
}
