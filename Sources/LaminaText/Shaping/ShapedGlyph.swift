/// One glyph as HarfBuzz shaped it, in points: what a line needs to place it and what
/// hit-testing needs to find its characters. Kept in one flat array per shaped text, which the
/// glyph runs of every line share (a run is a range of it, never a copy).
struct ShapedGlyph: Sendable {
    /// The glyph id in the face that shaped it.
    var id: UInt32
    /// The UTF-16 offset of the cluster (character) it draws.
    var cluster: Int32
    /// How far the pen moves after it, kerning (and any justification) included.
    var advance: Double
    /// Its offset from the pen position (y up, as HarfBuzz gives it).
    var offsetX: Double
    var offsetY: Double
}
