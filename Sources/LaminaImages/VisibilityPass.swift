import LaminaGraphics
import LaminaLayers
import LaminaUI

/// The clips and window transforms of the ancestors of the views one visibility check visits,
/// each worked out once.
///
/// Waiting image views share their ancestors — the cells of one list, the list, the window — and
/// finding the window and converting an ancestor's bounds up to it walk the whole chain, so
/// without sharing a check costs waiting views × depth². Each ancestor keeps its bounds-to-window
/// transform, so a view's rectangle in the window is one transform from its parent's: a check
/// costs waiting views + ancestors. The clips are valid for one check only: geometry is final for
/// the frame at the end of the layout phase, and anything a view's check changes in the tree
/// advances `Transaction.geometryEpoch`, so the next commit checks again. Main thread.
@MainActor
struct VisibilityPass {
    /// What the subviews of a view are seen through: the window they are in, the window-space
    /// rectangle left by the clipping views on the way, and the view's bounds-to-window
    /// transform (nil when its layer is not its superview's layer's sublayer, and conversions
    /// below it go through the layers); nil when the view is not in a window, or it or one
    /// above it is hidden or transparent.
    struct Clip {
        let window: Window
        let rect: Rect
        let toWindow: AffineTransform?
    }

    private var clips: [ObjectIdentifier: Clip?] = [:]

    /// The clip that the subviews of `view` are seen through: the window's bounds cut by every
    /// clipping view from `view` up to the window.
    mutating func clip(inside view: View) -> Clip? {
        if let window = view as? Window { return Clip(window: window, rect: window.bounds, toWindow: .identity) }
        let key = ObjectIdentifier(view)
        if let known = clips[key] { return known }
        var result: Clip?
        if !view.isHidden, view.alpha > 0, let parent = view.superview, let outer = clip(inside: parent) {
            let toWindow = Self.toWindow(of: view, in: parent, outer)
            let rect = view.clipsToBounds
                ? outer.rect.intersection(Self.windowRect(of: view, toWindow: toWindow, outer))
                : outer.rect
            result = Clip(window: outer.window, rect: rect, toWindow: toWindow)
        }
        clips[key] = .some(result)
        return result
    }

    /// `view`'s bounds in its window's space, bounding box and all, as `layer.convert(_:to:)`
    /// gives it; `parentClip` is what its superview's subviews are seen through.
    func windowRect(of view: View, inside parentClip: Clip) -> Rect {
        guard let parent = view.superview else { return .null }
        return Self.windowRect(of: view, toWindow: Self.toWindow(of: view, in: parent, parentClip), parentClip)
    }

    /// `view`'s bounds-to-window transform from its superview's, when its layer hangs from the
    /// superview's layer.
    private static func toWindow(of view: View, in parent: View, _ parentClip: Clip) -> AffineTransform? {
        guard let parentToWindow = parentClip.toWindow, view.layer.superlayer === parent.layer else { return nil }
        return view.layer.transformToSuperlayer.concatenating(parentToWindow)
    }

    private static func windowRect(of view: View, toWindow: AffineTransform?, _ clip: Clip) -> Rect {
        toWindow.map { $0.apply(to: view.bounds) } ?? view.layer.convert(view.bounds, to: clip.window.layer)
    }
}
