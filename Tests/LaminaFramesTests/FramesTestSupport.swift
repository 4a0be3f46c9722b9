import LaminaGraphics
import LaminaUI

/// A view that fills its bounds with a colour and logs its layout and drawing, so a test can tell
/// which phase of a commit it is in.
@MainActor
final class FillView: View {
    var fill: Color = .red
    private(set) var log: [String] = []

    override var drawsContent: Bool { true }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        log.append("draw \(rect)")
        context.fillColor = fill
        context.fill(bounds)
    }

    override func layoutSubviews() { log.append("layoutSubviews") }
}
