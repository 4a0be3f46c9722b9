import Foundation
import LaminaGraphics
import LaminaText

/// Where a label puts its text when the text is shorter than the label — or, in vertical text,
/// narrower: the columns then sit against the right inset (top), in the middle, or against the
/// left inset (bottom), as YYLabel places them (`_convertPointFromLayout:` in `YYLabel.m`).
public enum TextVerticalAlignment: Sendable, Hashable, CaseIterable {
    /// Against the top inset (vertical text: the right inset).
    case top
    /// Centred, rounded to whole device pixels so glyphs do not blur between pixel rows.
    case center
    /// Against the bottom inset (vertical text: the left inset).
    case bottom
}

/// Everything a label draws, as one `Sendable` value: what ``Label`` draws on the main thread
/// and what ``AsyncLabel`` hands to its display task. One code path lays out and draws both, so
/// the two labels give the same pixels.
struct LabelContent: Sendable, Equatable {
    var text: String?
    var attributedText: AttributedString?
    var font = Font.system(size: 17)
    var textColor: Color = .black
    var textAlignment: TextAlignment = .natural
    var textVerticalAlignment: TextVerticalAlignment = .center
    var numberOfLines = 1
    var lineBreakMode: LineBreakMode = .wordWrapping
    var truncationType: TruncationType = .tail
    var truncationToken: AttributedString?
    var textContainerInset: EdgeInsets = .zero
    var exclusionPaths: [Path] = []
    var preferredMaxLayoutWidth: Double = 0
    var baseWritingDirection: WritingDirection = .natural
    var isVerticalForm = false

    /// The container for a label of `size`.
    func container(for size: Size) -> TextContainer {
        TextContainer(size: size, insets: textContainerInset, exclusionPaths: exclusionPaths,
                      maximumNumberOfLines: max(numberOfLines, 0), truncationType: truncationType,
                      truncationToken: truncationToken, isVerticalForm: isVerticalForm)
    }

    /// The text laid out for a label of `size`, or nil when there is no text. Any thread.
    /// Plain text takes the layout's plain-string path, which builds no `AttributedString`.
    func makeLayout(for size: Size) -> TextLayout? {
        if let attributedText {
            return TextLayout(container: container(for: size), text: attributedText)
        }
        guard let text, !text.isEmpty else { return nil }
        var attributes = TextRunAttributes(font: font)
        attributes.foregroundColor = textColor
        attributes.paragraphStyle = ParagraphStyle(alignment: textAlignment, lineBreakMode: lineBreakMode,
                                                   baseWritingDirection: baseWritingDirection)
        return TextLayout(container: container(for: size), string: text, attributes: attributes)
    }

    /// The size the label needs to show its text within `size` (the width limited by
    /// `preferredMaxLayoutWidth` when set; vertical text takes as many columns as it needs
    /// within the height). Any thread.
    func sizeThatFits(_ size: Size) -> Size {
        let width = isVerticalForm ? .infinity : preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth
            : (size.width.isFinite && size.width > 0 ? size.width : .infinity)
        let height = size.height.isFinite && size.height > 0 ? size.height : .infinity
        return makeLayout(for: Size(width: width, height: height))?.textBoundingSize ?? .zero
    }

    /// How far the text is moved in a label of `size` at `scale`, by the vertical alignment: down
    /// for horizontal text, left for vertical text (whose columns start at the right).
    func textOffset(of layout: TextLayout, in size: Size, scale: Double) -> Point {
        guard !layout.lines.isEmpty else { return .zero }
        let rect = layout.textBoundingRect
        // Across the lines: from the top inset down, or for vertical columns from the right inset
        // leftwards. `first` is where the text already starts, `last` the far edge.
        let first: Double, last: Double, textMiddle: Double, textLast: Double
        if isVerticalForm {
            (first, last) = (size.width - max(textContainerInset.right, 0), max(textContainerInset.left, 0))
            (textMiddle, textLast) = (rect.midX, rect.minX)
        } else {
            (first, last) = (max(textContainerInset.top, 0), size.height - max(textContainerInset.bottom, 0))
            (textMiddle, textLast) = (rect.midY, rect.maxY)
        }
        let offset: Double
        switch textVerticalAlignment {
        case .top: offset = 0
        case .center: offset = (first + last) / 2 - textMiddle
        case .bottom: offset = last - textLast
        }
        let pixels = scale.isFinite && scale > 0 ? scale : 1
        let rounded = (offset * pixels).rounded() / pixels
        return isVerticalForm ? Point(x: rounded, y: 0) : Point(x: 0, y: rounded)
    }

    /// Draws `layout` into a label of `size`: the one drawing path of both labels. Any thread.
    @discardableResult
    func draw(_ layout: TextLayout, in context: GraphicsContext, size: Size, pressed: TextHighlightHit?,
              isCancelled: () -> Bool = { false }) -> Bool {
        let offset = textOffset(of: layout, in: size, scale: context.scale)
        return layout.draw(in: context, at: offset,
                           options: TextDrawingOptions(pressing: pressed), isCancelled: isCancelled)
    }
}
