import CCairo
import LaminaGraphics
import LaminaTrace

extension TextLayout {
    /// Draws the text with its top-left container corner at `point`, in YYText's order, through
    /// the context's own state (its alpha, clip, transform and shadow apply to the text):
    ///
    /// 1. backgrounds (and the pressed highlight's background),
    /// 2. text shadows,
    /// 3. underlines,
    /// 4. glyphs,
    /// 5. attachments,
    /// 6. strikethroughs,
    /// 7. the debug overlay, when asked for.
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
        let painter = TextPainter(context: context, origin: point, highlightedRange: options.highlightedRange,
                                  highlightsTruncationToken: options.highlightedRangeIsInTruncationToken)
        for phase in TextPainter.Phase.allCases {
            if isCancelled() { return false }
            // A phase with nothing to draw still asks after each line, as if it had drawn.
            let draws = phases.contains(phase)
            for index in lines.indices {
                if draws { painter.draw(phase, of: lines[index]) }
                if isCancelled() { return false }
            }
        }
        if !options.debug.isEmpty {
            painter.drawDebug(lines, options.debug)
        }
        return true
    }
}
