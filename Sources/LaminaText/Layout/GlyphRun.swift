import LaminaGraphics

/// Glyphs of one face and one set of attributes on a line: glyph ids, their positions, and the
/// text they draw.
///
/// A run does not copy its glyphs: it is a range of the shaped text's glyph array, which every
/// line of a layout shares, placed from the pen at ``x``. ``glyphs`` and ``positions`` gather
/// them into new arrays on each call; drawing and hit-testing read them in place.
public struct GlyphRun: Sendable {
    /// The UTF-16 range of the text the run draws (for the truncation token: the range it
    /// replaces, empty).
    public let range: Range<Int>
    /// The run's attributes (colours, decorations, the font asked for).
    public var attributes: TextRunAttributes { storage.runs[attributeIndex].attributes }
    /// The text the run draws, whose attribute run `attributeIndex` holds its attributes.
    let storage: TextStorage
    let attributeIndex: Int
    /// The x where the run starts and its advance width, relative to the line's origin.
    public let x: Double, width: Double
    /// The shaped glyphs the run is a range of (shared, not copied).
    let shapedGlyphs: [ShapedGlyph]
    /// The run's glyphs in ``shapedGlyphs``.
    let glyphRange: Range<Int>
    /// The face that draws the glyphs (a fallback face for characters the font lacks).
    let face: FontFace?
    /// The em size the face is drawn at.
    let size: Double
    /// Whether the run belongs to the truncation token.
    public let isTruncationToken: Bool
    /// Whether the run's text is right to left (its bidi level is odd): its glyphs go from
    /// ``x`` leftwards in reading order, the text's last character first on the left.
    public let isRightToLeft: Bool
    /// Whether the run stands upright in vertical text (ideographs, kana, emoji): its glyphs are
    /// drawn upright, one below the other, instead of turned with the line.
    public let isUpright: Bool

    /// For a run of the truncation token: the UTF-16 range of the token's text its attributes
    /// cover (``range`` is the empty range of the text where the token sits).
    var tokenRange: Range<Int> { storage.runs[attributeIndex].range }

    init(range: Range<Int>, storage: TextStorage, attributeIndex: Int, x: Double, width: Double,
         shapedGlyphs: [ShapedGlyph], glyphRange: Range<Int>, face: FontFace?, size: Double,
         isTruncationToken: Bool, isRightToLeft: Bool = false, isUpright: Bool = false) {
        self.range = range
        self.storage = storage
        self.attributeIndex = attributeIndex
        self.x = x
        self.width = width
        self.shapedGlyphs = shapedGlyphs
        self.glyphRange = glyphRange
        self.face = face
        self.size = size
        self.isTruncationToken = isTruncationToken
        self.isRightToLeft = isRightToLeft
        self.isUpright = isUpright
    }

    /// The glyph ids in the face that draws them, left to right.
    public var glyphs: [UInt32] { shapedGlyphs[glyphRange].map(\.id) }

    /// Each glyph's origin on the baseline, relative to the line's origin (y down).
    public var positions: [Point] {
        var positions: [Point] = []
        positions.reserveCapacity(glyphRange.count)
        forEachGlyph { _, position, _ in positions.append(position) }
        return positions
    }

    /// The number of glyphs.
    public var glyphCount: Int { glyphRange.count }

    /// Calls `body` with each glyph from left to right (a right-to-left run's backwards), its
    /// origin relative to the line's origin (y down) and the pen position before it (its origin
    /// without HarfBuzz's offset, for hit-testing).
    @inline(__always)
    func forEachGlyph(_ body: (ShapedGlyph, Point, Double) -> Void) {
        var pen = x
        shapedGlyphs.withUnsafeBufferPointer { glyphs in
            if isRightToLeft {
                for index in glyphRange.reversed() {
                    let glyph = glyphs[index]
                    body(glyph, Point(x: pen + glyph.offsetX, y: -glyph.offsetY), pen)
                    pen += glyph.advance
                }
                return
            }
            for index in glyphRange {
                let glyph = glyphs[index]
                body(glyph, Point(x: pen + glyph.offsetX, y: -glyph.offsetY), pen)
                pen += glyph.advance
            }
        }
    }

    /// The same run placed at `x` (relative to the line's origin).
    func placed(at x: Double) -> GlyphRun {
        GlyphRun(range: range, storage: storage, attributeIndex: attributeIndex, x: x, width: width,
                 shapedGlyphs: shapedGlyphs, glyphRange: glyphRange, face: face, size: size,
                 isTruncationToken: isTruncationToken, isRightToLeft: isRightToLeft, isUpright: isUpright)
    }

    /// The font asked for.
    public var font: Font { attributes.font }

    /// The family of the face that draws the glyphs: the font's own, or a fallback's such as
    /// "IPAexGothic" or "Noto Color Emoji".
    public var faceFamily: String { face?.familyName ?? "" }

    /// Whether the run is an attachment (no glyphs; see ``TextLayout/attachmentRects``).
    public var isAttachment: Bool { attributes.attachment != nil }

    /// The ascent and descent of the run's face at its size, in points.
    var ascent: Double { (face?.ascender ?? 0) * scale }
    var descent: Double { (face?.descender ?? 0) * scale }
    var scale: Double { face.map { size / $0.unitsPerEm } ?? 0 }
}
