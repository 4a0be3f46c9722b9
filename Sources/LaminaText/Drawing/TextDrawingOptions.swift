/// What ``TextLayout/draw(in:at:options:isCancelled:)`` draws besides the text.
public struct TextDrawingOptions: Sendable, Hashable {
    /// Debug overlays (YYText's debug option).
    public var debug: TextDebugOptions
    /// The UTF-16 range of a highlight being pressed: drawn in its highlighted colours.
    public var highlightedRange: Range<Int>?
    /// Whether ``highlightedRange`` is a range of the truncation token's text (a highlight in the
    /// token is pressed) rather than of the layout's text.
    public var highlightedRangeIsInTruncationToken: Bool

    /// Options: no overlay and no pressed highlight by default.
    public init(debug: TextDebugOptions = [], highlightedRange: Range<Int>? = nil,
                highlightedRangeIsInTruncationToken: Bool = false) {
        self.debug = debug
        self.highlightedRange = highlightedRange
        self.highlightedRangeIsInTruncationToken = highlightedRangeIsInTruncationToken
    }

    /// Options that draw `hit` — a highlight ``TextLayout/highlight(at:)`` found — pressed.
    public init(debug: TextDebugOptions = [], pressing hit: TextHighlightHit?) {
        self.init(debug: debug, highlightedRange: hit?.range,
                  highlightedRangeIsInTruncationToken: hit?.isInTruncationToken ?? false)
    }
}

/// Debug overlays drawn above the text, to see what the layout decided.
public struct TextDebugOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Each line's box (ascent to descent, as wide as its text), outlined.
    public static let lineBoxes = TextDebugOptions(rawValue: 1 << 0)
    /// Each line's baseline.
    public static let baselines = TextDebugOptions(rawValue: 1 << 1)
    /// Each glyph's ink bounds, outlined.
    public static let glyphBounds = TextDebugOptions(rawValue: 1 << 2)
    /// The row fragments lines were fitted into (where exclusion paths left room).
    public static let fragments = TextDebugOptions(rawValue: 1 << 3)
    /// Everything.
    public static let all: TextDebugOptions = [.lineBoxes, .baselines, .glyphBounds, .fragments]
}
