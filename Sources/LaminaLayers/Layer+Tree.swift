extension Layer {
    /// Appends `layer` as the frontmost sublayer, removing it from its old superlayer first.
    /// Adding a layer to itself or to one of its own sublayers is ignored (it would make a cycle).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` among the sublayers (clamped to the valid range), removing it
    /// from its old superlayer first. Marks this layer for layout, as Core Animation does. Runs
    /// this layer's ``ActionKey/sublayers`` action and, when `layer` joins a tree on screen, its
    /// ``ActionKey/onOrderIn`` action.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard !layer.isAncestor(of: self) else { return }
        let sublayersAction = actionForChange(forKey: ActionKey.sublayers)
        let isMove = layer.superlayer === self
        defer {
            sublayersAction?.run(on: self)
            if !isMove, isInHostedTree { layer.runAction(forKey: ActionKey.onOrderIn) }
        }
        if layer.superlayer === self, let current = sublayers.firstIndex(where: { $0 === layer }) {
            sublayers.remove(at: current)
        } else {
            layer.removeFromSuperlayer()
        }
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        let joins = layer.superlayer == nil
        layer.superlayer = self
        if joins { layer.didJoinSuperlayer() }
        markSubtreeChanged(layer)
        renderStateChanged()
        Transaction.noteGeometryMayHaveChanged()
        setNeedsLayout()
        if layer.subtreeNeedsLayout { propagateSubtreeNeedsLayout() }
    }

    /// Inserts `layer` just behind `sibling` (at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        let index = sublayers.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: index)
    }

    /// Inserts `layer` just in front of `sibling` (at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        let index = sublayers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? sublayers.count
        insertSublayer(layer, at: index)
    }

    /// Puts `newLayer` where `oldLayer` is. Does nothing when `oldLayer` is not a sublayer. In a
    /// tree on screen, runs `newLayer`'s ``ActionKey/transition`` action after the other actions
    /// of the removal and the insertion.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard oldLayer !== newLayer, let index = sublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: index)
        if isInHostedTree { newLayer.runAction(forKey: ActionKey.transition) }
    }

    /// Detaches the layer from its superlayer, which is marked for layout. The layer keeps its
    /// own sublayers. Does nothing for a layer without a superlayer. Runs the superlayer's
    /// ``ActionKey/sublayers`` action and, when the layer leaves a tree on screen, its own
    /// ``ActionKey/onOrderOut`` action.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        let sublayersAction = parent.actionForChange(forKey: ActionKey.sublayers)
        let wasShown = parent.isInHostedTree
        defer {
            sublayersAction?.run(on: parent)
            if wasShown { runAction(forKey: ActionKey.onOrderOut) }
        }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        parent.renderStateChanged()
        Transaction.noteGeometryMayHaveChanged()
        parent.setNeedsLayout()
        Transaction.current.noteRemoval(of: self, from: parent.rootLayer)
        didLeaveSuperlayer()
    }

    /// The topmost ancestor (the layer itself when it has no superlayer). A mask counts as part
    /// of the layer it masks.
    public var rootLayer: Layer {
        var layer = self
        while let parent = layer.superlayer ?? layer.maskedLayer { layer = parent }
        return layer
    }

    /// Whether this layer is `layer` or one of its ancestors.
    func isAncestor(of layer: Layer) -> Bool {
        var current: Layer? = layer
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superlayer
        }
        return false
    }

    /// How many superlayers are above this one.
    var depth: Int {
        var count = 0
        var layer = self
        while let parent = layer.superlayer {
            count += 1
            layer = parent
        }
        return count
    }

    /// Marks every layer of `root`'s subtree (and its masks) changed, so a subtree that joins a
    /// hosted tree reaches the render server whole. Costs the subtree, never the whole tree.
    func markSubtreeChanged(_ root: Layer) {
        root.renderStateChanged()
        if let mask = root.mask { markSubtreeChanged(mask) }
        for sublayer in root.sublayers { markSubtreeChanged(sublayer) }
    }
}
