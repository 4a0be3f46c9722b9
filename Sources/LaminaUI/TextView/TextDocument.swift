import Foundation
import LaminaGraphics
import LaminaText
@_spi(LaminaInternals) import LaminaTrace

/// One paragraph of a text view's text, laid out on its own. A class, immutable: the document's
/// array moves references, not the text and layout, when an edit inserts or removes paragraphs.
final class TextParagraph {
    /// New for every new text: a paragraph layer that shows another id must draw again.
    let id: Int
    /// The paragraph's text with its line end ("\n"), which only the last paragraph lacks.
    let text: AttributedString
    /// The UTF-16 length of ``text``, line end included.
    let length: Int
    /// Whether ``text`` ends with "\n".
    let hasLineEnd: Bool
    /// The layout of ``text`` (the last paragraph's with a "\n" added, so that an empty last
    /// paragraph still has a line for the caret).
    let layout: TextLayout
    /// The height the paragraph takes, in whole points.
    let height: Double

    /// The length without the line end: the last offset the caret may take in the paragraph.
    var contentLength: Int { hasLineEnd ? length - 1 : length }

    init(id: Int, text: AttributedString, length: Int, hasLineEnd: Bool, layout: TextLayout, height: Double) {
        self.id = id
        self.text = text
        self.length = length
        self.hasLineEnd = hasLineEnd
        self.layout = layout
        self.height = height
    }
}

/// A text view's text as paragraphs, each laid out at the view's width, stacked top to bottom.
///
/// An edit replaces the paragraphs it touches with new ones and lays out only those; the
/// paragraphs after them keep their layouts and only move (``starts`` and ``tops`` are
/// recomputed from the edit on). Offsets are UTF-16, over the whole text. Main thread.
struct TextDocument {
    private(set) var paragraphs: [TextParagraph] = []
    /// The offset at which each paragraph starts.
    private(set) var starts: [Int] = []
    /// The top of each paragraph, from the top of the first.
    private(set) var tops: [Double] = []
    /// The width the paragraphs are laid out at.
    private(set) var width: Double
    /// The attributes of the "\n" added to the last paragraph, and of empty text.
    var lineEndAttributes: AttributeContainer
    /// The last paragraph id given out; a new document continues from its predecessor's, so
    /// that no id means two texts (the view's layers and caches go by id).
    private(set) var lastID: Int

    init(text: AttributedString, width: Double, lineEndAttributes: AttributeContainer, idsAfter lastID: Int = 0) {
        self.lastID = lastID
        self.width = Self.clean(width)
        self.lineEndAttributes = lineEndAttributes
        paragraphs = makeParagraphs(of: text, isLast: true)
        recomputePositions(from: 0)
    }

    /// The UTF-16 length of the whole text.
    var length: Int { starts[starts.count - 1] + paragraphs[paragraphs.count - 1].length }

    /// The height of all paragraphs.
    var height: Double { tops[tops.count - 1] + paragraphs[paragraphs.count - 1].height }

    /// The whole text.
    var text: AttributedString {
        var text = AttributedString()
        for paragraph in paragraphs { text.append(paragraph.text) }
        return text
    }

    /// The text of `range` (clamped to the text).
    func text(in range: Range<Int>) -> AttributedString {
        let range = clamp(range)
        var result = AttributedString()
        guard !range.isEmpty else { return result }
        var index = paragraphIndex(containing: range.lowerBound)
        while index < paragraphs.count, starts[index] < range.upperBound {
            let start = starts[index]
            let local = max(range.lowerBound - start, 0)..<min(range.upperBound - start, paragraphs[index].length)
            result.append(Self.slice(paragraphs[index].text, local))
            index += 1
        }
        return result
    }

    /// The index of the paragraph that holds `offset` (the one starting there, at a boundary;
    /// the last for the end of the text).
    func paragraphIndex(containing offset: Int) -> Int {
        Self.lastIndex(in: starts, notAbove: offset)
    }

    /// The index of the paragraph at height `y` (the first above the text, the last below it).
    func paragraphIndex(atY y: Double) -> Int {
        Self.lastIndex(in: tops, notAbove: y)
    }

    /// The last index of ascending `values` whose value is at most `value` (0 when none is), by
    /// binary search.
    private static func lastIndex<Value: Comparable>(in values: [Value], notAbove value: Value) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The range of the paragraph at `index`, its line end included.
    func range(ofParagraph index: Int) -> Range<Int> {
        starts[index]..<(starts[index] + paragraphs[index].length)
    }

    // MARK: - Editing

    /// Replaces `range` (clamped to the text) with `replacement`, laying out again only the
    /// paragraphs the edit touched. Returns the indices of the new paragraphs.
    @discardableResult
    mutating func replace(_ range: Range<Int>, with replacement: AttributedString) -> Range<Int> {
        let range = clamp(range)
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: range.upperBound)
        var combined = Self.slice(paragraphs[first].text, 0..<(range.lowerBound - starts[first]))
        combined.append(replacement)
        let tail = paragraphs[last]
        combined.append(Self.slice(tail.text, (range.upperBound - starts[last])..<tail.length))
        let isLast = last == paragraphs.count - 1
        let made = makeParagraphs(of: combined, isLast: isLast)
        paragraphs.replaceSubrange(first...last, with: made)
        recomputePositions(from: first)
        Trace.instant(.textViewEdit, arguments: [
            "replaced": "\(last - first + 1)", "laidOut": "\(made.count)", "paragraphs": "\(paragraphs.count)",
        ])
        return first..<(first + made.count)
    }

    /// Lays every paragraph out again at `width` (when the view's width changes).
    mutating func setWidth(_ width: Double) {
        let width = Self.clean(width)
        guard width != self.width else { return }
        self.width = width
        relayoutAll()
    }

    /// Lays every paragraph out again (when the attributes of the added line end change).
    mutating func relayoutAll() {
        paragraphs = paragraphs.map { makeParagraph($0.text, hasLineEnd: $0.hasLineEnd) }
        recomputePositions(from: 0)
    }

    // MARK: - Geometry (in the text's coordinates: the first paragraph's top-left at 0, 0)

    /// The caret's rectangle for `position`, zero wide.
    func caretRect(for position: TextCaretPosition) -> Rect {
        let index = min(max(position.index, 0), length)
        let paragraph = paragraphIndex(containing: index)
        let local = index - starts[paragraph]
        // At a paragraph's start the character before is the previous line end: no second place.
        let affinity = local == 0 ? TextAffinity.downstream : position.affinity
        let layout = paragraphs[paragraph].layout
        let rect = layout.caretRect(for: TextCaretPosition(index: local, affinity: affinity)) ?? .zero
        return rect.offsetBy(dx: 0, dy: tops[paragraph])
    }

    /// The caret position nearest `point`: in the paragraph at its height, never after a line end.
    func caretPosition(at point: Point) -> TextCaretPosition {
        let paragraph = paragraphIndex(atY: point.y)
        let item = paragraphs[paragraph]
        let local = item.layout.caretPosition(at: Point(x: point.x, y: point.y - tops[paragraph]))
            ?? TextCaretPosition(index: item.contentLength)
        let index = min(local.index, item.contentLength)
        return TextCaretPosition(index: starts[paragraph] + index, affinity: index == 0 ? .downstream : local.affinity)
    }

    /// The rectangles that show `range` selected, paragraph by paragraph.
    func selectionRects(for range: Range<Int>) -> [Rect] {
        let range = clamp(range)
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        var index = paragraphIndex(containing: range.lowerBound)
        while index < paragraphs.count, starts[index] < range.upperBound {
            let start = starts[index], item = paragraphs[index]
            let local = max(range.lowerBound - start, 0)..<min(range.upperBound - start, item.length)
            for rect in item.layout.selectionRects(for: local) where rect.width > 0 {
                rects.append(rect.offsetBy(dx: 0, dy: tops[index]))
            }
            index += 1
        }
        return rects
    }

    /// The lines of every paragraph, with the paragraph's index and top.
    func line(containing position: TextCaretPosition) -> (paragraph: Int, line: TextLine)? {
        let index = min(max(position.index, 0), length)
        let paragraph = paragraphIndex(containing: index)
        let local = index - starts[paragraph]
        let lines = paragraphs[paragraph].layout.lines
        let caretY = caretRect(for: position).midY - tops[paragraph]
        let line = lines.first { $0.bounds.minY <= caretY && caretY <= $0.bounds.maxY && $0.range.contains(min(local, $0.range.upperBound - 1)) }
            ?? lines.last { $0.range.lowerBound <= local }
        return line.map { (paragraph, $0) }
    }

    // MARK: - Making paragraphs

    /// `text` cut after each "\n"; the text after the last "\n" makes a paragraph when it is not
    /// empty or when it ends the whole text (`isLast`).
    private mutating func makeParagraphs(of text: AttributedString, isLast: Bool) -> [TextParagraph] {
        var made: [TextParagraph] = []
        var start = 0, offset = 0
        for unit in String(text.characters[...]).utf16 {
            offset += 1
            if unit == 0x0A {
                made.append(makeParagraph(Self.slice(text, start..<offset), hasLineEnd: true))
                start = offset
            }
        }
        if start < offset || isLast || made.isEmpty {
            made.append(makeParagraph(Self.slice(text, start..<offset), hasLineEnd: false))
        }
        return made
    }

    private mutating func makeParagraph(_ text: AttributedString, hasLineEnd: Bool) -> TextParagraph {
        var laidOut = text
        if !hasLineEnd {
            // The added line end takes the attributes of the text before it (its font sets the
            // height of an empty last line).
            laidOut.append(AttributedString("\n", attributes: text.runs.last?.attributes ?? lineEndAttributes))
        }
        let layout = TextLayout(container: TextContainer(width: width), text: laidOut)
        let bottom = layout.lines.map { max($0.fragment.maxY, $0.bounds.maxY) }.max() ?? 0
        lastID += 1
        return TextParagraph(id: lastID, text: text, length: text.utf16.count, hasLineEnd: hasLineEnd,
                             layout: layout, height: bottom.rounded(.up))
    }

    private mutating func recomputePositions(from first: Int) {
        starts.removeSubrange(min(first, starts.count)...)
        tops.removeSubrange(min(first, tops.count)...)
        var start = first == 0 ? 0 : starts[first - 1] + paragraphs[first - 1].length
        var top = first == 0 ? 0 : tops[first - 1] + paragraphs[first - 1].height
        starts.reserveCapacity(paragraphs.count)
        tops.reserveCapacity(paragraphs.count)
        for index in first..<paragraphs.count {
            starts.append(start)
            tops.append(top)
            start += paragraphs[index].length
            top += paragraphs[index].height
        }
    }

    private func clamp(_ range: Range<Int>) -> Range<Int> {
        let total = length
        let lower = min(max(range.lowerBound, 0), total)
        return lower..<min(max(range.upperBound, lower), total)
    }

    private static func clean(_ width: Double) -> Double {
        width.isFinite ? max(width, 1) : 1
    }

    /// The part of `text` between two UTF-16 offsets.
    static func slice(_ text: AttributedString, _ range: Range<Int>) -> AttributedString {
        guard !range.isEmpty else { return AttributedString() }
        let utf16 = text.utf16
        let lower = utf16.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = utf16.index(lower, offsetBy: range.count)
        return AttributedString(text[lower..<upper])
    }
}
