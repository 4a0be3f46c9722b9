import CCairo
import LaminaGraphics

/// The drawing phases of ``TextLayout/draw(in:at:options:isCancelled:)``, line by line. Each
/// run's glyphs are handed to cairo from a buffer on the stack (on the heap only for runs of
/// more than a few dozen glyphs).
struct TextPainter {
    /// The phases in YYText's order.
    enum Phase: Int, CaseIterable {
        case blockBorders, backgroundBorders, backgrounds, shadows, underlines, glyphs, attachments, strikethroughs
    }

    /// The phases that have something to draw in a layout's lines: the glyphs always, every other
    /// phase only when a run carries what it draws. A plain label walks its lines once, not six
    /// times.
    struct Phases: Sendable {
        private var bits: UInt16

        init(lines: [TextLine]) {
            bits = 0
            insert(.glyphs)
            for line in lines {
                for run in line.runs {
                    let attributes = run.attributes
                    if attributes.backgroundColor != nil || attributes.highlight?.highlightedBackgroundColor != nil {
                        insert(.backgrounds)
                    }
                    if attributes.shadow != nil { insert(.shadows) }
                    if attributes.underline != nil { insert(.underlines) }
                    if attributes.attachment != nil { insert(.attachments) }
                    if attributes.strikethrough != nil { insert(.strikethroughs) }
                    if attributes.blockBorder != nil { insert(.blockBorders) }
                    if attributes.backgroundBorder != nil { insert(.backgroundBorders) }
                }
            }
        }

        /// Every phase, whatever the lines hold.
        static let all = Phases(bits: UInt16(1 << Phase.allCases.count) - 1)

        private init(bits: UInt16) { self.bits = bits }

        func contains(_ phase: Phase) -> Bool { bits & (1 << phase.rawValue) != 0 }

        private mutating func insert(_ phase: Phase) { bits |= 1 << phase.rawValue }
    }

    let context: GraphicsContext
    let origin: Point
    /// The container's rectangle inside its insets, in the layout's space (block borders span
    /// its width).
    let containerRect: Rect
    let highlightedRange: Range<Int>?
    /// Whether ``highlightedRange`` is in the truncation token's text.
    let highlightsTruncationToken: Bool

    init(context: GraphicsContext, origin: Point, containerRect: Rect, highlightedRange: Range<Int>?,
         highlightsTruncationToken: Bool) {
        self.context = context
        self.origin = origin
        self.containerRect = containerRect
        self.highlightedRange = highlightedRange
        self.highlightsTruncationToken = highlightsTruncationToken
    }

    /// Draws `phase` of line `index` of `lines` (a block border spans the lines after it).
    func draw(_ phase: Phase, ofLine index: Int, in lines: [TextLine]) {
        let line = lines[index]
        switch phase {
        case .blockBorders: drawBlockBorder(startingAt: index, of: lines)
        case .backgroundBorders: drawBackgroundBorders(of: line)
        case .backgrounds: drawBackgrounds(of: line)
        case .shadows: drawShadows(of: line)
        case .underlines: drawDecorations(of: line, strikethrough: false)
        case .glyphs: drawGlyphs(of: line)
        case .attachments: drawAttachments(of: line)
        case .strikethroughs: drawDecorations(of: line, strikethrough: true)
        }
    }

    private func isPressed(_ run: GlyphRun) -> Bool {
        guard let highlightedRange, run.attributes.highlight != nil else { return false }
        guard run.isTruncationToken == highlightsTruncationToken else { return false }
        return (run.isTruncationToken ? run.tokenRange : run.range).overlaps(highlightedRange)
    }

    func box(of run: GlyphRun, in line: TextLine) -> Rect {
        Rect(x: origin.x + line.origin.x + run.x, y: origin.y + line.origin.y - line.ascent,
             width: run.width, height: line.ascent + line.descent)
    }

    func drawBackgrounds(of line: TextLine) {
        for run in line.runs {
            let pressed = isPressed(run) ? run.attributes.highlight?.highlightedBackgroundColor : nil
            guard let color = pressed ?? run.attributes.backgroundColor else { continue }
            context.withSavedState {
                context.shadow = nil
                context.fillColor = color
                context.fill(box(of: run, in: line))
            }
        }
    }

    func drawShadows(of line: TextLine) {
        let (fill, shadow) = (context.fillColor, context.shadow)
        defer { (context.fillColor, context.shadow) = (fill, shadow) }
        for run in line.runs {
            guard let textShadow = run.attributes.shadow, run.glyphCount > 0 else { continue }
            context.shadow = Shadow(offset: textShadow.offset, blur: textShadow.blur, color: textShadow.color)
            context.fillColor = color(of: run)
            show(run, in: line, paint: .shadowOnly)
        }
    }

    func drawGlyphs(of line: TextLine) {
        // The fill colour changes per run and comes back after; a full state save per run would
        // cost more than the glyphs of a short run.
        let fill = context.fillColor
        defer { context.fillColor = fill }
        for run in line.runs where run.glyphCount > 0 {
            context.fillColor = color(of: run)
            show(run, in: line, paint: .glyphs)
        }
    }

    private func color(of run: GlyphRun) -> Color {
        if isPressed(run), let pressed = run.attributes.highlight?.highlightedColor { return pressed }
        return run.attributes.foregroundColor
    }

    private func show(_ run: GlyphRun, in line: TextLine, paint: GlyphPaint) {
        guard let face = run.face else { return }
        guard run.isUpright else {
            let x = origin.x + line.origin.x, y = origin.y + line.origin.y
            return showGlyphs(of: run, face: face, paint: paint) { _, position, _ in (x + position.x, y + position.y) }
        }
        // An upright run of vertical text: the context turned back a quarter, so the glyphs stand
        // upright in the container; each glyph centred across its column, its top at the pen
        // (HarfBuzz's vertical origin: its offsets are measured from the glyph's top centre, y up).
        let start = origin.x + line.origin.x
        // The column's middle, across the line: halfway between its ascent and its descent.
        let middle = origin.y + line.origin.y - (line.ascent - line.descent) / 2
        context.withSavedState {
            // A line-frame point (u, v) is (-v, u) in the turned-back frame.
            context.rotate(by: -.pi / 2)
            showGlyphs(of: run, face: face, paint: paint) { glyph, _, pen in
                (-middle + glyph.offsetX, start + pen - glyph.offsetY)
            }
        }
    }

    /// Hands the run's glyphs to cairo in one call, each at the point `place` gives from the
    /// glyph, its origin relative to the line's and the pen before it.
    @inline(__always)
    private func showGlyphs(of run: GlyphRun, face: FontFace, paint: GlyphPaint,
                            place: (ShapedGlyph, Point, Double) -> (x: Double, y: Double)) {
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: run.glyphCount) { buffer in
            var count = 0
            run.forEachGlyph { glyph, position, pen in
                let point = place(glyph, position, pen)
                buffer.initializeElement(at: count, to: cairo_glyph_t(index: UInt(glyph.id), x: point.x, y: point.y))
                count += 1
            }
            context.drawGlyphs(UnsafeBufferPointer(rebasing: buffer[..<count]), fontFace: face.cairoFace,
                               fontSize: run.size, paint: paint)
        }
    }

    func drawDecorations(of line: TextLine, strikethrough: Bool) {
        for run in line.runs where run.width > 0 {
            let decoration = strikethrough ? run.attributes.strikethrough : run.attributes.underline
            guard let decoration, let face = run.attributes.font.face else { continue }
            let scale = run.attributes.font.pointsPerUnit
            let thickness = (strikethrough ? face.strikeoutThickness : face.underlineThickness) * scale
            let offset = strikethrough ? -face.strikeoutPosition * scale : face.underlinePosition * scale
            let baseline = origin.y + line.origin.y + offset
            let minX = origin.x + line.origin.x + run.x
            var bars: [(y: Double, height: Double)]
            switch decoration.style {
            case .single: bars = [(baseline - thickness / 2, thickness)]
            case .thick: bars = [(baseline - thickness, thickness * 2)]
            case .double: bars = [(baseline - thickness * 1.5, thickness), (baseline + thickness * 0.5, thickness)]
            }
            context.withSavedState {
                context.fillColor = decoration.color ?? color(of: run)
                for bar in bars { context.fill(Rect(x: minX, y: bar.y, width: run.width, height: bar.height)) }
            }
        }
    }

    func drawAttachments(of line: TextLine) {
        for run in line.runs {
            guard let attachment = run.attributes.attachment, case .image(let image) = attachment.content else { continue }
            let rect = TextLayout.attachmentRect(attachment, run: run, line: line).offsetBy(dx: origin.x, dy: origin.y)
            let content = AttachmentGeometry.contentRect(imageSize: image.size, in: rect, mode: attachment.contentMode)
            context.withSavedState {
                if attachment.contentMode == .scaleAspectFill || attachment.contentMode == .center { context.clip(to: rect) }
                context.draw(image, in: content)
            }
        }
    }
}
