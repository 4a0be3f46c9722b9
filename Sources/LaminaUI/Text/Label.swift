import LaminaGraphics
import LaminaText

/// A label that lays out and draws its text on the main thread, in the commit's display phase:
/// UIKit's `UILabel`, the baseline ``AsyncLabel`` is measured against. Main thread.
///
/// Setting a property marks the layer at once (a value equal to the current one does nothing),
/// so the label draws in the same loop turn's commit.
@MainActor
open class Label: TextLabel {
    /// Lays out (or reuses the layout for this size) and draws the text, on the main thread.
    override open func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let layout = currentLayout() else { return }
        content.draw(layout, in: context, size: bounds.size, pressed: pressedHighlight)
    }
}
