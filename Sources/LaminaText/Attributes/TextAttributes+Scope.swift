import Foundation
import LaminaGraphics

extension AttributeScopes {
    /// Lamina's text attributes, for Foundation's `AttributedString`:
    ///
    /// ```swift
    /// var text = AttributedString("Hello, Lamina")
    /// text.font = .system(size: 15)
    /// text.foregroundColor = .black
    /// text[text.range(of: "Lamina")!].underline = TextDecoration(style: .single)
    /// ```
    ///
    /// Text without a font uses ``TextLayout/defaultFont`` (DejaVu Sans 17), without a colour
    /// black.
    public struct LaminaAttributes: AttributeScope {
        /// The font (``LaminaFontAttribute``).
        public let font: LaminaFontAttribute
        /// The text colour (``LaminaForegroundColorAttribute``).
        public let foregroundColor: LaminaForegroundColorAttribute
        /// The colour behind the glyphs (``LaminaBackgroundColorAttribute``).
        public let backgroundColor: LaminaBackgroundColorAttribute
        /// A line under the text (``LaminaUnderlineAttribute``).
        public let underline: LaminaUnderlineAttribute
        /// A line through the text (``LaminaStrikethroughAttribute``).
        public let strikethrough: LaminaStrikethroughAttribute
        /// A blurred shadow of the glyphs (``LaminaTextShadowAttribute``).
        public let textShadow: LaminaTextShadowAttribute
        /// Extra space after each character, in points (``LaminaKernAttribute``).
        public let kern: LaminaKernAttribute
        /// Alignment, spacing, indents, line break mode (``LaminaParagraphStyleAttribute``).
        public let paragraphStyle: LaminaParagraphStyleAttribute
        /// An inline image or box (``LaminaAttachmentAttribute``).
        public let attachment: LaminaAttachmentAttribute
        /// A tappable range (``LaminaHighlightAttribute``).
        public let highlight: LaminaHighlightAttribute
        /// A box behind the text on each of its lines (``LaminaBackgroundBorderAttribute``).
        public let backgroundBorder: LaminaBackgroundBorderAttribute
        /// A box around the paragraphs the text is in (``LaminaBlockBorderAttribute``).
        public let blockBorder: LaminaBlockBorderAttribute
    }

    /// Lamina's text attributes (``LaminaAttributes``).
    public var lamina: LaminaAttributes.Type { LaminaAttributes.self }
}

extension AttributeDynamicLookup {
    /// Gives `AttributedString` Lamina's attributes as properties (`text.font = …`).
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.LaminaAttributes, T>
    ) -> T {
        self[T.self]
    }
}

/// The font of a range of text.
public enum LaminaFontAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = Font
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.font"
}

/// The colour of the glyphs.
public enum LaminaForegroundColorAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = Color
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.foregroundColor"
}

/// The colour filled behind a range of text, line by line.
public enum LaminaBackgroundColorAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = Color
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.backgroundColor"
}

/// A line under the text.
public enum LaminaUnderlineAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextDecoration
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.underline"
}

/// A line through the text.
public enum LaminaStrikethroughAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextDecoration
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.strikethrough"
}

/// A shadow of the glyphs, drawn before them.
public enum LaminaTextShadowAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextShadow
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.textShadow"
}

/// Extra space added after each character, in points (negative tightens).
public enum LaminaKernAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = Double
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.kern"
}

/// How a paragraph is laid out. The style of a paragraph's first character applies to all of it.
public enum LaminaParagraphStyleAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = ParagraphStyle
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.paragraphStyle"
}

/// An inline attachment; the text under it is replaced by the attachment (use one U+FFFC
/// character per attachment, as ``TextAttachment/attributedString`` makes).
public enum LaminaAttachmentAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextAttachment
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.attachment"
}

/// A tappable range drawn in its own colours while pressed.
public enum LaminaHighlightAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextHighlight
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.highlight"
}

/// A box drawn behind a range of text on each line it covers (YYText's
/// `YYTextBackgroundBorderAttributeName`), as behind a mention: the runs of the range on one line
/// make one box. See ``TextBorder``.
public enum LaminaBackgroundBorderAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextBorder
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.backgroundBorder"
}

/// A box drawn around every line of the paragraphs a range starts lines in, the full width of the
/// container (YYText's `YYTextBlockBorderAttributeName`), as around a quote: consecutive lines
/// whose first character carries an equal border share one box. See ``TextBorder``.
public enum LaminaBlockBorderAttribute: AttributedStringKey {
    /// The attribute's value.
    public typealias Value = TextBorder
    /// The attribute's name, as debug descriptions show it.
    public static let name = "lamina.blockBorder"
}
