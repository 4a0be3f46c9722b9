import LaminaGraphics
import LaminaUI

/// The clips of the ancestors of the views one visibility check visits, each worked out once.
///
/// Waiting image views share their ancestors — the cells of one list, the list, the window — and
/// converting an ancestor's bounds up to the window walks the whole chain, so without sharing a
/// check costs waiting views × depth². The clips are valid for one check only: geometry is final
/// for the frame at the end of the layout phase, and anything a view's check changes in the tree
/// advances ``Transaction/geometryEpoch``, so the next commit checks again. Main thread.
@MainActor
struct VisibilityPass {
    /// Per ancestor: the window-space rectangle its subviews are seen through, or nil when the
    /// ancestor (or one above it) is hidden or transparent.
    private var clips: [ObjectIdentifier: Rect?] = [:]

    /// The window-space clip that the subviews of `view` are seen through: the window's bounds
    /// cut by every clipping view from `view` up; nil when one of them is hidden.
    mutating func clip(inside view: View, of window: Window) -> Rect? {
        if view === window { return window.bounds }
        let key = ObjectIdentifier(view)
        if let known = clips[key] { return known }
        var result: Rect?
        if !view.isHidden, view.alpha > 0, let parent = view.superview, let outer = clip(inside: parent, of: window) {
            result = view.clipsToBounds ? outer.intersection(view.convert(view.bounds, to: nil)) : outer
        }
        clips[key] = .some(result)
        return result
    }
}
