import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// A delegate that records, in order, what its layers ask of it.
@MainActor
final class RecordingDelegate: LayerDelegate {
    private(set) var calls: [String] = []
    /// What `draw` paints, so tests can see the pixels.
    var fill: Color = .red
    /// Run inside `layoutSublayers(of:)`.
    var onLayout: ((Layer) -> Void)?
    /// The clip bounds each `draw` saw.
    private(set) var drawnRects: [Rect] = []

    func layerWillDraw(_ layer: Layer) { calls.append("layerWillDraw \(name(layer))") }

    func draw(_ layer: Layer, in context: GraphicsContext) {
        calls.append("draw \(name(layer))")
        drawnRects.append(context.clipBoundingBox)
        context.fillColor = fill
        context.fill(layer.bounds)
    }

    func layoutSublayers(of layer: Layer) {
        calls.append("layout \(name(layer))")
        onLayout?(layer)
    }

    func reset() {
        calls = []
        drawnRects = []
    }

    /// Names layers in the log: set by `name(_:as:)`, or the layer id.
    private var names: [ObjectIdentifier: String] = [:]
    func name(_ layer: Layer, as name: String) { names[ObjectIdentifier(layer)] = name }
    private func name(_ layer: Layer) -> String { names[ObjectIdentifier(layer)] ?? "\(layer.id)" }
}

/// A delegate that provides contents itself (`displayLayer:`).
@MainActor
final class ContentsProvidingDelegate: LayerDisplayDelegate {
    private(set) var calls: [String] = []
    let image: Image

    init(image: Image) { self.image = image }

    func display(_ layer: Layer) {
        calls.append("display")
        layer.contents = image
    }
    func layerWillDraw(_ layer: Layer) { calls.append("layerWillDraw") }
    func draw(_ layer: Layer, in context: GraphicsContext) { calls.append("draw") }
}

/// A layer with a frame.
@MainActor
func makeLayer(_ frame: Rect, delegate: (any LayerDelegate)? = nil) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.delegate = delegate
    return layer
}
