import LaminaGraphics
import LaminaUI

/// The clips of the ancestors of the views one visibility check visits, each worked out once.
///
/// Waiting image views share their ancestors — the cells of one list, the list, the window — and
/// finding the window and converting an ancestor's bounds up to it walk the whole chain, so
/// without sharing a check costs waiting views × depth². The clips are valid for one check only:
/// geometry is final for the frame at the end of the layout phase, and anything a view's check
/// changes in the tree advances `Transaction.geometryEpoch`, so the next commit checks again.
/// Main thread.
@MainActor
struct VisibilityPass {
    /// What the subviews of a view are seen through: the window they are in and the
    /// window-space rectangle left by the clipping views on the way; nil when the view is not in
    /// a window, or it or one above it is hidden or transparent.
    typealias Clip = (window: Window, rect: Rect)

    private var clips: [ObjectIdentifier: Clip?] = [:]

    /// The clip that the subviews of `view` are seen through: the window's bounds cut by every
    /// clipping view from `view` up to the window.
    mutating func clip(inside view: View) -> Clip? {
        if let window = view as? Window { return (window, window.bounds) }
        let key = ObjectIdentifier(view)
        if let known = clips[key] { return known }
        var result: Clip?
        if !view.isHidden, view.alpha > 0, let parent = view.superview, let outer = clip(inside: parent) {
            result = view.clipsToBounds
                ? (outer.window, outer.rect.intersection(view.layer.convert(view.bounds, to: outer.window.layer)))
                : outer
        }
        clips[key] = .some(result)
        return result
    }
}
