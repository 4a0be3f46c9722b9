import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// A view that fills its bounds with a colour and logs what it is asked to do.
@MainActor
final class ProbeView: View {
    var fill: Color = .red
    private(set) var log: [String] = []
    var fittingSize = Size(width: 30, height: 12)

    override var drawsContent: Bool { true }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        log.append("draw \(rect)")
        context.fillColor = fill
        context.fill(bounds)
    }

    override func layoutSubviews() { log.append("layoutSubviews") }
    override func sizeThatFits(_ size: Size) -> Size { fittingSize }
    override func didMoveToWindow() { log.append(window == nil ? "left window" : "moved to window") }
    override func pointerDown(_ event: PointerEvent) { log.append("down \(event.location)") }
    override func pointerMoved(_ event: PointerEvent) { log.append("move \(event.location)") }
    override func pointerUp(_ event: PointerEvent) { log.append("up \(event.location)") }
    override func pointerCancelled(_ event: PointerEvent) { log.append("cancel") }
    override func scrollWheel(_ event: PointerEvent) { log.append("wheel") }
    func clearLog() { log = [] }
}

/// A list cell that fills itself with its row's colour, and with `band` points of a darker shade
/// at its top (0: none) so that a row moved by a pixel shows it.
@MainActor
final class ColorCell: ListCell {
    var fill: Color = .white { didSet { setNeedsDisplay() } }
    var band = 0.0 { didSet { setNeedsDisplay() } }
    private(set) var reuses = 0
    /// A colourless view laid out along the bottom edge (it draws nothing: it shows where
    /// layout put it).
    let footer = View(frame: .zero)
    override var drawsContent: Bool { true }
    override init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier)
        addSubview(footer)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        footer.frame = Rect(x: 0, y: bounds.height - 2, width: bounds.width, height: 2)
    }
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = fill
        context.fill(bounds)
        guard band > 0 else { return }
        context.fillColor = Color(red: fill.red * 0.5, green: fill.green * 0.5, blue: fill.blue * 0.5)
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: band))
    }
    override func prepareForReuse() { reuses += 1 }
}
