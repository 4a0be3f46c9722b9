import Foundation
import LaminaGraphics
import LaminaTrace

/// Attributed text laid out in a ``TextContainer``: lines of positioned glyphs, ready to draw
/// and to hit-test (YYText's `YYTextLayout`).
///
/// Immutable and `Sendable`: build one on any thread — a display queue, or a background queue
/// ahead of time as a feed does — and draw it on any other. Building one:
///
/// 1. flattens the attributed string to UTF-16 with resolved attributes;
/// 2. shapes each run of one font and script once with HarfBuzz (kerning and ligatures on),
///    falling back per cluster to other installed fonts (CJK, colour emoji);
/// 3. asks ICU for the Unicode (UAX #14) break opportunities;
/// 4. breaks lines greedily into the container's rows and fragments (`Typesetter`), and
///    truncates the last line when text is left over and the container says so.
///
/// Every offset in the API is a UTF-16 offset into the text (`text.utf16`), as ICU and HarfBuzz
/// count. Positions and widths are fractional points — HarfBuzz's unhinted advances, never
/// rounded —, so a layout is the same at every scale.
///
/// Right-to-left and mixed text follow the Unicode Bidirectional Algorithm (each paragraph's
/// levels from ICU, each line reordered visually); a vertical container
/// (``TextContainer/isVerticalForm``) sets the lines top to bottom, the first on the right.
public struct TextLayout: Sendable {
    /// The font of text that sets none: DejaVu Sans at 17 points (UIKit's body size).
    public static let defaultFont = Font.system(size: 17)

    /// The container the text was laid out in.
    public let container: TextContainer
    /// The lines, top to bottom and left to right within a row — in the line frame, which for
    /// vertical text is turned: ``lineFrameTransform`` maps their geometry to the container.
    public let lines: [TextLine]
    /// How many rows hold lines.
    public let rowCount: Int
    /// The UTF-16 range of the text that was laid out (before truncation replaced any of it).
    public let visibleRange: Range<Int>
    /// The last line, cut and ending in the truncation token, when truncation happened.
    public let truncatedLine: TextLine?
    /// Maps the geometry of ``lines`` and their runs (the line frame) to container coordinates:
    /// the identity for horizontal text; for vertical text a quarter turn clockwise, so that
    /// each line's x runs down its column and its y leftwards from the container's right edge.
    /// The layout's other geometry (``textBoundingRect``, hit testing, carets, selections) is in
    /// container coordinates already.
    public let lineFrameTransform: LaminaGraphics.AffineTransform

    let shaped: ShapedText
    /// The drawing phases the lines need (``TextPainter/Phases``).
    let phases: TextPainter.Phases
    private let source: Source

    /// What the layout was made from: attributed text, or a plain string in one set of
    /// attributes (which never builds an `AttributedString`, the faster path for plain labels).
    private enum Source: Sendable {
        case attributed(AttributedString)
        case plain(String, TextRunAttributes)
    }

    /// The text laid out.
    public var text: AttributedString {
        switch source {
        case .attributed(let text):
            return text
        case .plain(let string, let attributes):
            var text = AttributedString(string)
            text.font = attributes.font
            text.foregroundColor = attributes.foregroundColor
            if attributes.paragraphStyle != .default { text.paragraphStyle = attributes.paragraphStyle }
            text.backgroundColor = attributes.backgroundColor
            text.underline = attributes.underline
            text.strikethrough = attributes.strikethrough
            text.textShadow = attributes.shadow
            if attributes.kern != 0 { text.kern = attributes.kern }
            text.backgroundBorder = attributes.backgroundBorder
            text.blockBorder = attributes.blockBorder
            return text
        }
    }

    /// Lays out `text` in `container`. Any text, container and thread: bad values give an empty
    /// or partial layout, never a crash.
    public init(container: TextContainer, text: AttributedString) {
        self.init(container: container, source: .attributed(text),
                  storage: { TextStorage(text, defaultFont: Self.defaultFont) })
    }

    /// Lays out a plain string in one font and colour (without building an `AttributedString`).
    public init(container: TextContainer, string: String, font: Font = TextLayout.defaultFont,
                color: Color = .black) {
        var attributes = TextRunAttributes(font: font)
        attributes.foregroundColor = color
        self.init(container: container, string: string, attributes: attributes)
    }

    /// Lays out a plain string with one set of attributes throughout (font, colour, paragraph
    /// style, decorations), without building an `AttributedString`: the fast path of a label's
    /// plain `text`.
    public init(container: TextContainer, string: String, attributes: TextRunAttributes) {
        self.init(container: container, source: .plain(string, attributes),
                  storage: { TextStorage(units: TextStorage.utf16(of: string), attributes: attributes) })
    }

    private init(container: TextContainer, source: Source, storage makeStorage: () -> TextStorage) {
        let started = Trace.isEnabled ? DispatchTime.now().uptimeNanoseconds : 0
        Trace.begin(.textLayout)
        self.container = container
        self.source = source
        let storage = makeStorage()
        let shaped = ShapedText(storage: storage, isVertical: container.isVerticalForm)
        var typesetter = Typesetter(shaped: shaped, breaks: LineBreaks(units: storage.units),
                                    container: container.lineFrameContainer)
        typesetter.run()
        var lines = typesetter.lines
        var truncated: TextLine?
        if typesetter.isCut, container.truncationType != .none, let last = lines.last {
            let visible = typesetter.trimmed(last.range)
            let cut = Truncation(shaped: shaped, type: container.truncationType, token: container.truncationToken)
                .truncate(last, visible: visible)
            lines[lines.count - 1] = cut
            truncated = cut
        }
        self.shaped = shaped
        self.lines = lines
        phases = TextPainter.Phases(lines: lines)
        rowCount = typesetter.rowCount
        visibleRange = 0..<(lines.last?.range.upperBound ?? 0)
        truncatedLine = truncated
        lineFrameTransform = Self.lineFrameTransform(of: container, lines: lines)
        Trace.end(.textLayout, arguments: [
            "characters": String(storage.count), "lines": String(lines.count),
            "microseconds": String((DispatchTime.now().uptimeNanoseconds &- started) / 1000),
        ])
    }

    /// The box around every line, in container coordinates (`.zero` with no lines).
    public var textBoundingRect: Rect {
        guard var rect = lines.first?.bounds else { return .zero }
        for line in lines.dropFirst() { rect = rect.union(line.bounds) }
        return fromLineFrame(rect)
    }

    /// The size the text needs: the bounding rect's far corner plus the insets, rounded up to
    /// whole points (what `sizeThatFits` reports).
    public var textBoundingSize: Size {
        guard !lines.isEmpty else { return .zero }
        let rect = textBoundingRect
        let insets = container.insets
        func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        return Size(width: (rect.maxX + clean(insets.right)).rounded(.up),
                    height: (rect.maxY + clean(insets.bottom)).rounded(.up))
    }

    /// Each attachment's box in container coordinates, with the attachment, in text order.
    public var attachmentRects: [(attachment: TextAttachment, rect: Rect)] {
        var result: [(TextAttachment, Rect)] = []
        for line in lines {
            for run in line.runs {
                guard let attachment = run.attributes.attachment else { continue }
                result.append((attachment, fromLineFrame(Self.attachmentRect(attachment, run: run, line: line))))
            }
        }
        return result
    }

    static func attachmentRect(_ attachment: TextAttachment, run: GlyphRun, line: TextLine) -> Rect {
        let box = AttachmentGeometry.box(for: attachment, font: run.attributes.font)
        return Rect(x: line.origin.x + run.x, y: line.origin.y - box.ascent,
                    width: attachment.size.width, height: attachment.size.height)
    }
}
