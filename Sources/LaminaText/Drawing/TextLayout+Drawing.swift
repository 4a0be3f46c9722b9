import CCairo
import LaminaGraphics
import LaminaTrace

extension TextLayout {
    /// Draws the text with its top-left container corner at `point`, in YYText's order, through
    /// the context's own state (its alpha, clip, transform and shadow apply to the text):
    ///
    /// 1. block borders (``LaminaBlockBorderAttribute``),
    /// 2. background borders (``LaminaBackgroundBorderAttribute``),
    /// 3. backgrounds (and the pressed highlight's background),
    /// 4. text shadows,
    /// 5. underlines,
    /// 6. glyphs,
    /// 7. attachments,
    /// 8. strikethroughs,
    /// 9. the debug overlay, when asked for.
    ///
    /// `isCancelled` is asked between phases and after each line, so a display task whose
    /// layer changed stops early. Call on any one thread at a time per context.
    ///
    /// - Returns: false when cancelled part-way, true when everything was drawn.
    @discardableResult
    public func draw(in context: GraphicsContext, at point: Point = .zero, options: TextDrawingOptions = .init(),
                     isCancelled: () -> Bool = { false }) -> Bool {
        draw(in: context, at: point, options: options, phases: phases, isCancelled: isCancelled)
    }

    /// Draws as the public `draw` does, in only `phases` (tests compare the layout's own phases
    /// with all of them).
    func draw(in context: GraphicsContext, at point: Point, options: TextDrawingOptions,
              phases: TextPainter.Phases, isCancelled: () -> Bool) -> Bool {
        Trace.begin(.textDraw, arguments: ["lines": String(lines.count)])
        defer { Trace.end(.textDraw) }
        guard point.isFinite else { return true }
        guard lineFrameTransform.isIdentity else {
            // Vertical text: the lines are drawn in their own frame, turned onto the container.
            return context.withSavedState {
                context.translateBy(x: point.x, y: point.y)
                context.concatenate(lineFrameTransform)
                return drawLines(in: context, at: .zero, options: options, phases: phases, isCancelled: isCancelled)
            }
        }
        return drawLines(in: context, at: point, options: options, phases: phases, isCancelled: isCancelled)
    }

    /// Draws the lines in their own frame with its origin at `point`.
    private func drawLines(in context: GraphicsContext, at point: Point, options: TextDrawingOptions,
                           phases: TextPainter.Phases, isCancelled: () -> Bool) -> Bool {
        let painter = TextPainter(context: context, origin: point, containerRect: blockBorderRect,
                                  highlightedRange: options.highlightedRange,
                                  highlightsTruncationToken: options.highlightedRangeIsInTruncationToken)
        for phase in TextPainter.Phase.allCases {
            if isCancelled() { return false }
            // A phase with nothing to draw still asks after each line, as if it had drawn.
            let draws = phases.contains(phase)
            for index in lines.indices {
                if draws { painter.draw(phase, ofLine: index, in: lines) }
                if isCancelled() { return false }
            }
        }
        if !options.debug.isEmpty {
            painter.drawDebug(lines, options.debug)
        }
        return true
    }

    /// The horizontal extent a block border spans: the container inside its insets, or, when the
    /// container is unbounded in width, the lines' own extent.
    private var blockBorderRect: Rect {
        let rect = container.lineFrameContainer.layoutRect
        guard !rect.width.isFinite else { return rect }
        let minX = lines.map(\.fragment.minX).min() ?? 0
        let maxX = lines.map { $0.origin.x + $0.width }.max() ?? minX
        return Rect(x: minX, y: rect.minY, width: maxX - minX, height: rect.height)
    }
}
