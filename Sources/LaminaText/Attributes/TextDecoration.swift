import LaminaGraphics

/// An underline or strikethrough: its style and colour.
public struct TextDecoration: Sendable, Hashable {
    /// How the line is drawn.
    public enum Style: Sendable, Hashable, CaseIterable {
        /// One line of the font's underline (or strikeout) thickness.
        case single
        /// One line twice as thick.
        case thick
        /// Two thin lines.
        case double
    }

    /// How the line is drawn.
    public var style: Style
    /// The line's colour; nil draws it in the text's colour.
    public var color: Color?

    /// A decoration of `style`, in `color` (nil: the text's colour).
    public init(style: Style = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }
}

/// A blurred shadow of glyphs: offset and blur in points, as ``/LaminaGraphics/Shadow`` in
/// LaminaGraphics.
public struct TextShadow: Sendable, Hashable {
    /// How far the shadow is moved from the glyphs (positive y is down).
    public var offset: Size
    /// The blur radius in points (0 is sharp).
    public var blur: Double
    /// The shadow's colour.
    public var color: Color

    /// A text shadow. Non-finite values count as zero, negative blur as 0.
    public init(offset: Size, blur: Double = 0, color: Color = Color(white: 0, alpha: 1.0 / 3)) {
        self.offset = offset.isFinite ? offset : .zero
        self.blur = blur.isFinite ? max(blur, 0) : 0
        self.color = color
    }
}

/// A tappable range of text (YYText's highlight): its colours at rest and while pressed, and the
/// value a tap hands to the handler.
public struct TextHighlight: Sendable, Hashable {
    /// The text colour at rest; nil keeps the text's own.
    public var color: Color?
    /// The text colour while pressed; nil keeps ``color``.
    public var highlightedColor: Color?
    /// The background while pressed; nil draws none.
    public var highlightedBackgroundColor: Color?
    /// What the tap handler receives, such as a URL string or a user id.
    public var userInfo: [String: String]

    /// A highlight with its colours and user info.
    public init(color: Color? = nil, highlightedColor: Color? = nil,
                highlightedBackgroundColor: Color? = Color(white: 0, alpha: 0.15),
                userInfo: [String: String] = [:]) {
        self.color = color
        self.highlightedColor = highlightedColor
        self.highlightedBackgroundColor = highlightedBackgroundColor
        self.userInfo = userInfo
    }
}
