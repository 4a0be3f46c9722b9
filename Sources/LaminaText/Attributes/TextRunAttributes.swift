import LaminaGraphics

/// The attributes of one run of laid-out text, resolved: defaults filled in, so drawing never
/// looks anything up.
public struct TextRunAttributes: Sendable, Hashable {
    /// The font asked for (a fallback face may draw some of its characters).
    public var font: Font
    /// The text colour.
    public var foregroundColor: Color
    /// The colour behind the glyphs, if any.
    public var backgroundColor: Color?
    /// The underline, if any.
    public var underline: TextDecoration?
    /// The strikethrough, if any.
    public var strikethrough: TextDecoration?
    /// The text shadow, if any.
    public var shadow: TextShadow?
    /// Extra space after each character, in points.
    public var kern: Double
    /// The paragraph style.
    public var paragraphStyle: ParagraphStyle
    /// The attachment, if the run is one.
    public var attachment: TextAttachment?
    /// The highlight, if the run is tappable.
    public var highlight: TextHighlight?
    /// The box drawn behind the run on each line (``LaminaBackgroundBorderAttribute``), if any.
    public var backgroundBorder: TextBorder? {
        get { borders?.background }
        set { borders = TextBorders(background: newValue, block: blockBorder) }
    }
    /// The box drawn around the lines of the run's paragraph (``LaminaBlockBorderAttribute``), if any.
    public var blockBorder: TextBorder? {
        get { borders?.block }
        set { borders = TextBorders(background: backgroundBorder, block: newValue) }
    }
    /// Both borders behind one reference: most runs have none, and the attributes, copied
    /// whenever a run's are read, stay as small as they were without borders.
    private var borders: TextBorders?

    /// Attributes with every default: `font`, black, nothing else.
    public init(font: Font) {
        self.font = font
        foregroundColor = .black
        kern = 0
        paragraphStyle = .default
    }
}

/// A run's two borders, shared by every copy of its attributes; nil stands for none.
private final class TextBorders: Sendable, Hashable {
    let background: TextBorder?
    let block: TextBorder?

    /// Both borders, or nil when there is neither.
    init?(background: TextBorder?, block: TextBorder?) {
        guard background != nil || block != nil else { return nil }
        self.background = background
        self.block = block
    }

    static func == (lhs: TextBorders, rhs: TextBorders) -> Bool {
        lhs.background == rhs.background && lhs.block == rhs.block
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(background)
        hasher.combine(block)
    }
}
