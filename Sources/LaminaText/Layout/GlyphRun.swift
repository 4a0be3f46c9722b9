import LaminaGraphics

/// Glyphs of one face and one set of attributes on a line: glyph ids, their positions, and the
/// text they draw.
public struct GlyphRun: Sendable {
    /// The UTF-16 range of the text the run draws (for the truncation token: the range it
    /// replaces, empty).
    public let range: Range<Int>
    /// The run's attributes (colours, decorations, the font asked for).
    public let attributes: TextRunAttributes
    /// The glyph ids in the face that draws them.
    public let glyphs: [UInt32]
    /// Each glyph's origin on the baseline, relative to the line's origin (y down).
    public let positions: [Point]
    /// The x where the run starts and its advance width, relative to the line's origin.
    public let x: Double, width: Double
    /// Per glyph: the UTF-16 offset of the character (cluster) it draws.
    let clusters: [Int]
    /// Per glyph: the pen position before it (its origin without HarfBuzz's offset), for
    /// hit-testing character cells.
    let pens: [Double]
    /// The face that draws the glyphs (a fallback face for characters the font lacks).
    let face: FontFace?
    /// The em size the face is drawn at.
    let size: Double
    /// Whether the run belongs to the truncation token.
    public let isTruncationToken: Bool

    /// The font asked for.
    public var font: Font { attributes.font }

    /// The family of the face that draws the glyphs: the font's own, or a fallback's such as
    /// "Droid Sans Fallback" or "Noto Color Emoji".
    public var faceFamily: String { face?.familyName ?? "" }

    /// Whether the run is an attachment (no glyphs; see ``TextLayout/attachmentRects``).
    public var isAttachment: Bool { attributes.attachment != nil }

    /// The ascent and descent of the run's face at its size, in points.
    var ascent: Double { (face?.ascender ?? 0) * scale }
    var descent: Double { (face?.descender ?? 0) * scale }
    var scale: Double { face.map { size / $0.unitsPerEm } ?? 0 }
}
