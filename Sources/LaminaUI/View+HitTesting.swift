import LaminaGraphics

extension View {
    /// The frontmost descendant (or this view) containing `point`, given in this view's bounds
    /// coordinates — UIKit's `hitTest(_:with:)`. Hidden views, views with alpha below 0.01 and
    /// views that do not take user interaction (or are being animated by a block that does not
    /// allow it) are skipped with their subviews; subviews are
    /// tried front to back, and only within ``point(inside:)`` of this view.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, interactionBlockingAnimations == 0, point.isFinite,
              self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self)) { return hit }
        }
        return self
    }
}
