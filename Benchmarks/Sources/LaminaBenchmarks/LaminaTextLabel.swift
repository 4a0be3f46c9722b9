// Lamina's side of the text benchmarks: the reference label through LaminaText.
import Foundation
import LaminaGraphics
import LaminaText

/// Lamina's two timed operations on the reference label, as an async label's display task does
/// them: lay out with `TextLayout(container:text:)`, then draw with
/// `draw(in:at:isCancelled:)` into a new `GraphicsContext` at the label's scale. The attributed
/// string (DejaVu Sans 15, black) and the font are made here, outside the timed code, as is the
/// layout that the cached-redraw side draws again and again.
func makeLaminaTextLabelSide(_ label: ReferenceTextLabel) -> TextLabelSide? {
    var text = AttributedString(label.text)
    text.font = Font.system(size: label.fontSize)
    text.foregroundColor = Color(white: 0, alpha: 1)
    let container = TextContainer(size: Size(width: label.width, height: label.height))
    let cached = TextLayout(container: container, text: text)
    func newContext() -> GraphicsContext? {
        try? GraphicsContext(width: label.width, height: label.height, scale: label.scale, opaque: false)
    }
    return TextLabelSide(
        layOutAndDraw: {
            let layout = TextLayout(container: container, text: text)
            guard let context = newContext() else { return nil }
            layout.draw(in: context, at: .zero, isCancelled: { false })
            return layout.lines.count
        },
        drawCachedLayout: {
            guard let context = newContext() else { return false }
            return cached.draw(in: context, at: .zero, isCancelled: { false })
        },
        ink: {
            guard let context = newContext() else { return 0 }
            cached.draw(in: context, at: .zero, isCancelled: { false })
            let image = context.makeImage()
            return image.withUnsafePixelBytes { pixels, bytesPerRow in
                var sum: UInt64 = 0
                for y in 0..<image.height {
                    // Premultiplied ARGB32 in native (little-endian) order: alpha is byte 3.
                    for x in 0..<image.width { sum += UInt64(pixels[y * bytesPerRow + x * 4 + 3]) }
                }
                return sum
            }
        }
    )
}

/// Where Lamina's layout of `label` starts its lines (UTF-16 offsets).
func makeLaminaLineStarts(_ label: ReferenceTextLabel) -> [Int] {
    var text = AttributedString(label.text)
    text.font = Font.system(size: label.fontSize)
    let layout = TextLayout(container: TextContainer(size: Size(width: label.width, height: label.height)), text: text)
    return layout.lines.map(\.range.lowerBound)
}
