/// How text is placed in a line: left, right, centred, justified, or natural.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    /// The paragraph's leading side: left in a left-to-right paragraph, right in a right-to-left
    /// one.
    case natural
    /// Against the leading (left) edge.
    case left
    /// Centred between the edges.
    case center
    /// Against the trailing (right) edge.
    case right
    /// Spaces stretched so every line but a paragraph's last fills the width.
    case justified
}

/// Where lines may break when text is wrapped.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// At word boundaries (Unicode UAX #14), and inside a word only when it is wider than the line.
    case wordWrapping
    /// At any grapheme boundary: as many characters as fit.
    case charWrapping
}

/// A paragraph's layout: alignment, spacing and indents. Applies to whole paragraphs (text
/// between hard breaks): the style of a paragraph's first character wins.
public struct ParagraphStyle: Sendable, Hashable {
    /// How lines are aligned. `.natural` by default.
    public var alignment: TextAlignment
    /// Extra space between the lines of a paragraph, in points.
    public var lineSpacing: Double
    /// Extra space after the paragraph, in points.
    public var paragraphSpacing: Double
    /// A factor on each line's natural height (0 or 1: the font's own).
    public var lineHeightMultiple: Double
    /// The indent of a paragraph's first line from the leading edge, in points.
    public var firstLineHeadIndent: Double
    /// The indent of the other lines from the leading edge, in points.
    public var headIndent: Double
    /// The indent from the trailing edge, in points (positive insets it).
    public var tailIndent: Double
    /// Where lines may break. `.wordWrapping` by default.
    public var lineBreakMode: LineBreakMode
    /// The paragraph's direction. `.natural` by default: from its first strong character.
    public var baseWritingDirection: WritingDirection
    /// Where tabs go: stops in increasing order of location (those that are not finite or are
    /// negative are dropped). TextKit's twelve left stops every 28 points by default.
    public var tabStops: [TextTab]
    /// Past the last stop, tabs go to the next multiple of this distance; 0 (the default, as in
    /// TextKit) turns a tab past the last stop into a space.
    public var defaultTabInterval: Double

    /// A paragraph style. Values that are not finite count as 0; negative spacing and indents
    /// as 0.
    public init(alignment: TextAlignment = .natural, lineSpacing: Double = 0, paragraphSpacing: Double = 0,
                lineHeightMultiple: Double = 0, firstLineHeadIndent: Double = 0, headIndent: Double = 0,
                tailIndent: Double = 0, lineBreakMode: LineBreakMode = .wordWrapping,
                baseWritingDirection: WritingDirection = .natural, tabStops: [TextTab] = TextTab.textKitDefaults,
                defaultTabInterval: Double = 0) {
        func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        self.alignment = alignment
        self.lineSpacing = clean(lineSpacing)
        self.paragraphSpacing = clean(paragraphSpacing)
        self.lineHeightMultiple = clean(lineHeightMultiple)
        self.firstLineHeadIndent = clean(firstLineHeadIndent)
        self.headIndent = clean(headIndent)
        self.tailIndent = clean(tailIndent)
        self.lineBreakMode = lineBreakMode
        self.baseWritingDirection = baseWritingDirection
        self.tabStops = tabStops.filter { $0.location.isFinite && $0.location >= 0 }.sorted { $0.location < $1.location }
        self.defaultTabInterval = clean(defaultTabInterval)
    }

    /// The default style: natural alignment, no spacing or indents, word wrapping, natural
    /// direction.
    public static let `default` = ParagraphStyle()
}
