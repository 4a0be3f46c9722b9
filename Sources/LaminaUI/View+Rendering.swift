import LaminaGraphics
import LaminaLayers

extension View {
    /// Marks the whole view to be redrawn at the next commit (does nothing unless
    /// ``drawsContent``).
    ///
    /// Why batched: a view's state changes several times in one turn; the mark is a flag on the
    /// layer, drained once by the implicit transaction's display phase just before the main
    /// loop sleeps.
    public func setNeedsDisplay() {
        guard drawsContent else { return }
        layer.setNeedsDisplay()
    }

    /// Marks `rect` (bounds coordinates) to be redrawn at the next commit; the rest of the old
    /// drawing is kept. Does nothing unless ``drawsContent``. Batched like ``setNeedsDisplay()``.
    public func setNeedsDisplay(_ rect: Rect) {
        guard drawsContent else { return }
        layer.setNeedsDisplay(in: rect)
    }

    /// Marks the view to lay out its subviews at the next commit.
    ///
    /// Why batched: sizes change several times in a turn; the implicit transaction's layout
    /// phase calls ``layoutSubviews()`` once, parents before children, before anything draws.
    /// ``layoutIfNeeded()`` drains it now.
    public func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out this view and its marked descendants now, parents first.
    public func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }
}
