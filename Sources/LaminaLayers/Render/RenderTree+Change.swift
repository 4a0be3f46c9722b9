import LaminaGraphics

extension RenderTree {
    /// How far one layer's change reaches on screen, from its old and new states.
    struct Change {
        enum Extent: Comparable {
            /// Nothing drawn changes (`isOpaque` is only a hint).
            case none
            /// Only what the layer itself draws: its own rectangle.
            case own
            /// Where the layer and everything under it are drawn.
            case subtree
        }

        var extent: Extent = .none
        /// For a change of nothing but contents redrawn in part (`setNeedsDisplay(in:)`): the part,
        /// in the layer's bounds space — all that an `own` extent then damages.
        var redrawnPart: Rect?
        /// Sublayers that left the list, damaged where they were.
        var droppedSublayers: [LayerID] = []
        /// Sublayers that joined the list, damaged where they are now.
        var addedSublayers: [LayerID] = []
        /// Whether the layer only scrolled: its bounds origin moved and nothing else changed but
        /// sublayers joining or leaving (none reordered) — a change the render server may show by
        /// moving pixels (``RenderTree/scrollBlit(of:from:to:)``) instead of damaging the subtree.
        var isScroll = false

        var isEmpty: Bool {
            extent == .none && droppedSublayers.isEmpty && addedSublayers.isEmpty
        }

        init(from old: LayerRenderState, to new: LayerRenderState, redrawnPart: Rect? = nil) {
            if Self.movesSubtree(old, new) {
                extent = .subtree
            } else if Self.changesOwnDrawing(old, new) {
                // A shadow cast by the layer's alpha follows everything it draws, sublayers too.
                extent = new.dropShadow != nil && new.shadowPath == nil ? .subtree : .own
                if extent == .own, let redrawnPart, Self.onlyContentsChangedInPlace(old, new) {
                    self.redrawnPart = redrawnPart
                }
            }
            isScroll = Self.onlyBoundsOriginMoved(old, new)
            guard old.sublayers != new.sublayers else { return }
            let oldSet = Set(old.sublayers), newSet = Set(new.sublayers)
            let keptInOldOrder = old.sublayers.filter(newSet.contains)
            let keptInNewOrder = new.sublayers.filter(oldSet.contains)
            if keptInOldOrder != keptInNewOrder {
                extent = .subtree
                isScroll = false
            }
            droppedSublayers = old.sublayers.filter { !newSet.contains($0) }
            addedSublayers = new.sublayers.filter { !oldSet.contains($0) }
        }

        /// Whether the bounds origin is all that differs, sublayer lists aside.
        private static func onlyBoundsOriginMoved(_ old: LayerRenderState, _ new: LayerRenderState) -> Bool {
            guard old.bounds.origin != new.bounds.origin, old.bounds.size == new.bounds.size else { return false }
            var moved = old
            moved.bounds = new.bounds
            moved.sublayers = new.sublayers
            return moved == new
        }

        /// Changes that move or re-composite the layer and everything under it.
        private static func movesSubtree(_ old: LayerRenderState, _ new: LayerRenderState) -> Bool {
            old.bounds != new.bounds || old.position != new.position || old.anchorPoint != new.anchorPoint
                || old.transform != new.transform || old.sublayerTransform != new.sublayerTransform
                || old.zPosition != new.zPosition || old.isHidden != new.isHidden
                || old.opacity != new.opacity || old.allowsGroupOpacity != new.allowsGroupOpacity
                || old.masksToBounds != new.masksToBounds || old.mask != new.mask
                || old.shadowColor != new.shadowColor || old.shadowOpacity != new.shadowOpacity
                || old.shadowOffset != new.shadowOffset || old.shadowRadius != new.shadowRadius
                || old.shadowPath != new.shadowPath || old.groupsOpacity != new.groupsOpacity
        }

        /// Whether the only difference is a new bitmap of the same pixel size, drawn unscaled over
        /// the bounds, so a part of the bitmap is that part of the layer on screen.
        private static func onlyContentsChangedInPlace(_ old: LayerRenderState, _ new: LayerRenderState) -> Bool {
            let unit = Rect(x: 0, y: 0, width: 1, height: 1)
            guard let before = old.contents, let after = new.contents else { return false }
            var oldOthers = old, newOthers = new
            (oldOthers.contents, newOthers.contents) = (nil, nil)
            return oldOthers == newOthers && before.width == after.width && before.height == after.height
                && new.contentsRect == unit && new.contentsCenter == unit
        }

        /// Changes to what the layer itself draws.
        private static func changesOwnDrawing(_ old: LayerRenderState, _ new: LayerRenderState) -> Bool {
            old.contents != new.contents || old.contentsRect != new.contentsRect
                || old.contentsCenter != new.contentsCenter || old.contentsScale != new.contentsScale
                || old.contentsGravity != new.contentsGravity || old.backgroundColor != new.backgroundColor
                || old.cornerRadius != new.cornerRadius || old.borderWidth != new.borderWidth
                || old.borderColor != new.borderColor
        }
    }
}
