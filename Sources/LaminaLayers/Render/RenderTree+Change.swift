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
        /// Sublayers that left the list, damaged where they were.
        var droppedSublayers: [LayerID] = []
        /// Sublayers that joined the list, damaged where they are now.
        var addedSublayers: [LayerID] = []

        var isEmpty: Bool {
            extent == .none && droppedSublayers.isEmpty && addedSublayers.isEmpty
        }

        init(from old: LayerRenderState, to new: LayerRenderState) {
            if Self.movesSubtree(old, new) {
                extent = .subtree
            } else if Self.changesOwnDrawing(old, new) {
                // A shadow cast by the layer's alpha follows everything it draws, sublayers too.
                extent = new.dropShadow != nil && new.shadowPath == nil ? .subtree : .own
            }
            guard old.sublayers != new.sublayers else { return }
            let oldSet = Set(old.sublayers), newSet = Set(new.sublayers)
            let keptInOldOrder = old.sublayers.filter(newSet.contains)
            let keptInNewOrder = new.sublayers.filter(oldSet.contains)
            if keptInOldOrder != keptInNewOrder {
                extent = .subtree
            }
            droppedSublayers = old.sublayers.filter { !newSet.contains($0) }
            addedSublayers = new.sublayers.filter { !oldSet.contains($0) }
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
                || old.shadowPath != new.shadowPath
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
