import Foundation
import LaminaGraphics

/// Text borders (``TextBorder``), drawn as YYText's `YYTextDrawBlockBorder` and
/// `YYTextDrawBorder` draw them: the block border first, then the background borders, both
/// before anything else of the text.
extension TextPainter {
    /// Draws the block border that starts at line `index`: when the line's first character
    /// carries a ``LaminaBlockBorderAttribute`` and the line before does not carry an equal one,
    /// one box from this line's top to the bottom of the last following line whose first
    /// character carries an equal border, the full width of the container inside its insets.
    func drawBlockBorder(startingAt index: Int, of lines: [TextLine]) {
        guard let border = Self.blockBorder(of: lines[index]), border.isVisible else { return }
        if index > 0, Self.blockBorder(of: lines[index - 1]) == border { return }
        var last = index
        while last + 1 < lines.count, Self.blockBorder(of: lines[last + 1]) == border { last += 1 }
        let top = lines[index].origin.y - lines[index].ascent
        let bottom = lines[index...last].map { $0.origin.y + $0.descent }.max() ?? top
        let box = Rect(x: containerRect.minX, y: top, width: containerRect.width, height: bottom - top)
        draw(border, around: [box.offsetBy(dx: origin.x, dy: origin.y)])
    }

    /// The block border of a line: the one its first character (in the text's order) carries.
    private static func blockBorder(of line: TextLine) -> TextBorder? {
        line.runs.filter { !$0.isTruncationToken }.min { $0.range.lowerBound < $1.range.lowerBound }?
            .attributes.blockBorder
    }

    /// Draws the background borders of `line`: the runs of each stretch of text carrying one
    /// equal ``LaminaBackgroundBorderAttribute`` make one box, the union of their boxes on the
    /// line (a stretch split by the bidi reordering still makes one box, as YYText unions the
    /// runs it walks).
    func drawBackgroundBorders(of line: TextLine) {
        var stretches: [(border: TextBorder, box: Rect)] = []
        var previous: (border: TextBorder, end: Int)?
        for run in line.runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard let border = run.attributes.backgroundBorder, border.isVisible, !run.isTruncationToken else {
                previous = nil
                continue
            }
            let box = box(of: run, in: line)
            if let last = previous, last.border == border, last.end == run.range.lowerBound, !stretches.isEmpty {
                stretches[stretches.count - 1].box = stretches[stretches.count - 1].box.union(box)
            } else {
                stretches.append((border, box))
            }
            previous = (border, run.range.upperBound)
        }
        for stretch in stretches { draw(stretch.border, around: [stretch.box]) }
    }

    /// Fills, outlines and shadows `border` around each of `boxes` (in the context's space).
    func draw(_ border: TextBorder, around boxes: [Rect]) {
        let shapes = boxes.map { snapped($0.inset(by: border.insets)) }.filter { !$0.isEmpty }
        guard !shapes.isEmpty else { return }
        context.withSavedState {
            context.shadow = nil
            if let shadow = border.shadow {
                context.shadow = Shadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
                context.beginTransparencyLayer()
            }
            if let fill = border.fillColor {
                var path = Path()
                for shape in shapes { path.addPath(Path(roundedRect: shape, cornerRadius: border.cornerRadius)) }
                context.fillColor = fill
                context.fill(path)
            }
            if let stroke = border.strokeColor {
                strokeOutline(of: shapes, border: border, color: stroke)
            }
            if border.shadow != nil { context.endTransparencyLayer() }
        }
    }

    /// The outline lies outside every box: the rings are clipped to what no box covers.
    private func strokeOutline(of shapes: [Rect], border: TextBorder, color: Color) {
        let rings = border.outlineRings
        guard !rings.isEmpty else { return }
        context.withSavedState {
            let reach = rings.map { $0.outset + $0.width / 2 }.max() ?? 0
            let around = shapes.dropFirst().reduce(shapes[0]) { $0.union($1) }.insetBy(dx: -reach - 1, dy: -reach - 1)
            for shape in shapes {
                var outside = Path(rect: around)
                outside.addPath(Path(roundedRect: shape, cornerRadius: border.cornerRadius))
                context.clip(to: outside, rule: .evenOdd)
            }
            context.strokeColor = color
            for ring in rings {
                var path = Path()
                for shape in shapes {
                    let radius = border.cornerRadius > 0 ? border.cornerRadius + ring.outset : 0
                    path.addPath(Path(roundedRect: shape.insetBy(dx: -ring.outset, dy: -ring.outset),
                                      cornerRadius: radius))
                }
                context.lineWidth = ring.width
                context.stroke(path)
            }
        }
    }

    /// `rect` with its edges on whole device pixels when the context is upright (YYText rounds
    /// its border rectangles to pixels too, so a hairline outline stays sharp).
    private func snapped(_ rect: Rect) -> Rect {
        let transform = context.currentTransform
        guard transform.isTranslationAndScale, let inverse = transform.inverted() else { return rect }
        let device = transform.apply(to: rect)
        let minX = device.minX.rounded(), minY = device.minY.rounded()
        let pixels = Rect(x: minX, y: minY, width: device.maxX.rounded() - minX, height: device.maxY.rounded() - minY)
        return inverse.apply(to: pixels)
    }
}
