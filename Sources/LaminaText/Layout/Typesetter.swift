import LaminaGraphics

/// Breaks shaped text into lines and stacks them in rows (YYText's layout loop):
///
/// 1. A row's band is one line height of the font where it starts; exclusion paths cut the band
///    into fragments, filled left to right, one line each.
/// 2. A line takes break opportunities greedily while the text before each fits the fragment,
///    trailing spaces hanging past the edge. A mandatory break ends the line and the paragraph.
///    A word wider than the fragment breaks at grapheme boundaries.
/// 3. The row's height comes from the lines' fonts and attachments; a row that would cross the
///    bottom, or one past the maximum, is not laid out.
struct Typesetter {
    struct PendingLine {
        var range: Range<Int>
        /// The part drawn: `range` without hanging trailing spaces and hard breaks.
        var visible: Range<Int>
        var fragment: ClosedRange<Double>
        var endsParagraph: Bool
    }

    let shaped: ShapedText
    let breaks: LineBreaks
    let container: TextContainer
    let exclusions: ExclusionShapes
    private(set) var lines: [TextLine] = []
    private(set) var rowCount = 0
    /// Where the laid-out text ends (UTF-16).
    private(set) var visibleEnd = 0
    /// Whether laying out stopped with text left over (room or rows ran out).
    private(set) var isCut = false
    /// The free spans of the row being laid out, and its lines: kept between rows so their
    /// storage is reused.
    private var fragments: [ClosedRange<Double>] = []
    private var pending: [PendingLine] = []
    /// Their glyph runs, widths and aligned x while the row's height is worked out.
    private var built: [(runs: [GlyphRun], width: Double, alignedX: Double)] = []
    /// For the line being fitted: how far its fragment starts from the container's leading edge,
    /// and its paragraph's style — where its tabs go.
    var tabOrigin = 0.0
    var tabStyle = ParagraphStyle.default

    var units: [UInt16] { shaped.storage.units }
    private static let epsilon = 1e-6

    init(shaped: ShapedText, breaks: LineBreaks, container: TextContainer) {
        self.shaped = shaped
        self.breaks = breaks
        self.container = container
        exclusions = ExclusionShapes(container.exclusionPaths)
    }

    mutating func run() {
        let rect = container.layoutRect
        // Lines grow one at a time; most texts end within a handful.
        lines.reserveCapacity(8)
        let count = units.count
        let maximumRows = container.maximumNumberOfLines > 0 ? container.maximumNumberOfLines : Int.max
        var y = rect.minY
        var start = 0
        var paragraphStart = true
        var paragraphOffset = 0
        while start < count {
            guard rowCount < maximumRows, let lineHeight = shaped.storage.font(at: start)?.lineHeight else { break }
            if paragraphStart { paragraphOffset = start }
            let style = shaped.storage.paragraphStyle(at: paragraphOffset)
            let multiple = style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1
            let bandHeight = lineHeight * multiple
            guard bandHeight.isFinite, y + bandHeight <= rect.maxY + Self.epsilon else { break }
            let indent = paragraphStart ? style.firstLineHeadIndent : style.headIndent
            // Indents are from the leading and trailing edges: mirrored in a right-to-left paragraph.
            let rightToLeft = shaped.isRightToLeftParagraph(at: paragraphOffset)
            let (leftIndent, rightIndent) = rightToLeft ? (style.tailIndent, indent) : (indent, style.tailIndent)
            tabStyle = style
            let minX = rect.minX + leftIndent, maxX = rect.maxX - rightIndent
            fragments.removeAll(keepingCapacity: true)
            if !exclusions.isEmpty {
                fragments += exclusions.fragments(minX: minX, maxX: maxX, top: y, bottom: y + bandHeight, minimumWidth: 1)
            } else if maxX > minX {
                fragments.append(minX...maxX)
            }
            pending.removeAll(keepingCapacity: true)
            for fragment in fragments where start < count {
                tabOrigin = Self.tabOrigin(of: fragment, in: rect, rightToLeft: rightToLeft)
                guard let line = fit(from: start, width: fragment.upperBound - fragment.lowerBound,
                                     mode: style.lineBreakMode) else { continue }
                pending.append(PendingLine(range: line.range, visible: trimmed(line.range), fragment: fragment,
                                           endsParagraph: line.mandatory))
                start = line.range.upperBound
                if line.mandatory { break }
            }
            let blocked = fragments.count != 1 || fragments.first.map { $0 != minX...maxX } ?? true
            if pending.isEmpty, !blocked, let fragment = fragments.first {
                // A free row narrower than the next grapheme still holds it (with the spaces that
                // hang after it), as Core Text and Pango do: text never vanishes for want of width.
                let line = forcedFit(from: start)
                pending.append(PendingLine(range: line.range, visible: trimmed(line.range), fragment: fragment,
                                           endsParagraph: line.mandatory))
                start = line.range.upperBound
            }
            if pending.isEmpty {
                // Nothing fits: skip a band squeezed by exclusions.
                guard !exclusions.isEmpty, blocked, maxX - minX >= 1, bandHeight > 0 else { break }
                // At least a point per skipped band, so tiny fonts cannot crawl past a tall shape.
                y += max(bandHeight, 1)
                continue
            }
            guard let advance = placeRow(top: y, bottom: rect.maxY, style: style, multiple: multiple)
            else { start = pending[0].range.lowerBound; break }
            y += advance
            paragraphStart = pending.last?.endsParagraph ?? false
            visibleEnd = start
        }
        isCut = hasVisibleText(after: visibleEnd)
    }

    /// Lays out the pending lines of one row with its top at `top`; nil when the row would cross
    /// `bottom`. Returns how far the next row starts below this one.
    private mutating func placeRow(top: Double, bottom: Double, style: ParagraphStyle, multiple: Double) -> Double? {
        built.removeAll(keepingCapacity: true)
        var ascent = 0.0, descent = 0.0, leading = 0.0
        for line in pending {
            let fragmentWidth = line.fragment.upperBound - line.fragment.lowerBound
            let rightToLeft = shaped.isRightToLeftParagraph(at: line.range.lowerBound)
            let origin = Self.tabOrigin(of: line.fragment, in: container.layoutRect, rightToLeft: rightToLeft)
            let tabWidths = shaped.containsTab(line.visible)
                ? shaped.tabbedLine(line.visible, origin: origin, style: style).tabWidths : [:]
            var (runs, width) = shaped.glyphRuns(for: line.visible, tabWidths: tabWidths)
            // Not the paragraph's last line (nor the text's: what follows may be spaces alone),
            // and a width to fill.
            // A line with tabs keeps its columns: it is not stretched.
            let justify = style.alignment == .justified && !line.endsParagraph && fragmentWidth.isFinite
                && tabWidths.isEmpty && hasVisibleText(after: line.visible.upperBound)
            let spaces = justify ? spaceCount(in: line.visible) : 0
            if spaces > 0 && fragmentWidth > width {
                // Measured from the glyphs as drawn: a line ending inside a ligature was re-shaped
                // and is not the width the prefix sums estimated.
                (runs, width) = shaped.glyphRuns(for: line.visible, spaceExtra: (fragmentWidth - width) / Double(spaces))
            }
            if shaped.bidi != nil { runs = shaped.visualOrder(runs) }
            // A line tightened below zero by negative kerning still starts inside its fragment.
            let x = line.fragment.lowerBound + alignmentOffset(style.alignment, free: fragmentWidth - max(width, 0),
                                                               rightToLeft: rightToLeft)
            built.append((runs, width, x))
            let metrics = Self.metrics(of: runs, fallback: shaped.storage.font(at: line.range.lowerBound))
            ascent = max(ascent, metrics.ascent)
            descent = max(descent, metrics.descent)
            leading = max(leading, metrics.leading)
        }
        let natural = ascent + descent
        let extra = natural * multiple - natural
        let baseline = top + max(extra, 0) + ascent
        guard baseline + descent <= bottom + Self.epsilon else { return nil }
        for (line, entry) in zip(pending, built) {
            lines.append(TextLine(range: line.range, row: rowCount,
                                  origin: Point(x: entry.alignedX, y: baseline), ascent: ascent, descent: descent,
                                  width: max(entry.width, 0), runs: entry.runs, isTruncated: false,
                                  fragment: Rect(x: line.fragment.lowerBound, y: top,
                                                 width: line.fragment.upperBound - line.fragment.lowerBound,
                                                 height: baseline + descent - top)))
        }
        rowCount += 1
        let endsParagraph = pending.last?.endsParagraph ?? false
        return max(extra, 0) + natural + leading + style.lineSpacing + (endsParagraph ? style.paragraphSpacing : 0)
    }

    /// How far `fragment` starts from the container's leading edge — its left, or its right in a
    /// right-to-left paragraph — where tab stops are measured from; 0 when the container has no
    /// such edge (an unbounded width).
    static func tabOrigin(of fragment: ClosedRange<Double>, in rect: Rect, rightToLeft: Bool) -> Double {
        let origin = rightToLeft ? rect.maxX - fragment.upperBound : fragment.lowerBound - rect.minX
        return origin.isFinite ? origin : 0
    }

    /// Where a line starts in its fragment: natural alignment (and a justified paragraph's last
    /// line) on the paragraph's leading side — the right in a right-to-left paragraph.
    private func alignmentOffset(_ alignment: TextAlignment, free: Double, rightToLeft: Bool) -> Double {
        guard free > 0 else { return 0 }
        switch alignment {
        case .natural, .justified: return rightToLeft ? free : 0
        case .left: return 0
        case .center: return free / 2
        case .right: return free
        }
    }

    /// The line box of runs: the largest ascent, descent and leading of their faces, and of
    /// attachments by their alignment.
    static func metrics(of runs: [GlyphRun], fallback: Font?) -> (ascent: Double, descent: Double, leading: Double) {
        var ascent = 0.0, descent = 0.0, leading = 0.0
        for run in runs {
            let font = run.attributes.font
            if let attachment = run.attributes.attachment {
                let box = AttachmentGeometry.box(for: attachment, font: font)
                ascent = max(ascent, font.ascent, box.ascent)
                descent = max(descent, font.descent, box.descent)
            } else if run.face != nil {
                ascent = max(ascent, run.ascent, font.ascent)
                descent = max(descent, run.descent, font.descent)
            }
            leading = max(leading, font.leading)
        }
        if runs.isEmpty, let fallback {
            ascent = fallback.ascent
            descent = fallback.descent
            leading = fallback.leading
        }
        return (ascent, descent, leading)
    }

    /// `range` without its hanging tail (trailing spaces and hard breaks).
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && UnicodeClasses.hangs(units[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    private func spaceCount(in range: Range<Int>) -> Int {
        var count = 0
        for offset in range where units[offset] == 0x20 { count += 1 }
        return count
    }

    private func hasVisibleText(after offset: Int) -> Bool {
        var index = offset
        while index < units.count {
            if !UnicodeClasses.hangs(units[index]) { return true }
            index += 1
        }
        return false
    }
}
