import LaminaGraphics

extension TextPainter {
    /// YYText's debug overlay: fragments (pale blue), line boxes (red outlines), baselines
    /// (blue), glyph ink bounds (green outlines). Hairlines of one point whatever the scale.
    func drawDebug(_ lines: [TextLine], _ options: TextDebugOptions) {
        context.withSavedState {
            context.shadow = nil
            context.alpha = 1
            context.lineWidth = 0.5
            for line in lines {
                let top = origin.y + line.origin.y - line.ascent
                if options.contains(.fragments) {
                    context.fillColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 0.08)
                    context.fill(line.fragment.offsetBy(dx: origin.x, dy: origin.y))
                }
                if options.contains(.lineBoxes) {
                    context.strokeColor = Color(red: 1, green: 0.2, blue: 0.2, alpha: 0.8)
                    context.stroke(Rect(x: origin.x + line.origin.x, y: top, width: line.width,
                                        height: line.ascent + line.descent))
                }
                if options.contains(.baselines) {
                    context.fillColor = Color(red: 0.1, green: 0.3, blue: 1, alpha: 0.9)
                    context.fill(Rect(x: origin.x + line.origin.x, y: origin.y + line.origin.y - 0.25,
                                      width: line.width, height: 0.5))
                }
                if options.contains(.glyphBounds) {
                    context.strokeColor = Color(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.8)
                    for run in line.runs { strokeGlyphBounds(of: run, in: line) }
                }
            }
        }
    }

    private func strokeGlyphBounds(of run: GlyphRun, in line: TextLine) {
        guard let face = run.face else { return }
        let scale = run.scale
        run.forEachGlyph { glyph, position, _ in
            guard let extents = face.extents(of: glyph.id), extents.width != 0, extents.height != 0 else { return }
            let x = origin.x + line.origin.x + position.x + Double(extents.x_bearing) * scale
            let y = origin.y + line.origin.y + position.y - Double(extents.y_bearing) * scale
            context.stroke(Rect(x: x, y: y, width: Double(extents.width) * scale, height: -Double(extents.height) * scale))
        }
    }
}
