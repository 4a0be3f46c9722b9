import LaminaGraphics

/// The layout's geometry in container coordinates. Lines are typeset in the line frame; for
/// vertical text (``TextContainer/isVerticalForm``) that frame is turned a quarter clockwise onto
/// the container, so every point asked about is turned back first and every rectangle answered
/// is turned onto the container.
extension TextLayout {
    /// The UTF-16 offset of the character under `point` (container coordinates), or of the
    /// nearest character on the nearest line; nil when there are no lines. A point before a line
    /// (left of it, or above it in vertical text) gives its first character, past its end its last.
    public func characterIndex(at point: Point) -> Int? {
        characterIndex(inLinesAt: toLineFrame(point))
    }

    /// The rectangles (one per line, container coordinates) covering the characters of `range`
    /// that were laid out, across each line from its ascent to its descent.
    public func rects(for range: Range<Int>) -> [Rect] {
        lineRects(for: range).map(fromLineFrame)
    }

    /// The rectangles (container coordinates) covering a highlight found by
    /// ``highlight(at:)``: those of its text, or of its part of the truncation token.
    public func rects(for hit: TextHighlightHit) -> [Rect] {
        lineRects(for: hit).map(fromLineFrame)
    }

    /// The highlight under `point` (container coordinates), if the point is on a character that
    /// carries one — in the text, or in the truncation token of a truncated layout (YYLabel looks
    /// only in the text, so YYText's demo makes a tappable "more" an attachment holding a second
    /// label).
    public func highlight(at point: Point) -> TextHighlightHit? {
        highlight(inLinesAt: toLineFrame(point))
    }

    /// Where the caret for `position` is drawn, in container coordinates: a rectangle of no
    /// width (of no height in vertical text, where the caret lies across its column) from its
    /// line's ascent to its descent. Downstream, the caret sits at the reading start of the
    /// character after the offset — its left edge, or its right edge when that character is right
    /// to left; upstream, at the reading end of the character before. At a direction change the
    /// two are different places on the line, and where a line wraps, upstream is the end of the
    /// first line and downstream the start of the next. Offsets clamp to the text, and inside a
    /// character move to its start; offsets in text that was not laid out (cut by the container)
    /// go to the end of the last line. Nil when there are no lines.
    public func caretRect(for position: TextCaretPosition) -> Rect? {
        lineCaretRect(for: position).map(fromLineFrame)
    }

    /// The caret position nearest `point` (container coordinates): on the nearest line, the
    /// character edge nearest the point — a character's reading start gives its offset,
    /// downstream; its reading end the offset after it, upstream. Nil when there are no lines.
    public func caretPosition(at point: Point) -> TextCaretPosition? {
        caretPosition(inLinesAt: toLineFrame(point))
    }

    /// The rectangles covering the characters of `range` that were laid out, in container
    /// coordinates: on each line, one for each stretch of selected characters that sit side by
    /// side — a range that crosses a direction change covers several pieces of its line, as a
    /// selection does. Across each line from its ascent to its descent, and inside the line's box.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        lineSelectionRects(for: range).map(fromLineFrame)
    }

    /// `rect` of the line frame in container coordinates.
    func fromLineFrame(_ rect: Rect) -> Rect {
        lineFrameTransform.isIdentity ? rect : lineFrameTransform.apply(to: rect)
    }

    /// `point` of the container in the line frame.
    func toLineFrame(_ point: Point) -> Point {
        guard !lineFrameTransform.isIdentity, let inverse = lineFrameTransform.inverted() else { return point }
        return inverse.apply(to: point)
    }

    /// The line frame's transform for `lines` laid out in `container`: the identity when the
    /// container is horizontal; for vertical text, a quarter turn clockwise with the line
    /// frame's top edge on the container's right edge — or, in a container of unbounded width,
    /// on the edge the text's last column and the left inset reach.
    static func lineFrameTransform(of container: TextContainer, lines: [TextLine]) -> AffineTransform {
        guard container.isVerticalForm else { return .identity }
        var width = container.size.width
        if !width.isFinite {
            let depth = lines.map { $0.origin.y + $0.descent }.max() ?? 0
            let leftInset = container.insets.left.isFinite ? max(container.insets.left, 0) : 0
            width = depth + leftInset
        }
        return TextContainer.lineFrameTransform(width: width.isNaN ? 0 : max(width, 0))
    }
}
