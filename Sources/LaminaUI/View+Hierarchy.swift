import LaminaLayers

extension View {
    /// Appends `view` as the frontmost subview (its layer joins this view's layer), removing it
    /// from its old superview first. Adding a view to itself or to one of its own subviews is
    /// ignored.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        guard !view.isAncestor(of: self) else { return }
        let oldWindow = view.window
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
        } else {
            view.detachFromSuperview()
        }
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        // Layer order follows view order: the view's layer goes just behind the layer of the
        // subview now after it.
        let next = position + 1 < subviews.count ? subviews[position + 1].layer : nil
        if let next { layer.insertSublayer(view.layer, below: next) } else { layer.addSublayer(view.layer) }
        view.windowMayHaveChanged(from: oldWindow)
    }

    /// Removes the view (and its layer) from its superview.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        let oldWindow = window
        detachFromSuperview()
        windowMayHaveChanged(from: oldWindow)
    }

    /// Moves `view` in front of its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// The window the view is in, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Whether this view is `view` or one of its ancestors.
    public func isAncestor(of view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superview
        }
        return false
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// Tells the subtree when it joined or left a window, and gives its layers the window's
    /// scale (a change redraws, as in UIKit).
    func windowMayHaveChanged(from oldWindow: Window?) {
        let newWindow = window
        guard newWindow !== oldWindow else { return }
        visitSubtree { view in
            if let newWindow { view.layer.contentsScale = newWindow.scale }
            view.didMoveToWindow()
        }
    }

    /// Calls `body` for this view and every descendant, parents first.
    func visitSubtree(_ body: (View) -> Void) {
        body(self)
        for subview in subviews { subview.visitSubtree(body) }
    }
}
