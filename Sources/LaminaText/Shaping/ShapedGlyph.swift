import CHarfBuzz

/// One glyph as HarfBuzz shaped it, in points: what a line needs to place it and what
/// hit-testing needs to find its characters. Kept in one flat array per shaped text, which the
/// glyph runs of every line share (a run is a range of it, never a copy).
struct ShapedGlyph: Sendable {
    /// The glyph id in the face that shaped it.
    var id: UInt32
    /// The UTF-16 offset of the cluster (character) it draws.
    var cluster: Int32
    /// How far the pen moves after it, kerning (and any justification) included: along the
    /// line, down it for an upright glyph in vertical text.
    var advance: Double
    /// Its offset from the pen position (y up, as HarfBuzz gives it).
    var offsetX: Double
    var offsetY: Double

    /// How far HarfBuzz's `position` moves the pen along the line, in font units: its horizontal
    /// advance, or for an upright glyph shaped top to bottom its vertical advance (HarfBuzz gives
    /// it negative, its y axis pointing up).
    @inline(__always)
    static func advance(of position: hb_glyph_position_t, upright: Bool) -> Double {
        upright ? -Double(position.y_advance) : Double(position.x_advance)
    }
}
