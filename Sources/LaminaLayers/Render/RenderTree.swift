import LaminaGraphics

/// The render server's copy of the layer tree: every layer's last ``LayerRenderState``, by
/// ``LayerID``, with a link to the layer it hangs from. Deltas from transaction commits are
/// applied here, and each application reports the ``Damage`` it caused.
///
/// Render-thread state: one thread uses a tree at a time (the render server's thread; a test or
/// benchmark's own thread when it drives a tree and a ``Compositor`` directly).
///
/// Applying a delta, ``apply(_:)``:
/// 0. A new framebuffer size (``RenderTreeDelta/size``) damages the whole new framebuffer.
/// 1. The damage the changes cause in the old tree: each changed layer's old screen rectangle,
///    or its whole subtree's (see ``Damage`` rules below); removed subtrees' old bounds.
/// 2. The new states replace the old; parent links follow the new sublayer and mask lists;
///    removed subtrees are deleted, except layers the same delta re-parents.
/// 3. The damage in the new tree: the same rectangles again, now.
///
/// Damage rules (all in device pixels, rounded outwards, clipped to the framebuffer and to
/// ancestors that mask to bounds):
/// - contents, background, border or corner radius changed → the layer's own rectangle (bounds,
///   plus contents that overflow them);
/// - geometry, transform, sublayer transform, zPosition, hidden, opacity, group opacity,
///   masksToBounds, mask, shadow or a reordering of sublayers → the whole subtree;
/// - sublayers added or dropped without reordering the others → those sublayers' subtrees;
/// - a new root → the whole framebuffer.
/// Only the changed layers, their ancestors and the subtrees named above are visited, never
/// the whole tree. The render server applies deltas with ``apply(_:to:)``, which shows a layer
/// that only scrolled by moving its pixels (``/LaminaGraphics/PixelScroll``) instead of damaging
/// its subtree.
///
/// Bad input is tolerated, never trapped: a sublayer or mask naming a layer the tree does not
/// have is skipped (a layer arrives in the commit that first attaches it); a layer listed by two
/// parents hangs from the one applied last; geometry that is NaN or infinite adds no damage.
public final class RenderTree {
    /// One layer: its state and where it hangs. A class with an immutable state, so that walking
    /// the tree reads each layer's (large) state in place instead of copying it at every lookup;
    /// a new state is a new node.
    final class Node {
        // The properties every frame reads come first, the large state last: a frame over many
        // layers touches a few cache lines of each node rather than lines spread over its state.

        /// The layer whose sublayers (or mask) this is; nil when detached.
        var parent: LayerID?
        /// Whether it hangs as its parent's `mask` rather than as a sublayer.
        var isMask = false
        /// Whether the layer draws nothing but contents stretched over its bounds — no sublayers,
        /// background, border, shadow, mask or clip: most layers of a scrolling list, which the
        /// painter draws by a short path.
        lazy var drawsOnlyContents: Bool = {
            let unit = LayerRenderState.unitRect
            return state.sublayers.isEmpty && state.mask == nil && state.dropShadow == nil
                && state.backgroundColor == nil && !(state.borderWidth > 0) && !state.masksToBounds
                && state.contents != nil && state.contentsRect == unit && state.contentsCenter == unit
                && state.contentsGravity == .resize
        }()
        /// The visible contents with their cairo surface, made at the first paint and kept for
        /// every frame after: a node's state never changes (an update makes a new node).
        lazy var contentsSurface: ImageSurface? = state.visibleContents.map(ImageSurface.init)
        /// The state's bounds-to-superlayer transform, worked out once (the state never changes).
        lazy var transformToSuperlayer = state.transformToSuperlayer
        /// The snapped transform and own area of the last placement painted: frame after frame a
        /// layer whose ancestors did not move sits at the same placement, so they are reused.
        private var lastPlaced: (transform: AffineTransform, snappedTransform: AffineTransform, ownArea: Rect)?
        /// The compositor's culling rectangle for the subtree (see `cullingExtent(of:)`).
        var extent = Extent.unknown
        /// Where its sublayers reach, when it has many (see ``SublayerGrid``); made at the first
        /// frame that culls them.
        var sublayerGrid: SublayerGrid?
        /// Whether its sublayer list cannot have a grid (it names a layer twice).
        var refusesSublayerGrid = false
        /// The parts rasterised whole (see ``PartRaster``), kept for the frames after while the
        /// tree's ``RasterCache`` has room for them.
        var rasters: [PartRaster.Part: RasterCache.Entry] = [:]
        /// Its sublayers in drawing order, once a walk worked them out (see
        /// `sublayersInDrawingOrder(of:_:)`); nil when not known.
        var sublayersInDrawingOrder: [(LayerID, Node)]?
        /// What a full frame draws of those sublayers at the node's last placement (see
        /// ``SublayerPlan``); nil when not known.
        var sublayerPlan: SublayerPlan?
        let state: LayerRenderState

        /// The layer's snapped transform and own drawing area (device pixels) at `transform`.
        func placed(at transform: AffineTransform) -> (snappedTransform: AffineTransform, ownArea: Rect) {
            if let last = lastPlaced, last.transform == transform { return (last.snappedTransform, last.ownArea) }
            let snapped = PixelSnapping.snapped(transform, for: state.bounds)
            let ownArea = RenderTree.drawnArea(RenderTree.ownArea(of: state), at: transform, snapped: snapped)
            lastPlaced = (transform, snapped, ownArea)
            return (snapped, ownArea)
        }

        init(state: LayerRenderState, parent: LayerID? = nil, isMask: Bool = false) {
            self.state = state
            self.parent = parent
            self.isMask = isMask
        }

        deinit {
            for entry in rasters.values { entry.cache?.remove(entry) }
        }
    }

    /// The framebuffer's size in points; a delta carrying a new size changes it.
    public internal(set) var size: Size
    /// Device pixels per point.
    public let scale: Double
    /// The framebuffer in device pixels: damage never reaches outside it.
    public internal(set) var pixelBounds: Rect
    /// The root layer; nil until a delta names one.
    public private(set) var root: LayerID?

    var nodes: [LayerID: Node] = [:]
    /// The rasters the nodes keep, under one limit in bytes.
    let rasterCache = RasterCache()
    /// How many nodes the last ``apply(_:)`` visited to compute its damage: the clear-box check
    /// that damage follows the change, not the size of the tree.
    var nodesVisited = 0
    /// How many sublayer entries the compositor has looked at since this was last zeroed (the
    /// ``Compositor`` zeroes it per frame): the clear-box check that a frame's cost follows its
    /// damage, not the number of siblings.
    var sublayersExamined = 0
    /// A layer with at least this many sublayers gets a ``SublayerGrid``.
    var sublayerGridMinimum = SublayerGrid.minimumSublayers

    /// An empty tree for a framebuffer of `size` points at `scale` pixels per point.
    public init(size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        pixelBounds = RenderTree.pixelBounds(of: size, scale: scale)
    }

    /// The number of layers in the tree (attached or not).
    public var count: Int { nodes.count }

    /// The state of layer `id`, if the tree has it.
    public func state(of id: LayerID) -> LayerRenderState? {
        nodes[id]?.state
    }

    /// The layer `id` hangs from (as a sublayer or as its mask), if any.
    public func parent(of id: LayerID) -> LayerID? {
        nodes[id]?.parent
    }

    /// A copy of every layer's state.
    public var states: [LayerID: LayerRenderState] {
        nodes.mapValues(\.state)
    }

    /// Applies one commit's changes and returns the damage they cause (see the type's
    /// documentation for the steps and rules). A scrolled layer's subtree is damaged whole;
    /// ``apply(_:to:)`` shows it by moving pixels instead.
    @discardableResult
    public func apply(_ delta: RenderTreeDelta) -> Damage {
        var damage = Damage()
        apply(delta, findingScrolls: false) { damage.formUnion($0) } scrolled: { _ in }
        return damage
    }

    /// Applies one commit's changes and adds what they do to the framebuffer to `update`: damage,
    /// and for a layer that only scrolled (its bounds origin moved) over an opaque background, a
    /// ``/LaminaGraphics/PixelScroll`` that moves its pixels — with damage only where the move
    /// exposes content, where other layers cover the scrolled region, and what the rest of the
    /// commit changes (`scrollBlit(of:from:to:)` says when a scroll qualifies). One scroll per
    /// commit at most: a second scrolled layer in the same commit is damaged whole. Returns what
    /// this commit alone does (its damage and scroll), for traces.
    @discardableResult
    public func apply(_ delta: RenderTreeDelta, to update: inout FrameUpdate) -> FrameUpdate {
        var own = FrameUpdate()
        var pending = Damage()
        apply(delta, findingScrolls: true) { pending.formUnion($0) } scrolled: { scroll in
            update.add(pending)
            own.add(pending)
            pending = Damage()
            update.add(scroll)
            own.add(scroll)
        }
        update.add(pending)
        own.add(pending)
        return own
    }

    /// The steps of ``apply(_:)``: `damaged` receives damage as it is found — stale pixels as the
    /// tree stands at that moment — and `scrolled` the pixel move between the old tree's damage
    /// and the new tree's, when `findingScrolls` and a scroll qualifies.
    private func apply(_ delta: RenderTreeDelta, findingScrolls: Bool, damaged: (Damage) -> Void,
                       scrolled: (PixelScroll) -> Void) {
        nodesVisited = 0
        var damage = Damage()
        if let newSize = delta.size { damage.formUnion(resize(to: newSize)) }
        var changes = delta.updated.compactMap { id, state in
            nodes[id].map { (id, Change(from: $0.state, to: state, redrawnPart: delta.dirtyContentsRects[id])) }
        }.filter { !$0.1.isEmpty }
        var blit: ScrollBlit?
        if findingScrolls, delta.size == nil {
            // The first scrolled layer by id: the same choice whatever order the delta lists them in.
            let candidates = changes.indices.filter { changes[$0].1.isScroll }
            if let index = candidates.min(by: { changes[$0].0 < changes[$1].0 }), let state = delta.updated[changes[index].0],
               let old = nodes[changes[index].0]?.state, let found = scrollBlit(of: changes[index].0, from: old, to: state) {
                blit = found
                changes[index].1.extent = .none
                damage.formUnion(found.covered)
            }
        }
        addDamage(of: changes, before: true, to: &damage)
        for id in delta.removed {
            addSubtreeDamage(of: id, to: &damage)
            invalidateExtents(from: id)
        }
        let doomed = subtrees(of: delta.removed, sparing: delta.updated)
        if let blit {
            damaged(damage)
            scrolled(blit.scroll)
            damage = blit.edges
        }

        replaceStates(delta.updated)
        for id in doomed {
            forgetSublayers(ofParentOf: id)
            nodes[id] = nil
        }
        if let newRoot = delta.root, newRoot != root {
            root = newRoot
            forgetAllSublayerOrders()
            damage.add(pixelBounds)
        } else if let current = root, nodes[current] == nil {
            root = nil
            damage.add(pixelBounds)
        }

        addDamage(of: changes, before: false, to: &damage)
        damaged(damage)
    }

    /// Adds the damage of `changes` as the tree stands now: before or after the new states.
    private func addDamage(of changes: [(LayerID, Change)], before: Bool, to damage: inout Damage) {
        for (id, change) in changes {
            switch change.extent {
            case .none: break
            case .own:
                if let part = change.redrawnPart { addPartDamage(of: id, part, to: &damage) } else { addOwnDamage(of: id, to: &damage) }
            case .subtree: addSubtreeDamage(of: id, to: &damage)
            }
            for child in before ? change.droppedSublayers : change.addedSublayers {
                addSubtreeDamage(of: child, to: &damage)
            }
        }
    }

    /// Stores the new states, then moves parent links: links to sublayers a parent dropped are
    /// cut first, so a sublayer moved between two parents of the same delta ends under its new
    /// one whatever order the dictionary gives.
    private func replaceStates(_ updated: [LayerID: LayerRenderState]) {
        var previous: [LayerID: LayerRenderState] = [:]
        for (id, state) in updated {
            invalidateExtents(from: id)
            if let node = nodes[id] {
                forgetSublayers(ofParentOf: id)
                previous[id] = node.state
                nodes[id] = Node(state: state, parent: node.parent, isMask: node.isMask)
            } else {
                nodes[id] = Node(state: state)
            }
        }
        for (id, state) in updated {
            guard let old = previous[id] else { continue }
            let kept = Set(state.sublayers)
            for child in old.sublayers where !kept.contains(child) { unlink(child, from: id) }
            if let mask = old.mask, mask != state.mask { unlink(mask, from: id) }
        }
        for (id, state) in updated {
            invalidateExtents(from: id)
            for child in state.sublayers where child != id && nodes[child] != nil {
                forgetSublayers(ofParentOf: child)
                nodes[child]?.parent = id
                nodes[child]?.isMask = false
            }
            if let mask = state.mask, mask != id, nodes[mask] != nil {
                forgetSublayers(ofParentOf: mask)
                nodes[mask]?.parent = id
                nodes[mask]?.isMask = true
            }
        }
    }

    private func unlink(_ child: LayerID, from parent: LayerID) {
        guard nodes[child]?.parent == parent else { return }
        forgetSublayers(ofParentOf: child)
        nodes[child]?.parent = nil
    }

    /// The layers of the subtrees rooted at `removed`, as the tree stands, without the layers
    /// in `spared` and what hangs from them (they are being re-parented).
    private func subtrees(of removed: [LayerID], sparing spared: [LayerID: LayerRenderState]) -> [LayerID] {
        var result: [LayerID] = []
        var pending = removed.filter { spared[$0] == nil && nodes[$0] != nil }
        var seen = Set(pending)
        while let id = pending.popLast() {
            result.append(id)
            for child in children(of: id) where spared[child] == nil && seen.insert(child).inserted {
                pending.append(child)
            }
        }
        return result
    }

    /// The sublayers and mask that really hang from `id` (their parent link says so), skipping
    /// ids the tree does not have and the root, which never hangs from anything.
    func children(of id: LayerID) -> [LayerID] {
        guard let state = nodes[id]?.state else { return [] }
        var result = state.sublayers.filter { isChild($0, of: id, asMask: false) }
        if let mask = state.mask, isChild(mask, of: id, asMask: true) { result.append(mask) }
        return result
    }

    /// Whether `child` hangs from `parent` in the given role.
    func isChild(_ child: LayerID, of parent: LayerID, asMask: Bool) -> Bool {
        guard let node = nodes[child] else { return false }
        return isChild(child, node, of: parent, asMask: asMask)
    }

    /// Whether `child`, whose node is `node`, hangs from `parent` in the given role.
    func isChild(_ child: LayerID, _ node: Node, of parent: LayerID, asMask: Bool) -> Bool {
        child != root && node.parent == parent && node.isMask == asMask
    }
}
