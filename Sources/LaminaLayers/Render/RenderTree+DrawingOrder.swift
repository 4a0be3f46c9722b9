extension RenderTree {
    /// The layers that really hang from `id` as sublayers (their parent links say so), with
    /// their nodes, in Core Animation's drawing order: ascending zPosition, then list order.
    ///
    /// Worked out once and kept in the parent's node until one of them is replaced, moves or
    /// leaves (``forgetSublayers(ofParentOf:)``), or the parent itself is replaced (a new node
    /// keeps nothing): a full frame over a layer with many sublayers then walks one array instead
    /// of looking up, checking and ordering every sublayer again.
    func sublayersInDrawingOrder(of id: LayerID, _ node: Node) -> [(LayerID, Node)] {
        if let known = node.sublayersInDrawingOrder { return known }
        let ordered = Self.drawingOrder(node.state.sublayers.compactMap { sublayer($0, of: id) })
        node.sublayersInDrawingOrder = ordered
        return ordered
    }

    /// `child` with its node, when the tree has it and it hangs from `parent` as a sublayer.
    func sublayer(_ child: LayerID, of parent: LayerID) -> (LayerID, Node)? {
        guard let node = nodes[child], isChild(child, node, of: parent, asMask: false) else { return nil }
        return (child, node)
    }

    /// A stable sort by zPosition, skipped when all are equal (the usual case) or there are none.
    static func drawingOrder(_ sublayers: [(LayerID, Node)]) -> [(LayerID, Node)] {
        guard let first = sublayers.first?.1.state.zPosition,
              sublayers.contains(where: { $0.1.state.zPosition != first }) else { return sublayers }
        return sublayers.indices.sorted {
            (sublayers[$0].1.state.zPosition, $0) < (sublayers[$1].1.state.zPosition, $1)
        }.map { sublayers[$0] }
    }

    /// Drops the drawing order (and the ``SublayerPlan``) kept by the layer `id` hangs from:
    /// `id`'s node is about to be replaced, re-linked or removed.
    func forgetSublayers(ofParentOf id: LayerID) {
        guard let parent = nodes[id]?.parent else { return }
        nodes[parent]?.forgetSublayers()
    }

    /// Drops every node's drawing order (the root changed: the root never counts as a sublayer).
    func forgetAllSublayerOrders() {
        for node in nodes.values { node.forgetSublayers() }
    }
}

extension RenderTree.Node {
    /// Drops what the node keeps of its sublayers: their drawing order and its plan.
    func forgetSublayers() {
        sublayersInDrawingOrder = nil
        sublayerPlan = nil
    }
}
