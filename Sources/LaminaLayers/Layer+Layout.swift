import LaminaTrace

extension Layer {
    /// Marks the layer to lay out its sublayers at the next commit.
    ///
    /// Why batched: sizes change several times in a turn (a bounds change, a sublayer added,
    /// text set); laying out at each change would lay out several times for one frame. The mark
    /// is a flag; the implicit ``Transaction``'s first phase lays out every marked layer once,
    /// parents before children, before anything displays (``layoutIfNeeded()`` drains a subtree
    /// now). Changing the bounds size and adding or removing a sublayer mark it too.
    public func setNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        Transaction.current.needsLayout.append(self)
        propagateSubtreeNeedsLayout()
    }

    /// Flags this layer and its ancestors as holding a layer that needs layout, stopping at the
    /// first ancestor already flagged.
    func propagateSubtreeNeedsLayout() {
        var layer: Layer? = self
        while let current = layer, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            layer = current.superlayer
        }
    }

    /// Lays out this layer (if marked) and then every marked layer beneath it, parents first,
    /// visiting only the branches that hold a mark.
    public func layoutIfNeeded() {
        guard subtreeNeedsLayout || needsLayout else { return }
        if needsLayout {
            needsLayout = false
            Trace.begin(.layoutSublayers, arguments: ["layer": id.description])
            layoutSublayers()
            Trace.end(.layoutSublayers)
        }
        subtreeNeedsLayout = false
        for sublayer in sublayers where sublayer.subtreeNeedsLayout || sublayer.needsLayout {
            sublayer.layoutIfNeeded()
        }
    }
}
