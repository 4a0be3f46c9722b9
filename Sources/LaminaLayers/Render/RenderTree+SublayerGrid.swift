import LaminaGraphics

extension RenderTree {
    /// The positions in `node`'s `sublayers` list, ascending, of the sublayers whose subtrees may
    /// draw into `areas` (`node`'s sublayer space, `upright` when it lands upright at the tree's
    /// scale), read from its ``SublayerGrid``, which is built
    /// at the first call; nil when the layer has too few sublayers for a grid to pay, or a list
    /// the grid refuses: then every sublayer is a candidate.
    func sublayerPositions(of node: Node, meeting areas: [Rect], upright: Bool) -> [Int]? {
        let sublayers = node.state.sublayers
        guard sublayers.count >= sublayerGridMinimum, !node.refusesSublayerGrid else { return nil }
        let reach = { (id: LayerID) -> SublayerGrid.Reach in
            guard let child = self.nodes[id] else { return .nowhere }
            guard let extent = self.cullingExtent(of: id, child) else { return .everywhere }
            return extent.uprightOnly ? .insideWhenUpright(extent.rect) : .inside(extent.rect)
        }
        if node.sublayerGrid == nil {
            guard let grid = SublayerGrid(sublayers: sublayers, reach: reach) else {
                node.refusesSublayerGrid = true
                return nil
            }
            node.sublayerGrid = grid
        }
        return node.sublayerGrid?.positions(meeting: areas, upright: upright, sublayers: sublayers, reach: reach)
    }
}
