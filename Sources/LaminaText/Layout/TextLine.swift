import LaminaGraphics

/// One laid-out line: a fragment of a row. Rows with exclusion paths hold several lines.
public struct TextLine: Sendable {
    /// The UTF-16 range of the text on the line, including trailing spaces and the hard break
    /// that ends it (they hang past the edge and are not drawn).
    public let range: Range<Int>
    /// The row (0-based from the top) the line sits on.
    public let row: Int
    /// The start of the baseline, in container coordinates (y down).
    public let origin: Point
    /// The height above the baseline, in points.
    public let ascent: Double
    /// The depth below the baseline, in points.
    public let descent: Double
    /// The advance width of the drawn text (trailing spaces excluded), in points.
    public let width: Double
    /// The glyph runs, left to right.
    public let runs: [GlyphRun]
    /// Whether the line was cut and carries the truncation token.
    public let isTruncated: Bool
    /// The row fragment the line was fitted into (container coordinates).
    public let fragment: Rect

    /// The line's box: from the ascent line to the descent line, as wide as its text.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}
