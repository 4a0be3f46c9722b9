import CHarfBuzz
import CLaminaShims

/// A whole text shaped once: glyphs in flat arrays (no allocation per glyph), grouped in runs of
/// one face and one attribute run, plus each UTF-16 unit's share of the advance, which line
/// breaking sums without looking at glyphs again.
///
/// Widths are fractional points: HarfBuzz's unhinted advances at one unit per font unit, times
/// the font's size over its units per em, never rounded.
struct ShapedText: Sendable {
    struct Run: Sendable {
        /// The UTF-16 range shaped together.
        var range: Range<Int>
        /// The glyphs of the run in the flat arrays.
        var glyphRange: Range<Int>
        /// The face that drew the run (a fallback face for some characters), nil when none loaded.
        var face: FontFace?
        /// Points per font unit of that face at the run's size.
        var scale: Double
        /// The index of the attribute run in the storage.
        var attributeIndex: Int
        /// The script HarfBuzz shaped with.
        var script: hb_script_t
        /// Whether the run was shaped right to left (its bidi level is odd). Its glyphs are kept
        /// in logical order all the same, clusters rising: drawn, they are walked backwards.
        var isRightToLeft = false
        /// Whether the run stands upright in vertical text (``TextContainer/isVerticalForm``):
        /// shaped top to bottom, its advances are vertical advances, its offsets HarfBuzz's
        /// vertical ones (y up), measured from the glyph's vertical origin.
        var isUpright = false

        /// The direction HarfBuzz shapes the run in.
        var direction: hb_direction_t {
            isUpright ? HB_DIRECTION_TTB : isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        }
    }

    let storage: TextStorage
    /// Whether the text is set in vertical lines: upright characters are shaped top to bottom.
    let isVertical: Bool
    /// The embedding levels, nil when every one is 0 (``BidiLevels/resolve(_:)``).
    let bidi: BidiLevels?
    /// Where the tabs are, in increasing order: their widths depend on where they fall on a line.
    let tabOffsets: [Int]
    /// The units HarfBuzz saw: controls and separators replaced (``UnicodeClasses/shapingUnit``);
    /// the storage's own array when nothing needed replacing.
    let shapingUnits: [UInt16]
    var runs: [Run] = []
    /// Every glyph, run after run. Glyph runs of lines share this array.
    var glyphs: [ShapedGlyph] = []
    /// Per unit: 1 when a HarfBuzz cluster starts there (a line may end before it without
    /// re-shaping).
    var clusterStarts: [UInt8]
    /// `prefixWidths[i]` is the advance of the units before `i`: any range's width in O(1). A
    /// cluster's advance (kern included) counts at its first unit, or is shared evenly by its
    /// units when it spans several (a ligature's).
    var prefixWidths: [Double]

    /// Shapes `storage`, for vertical lines when `isVertical`.
    init(storage: TextStorage, isVertical: Bool = false) {
        self.storage = storage
        self.isVertical = isVertical
        shapingUnits = UnicodeClasses.shapingUnits(of: storage.units)
        clusterStarts = [UInt8](repeating: 1, count: storage.count)
        // Each unit's advance is gathered one slot to the right, then summed in place.
        prefixWidths = [Double](repeating: 0, count: storage.count + 1)
        bidi = BidiLevels.resolve(storage)
        tabOffsets = storage.units.indices.filter { storage.units[$0] == 0x09 }
        guard let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        shapingUnits.withUnsafeBufferPointer { units in
            for (index, run) in storage.runs.enumerated() {
                if let attachment = run.attributes.attachment {
                    appendAttachment(attachment, range: run.range, attributeIndex: index)
                    continue
                }
                var itemizer = Itemizer(font: run.attributes.font)
                for (range, rightToLeft) in levelRuns(of: run.range) {
                    for (piece, upright) in orientationRuns(of: range, in: units) {
                        for item in itemizer.items(of: piece, in: units) {
                            shape(item, attributeIndex: index, kern: run.attributes.kern,
                                  rightToLeft: rightToLeft && !upright, upright: upright, units: units, buffer: buffer)
                        }
                    }
                }
            }
        }
        prefixWidths.withUnsafeMutableBufferPointer { widths in
            var sum = 0.0
            for slot in widths.indices {
                sum += widths[slot]
                widths[slot] = sum
            }
        }
    }

    /// `range` cut where the bidi level changes, each piece with whether it is right to left; the
    /// whole range, left to right, without levels.
    private func levelRuns(of range: Range<Int>) -> [(range: Range<Int>, rightToLeft: Bool)] {
        guard let levels = bidi?.levels, !range.isEmpty else { return [(range, false)] }
        var pieces: [(range: Range<Int>, rightToLeft: Bool)] = []
        var start = range.lowerBound
        for offset in range.dropFirst() where levels[offset] != levels[start] {
            pieces.append((start..<offset, levels[start] & 1 == 1))
            start = offset
        }
        pieces.append((start..<range.upperBound, levels[start] & 1 == 1))
        return pieces
    }

    /// `range` cut where vertical text turns from upright characters to rotated ones (UAX #50's
    /// Vertical_Orientation: U, Tu and Tr upright, R rotated; marks and joiners go with the
    /// character before them); the whole range, not upright, in horizontal text.
    private func orientationRuns(of range: Range<Int>,
                                 in units: UnsafeBufferPointer<UInt16>) -> [(range: Range<Int>, upright: Bool)] {
        guard isVertical, !range.isEmpty else { return [(range, false)] }
        var pieces: [(range: Range<Int>, upright: Bool)] = []
        var start = range.lowerBound, offset = range.lowerBound
        var upright: Bool?
        while offset < range.upperBound {
            let (scalar, length) = UnicodeClasses.scalar(in: units, at: offset, end: range.upperBound)
            let orientation = lamina_vertical_orientation(scalar)
            if orientation != LAMINA_VERTICAL_INHERITED {
                let isUpright = orientation == LAMINA_VERTICAL_UPRIGHT
                if let current = upright, current != isUpright {
                    pieces.append((start..<offset, current))
                    start = offset
                }
                upright = isUpright
            }
            offset += length
        }
        pieces.append((start..<range.upperBound, upright ?? false))
        return pieces
    }

    /// The width of `range` in points.
    @inline(__always)
    func width(of range: Range<Int>) -> Double {
        prefixWidths[range.upperBound] - prefixWidths[range.lowerBound]
    }

    private mutating func appendAttachment(_ attachment: TextAttachment, range: Range<Int>, attributeIndex: Int) {
        // Each U+FFFC of the range is one attachment box; anything else under it takes no room.
        for offset in range where storage.units[offset] == 0xFFFC {
            prefixWidths[offset + 1] = attachment.size.width
        }
        runs.append(Run(range: range, glyphRange: glyphs.count..<glyphs.count, face: nil, scale: 0,
                        attributeIndex: attributeIndex, script: HB_SCRIPT_COMMON))
    }

    private mutating func shape(_ item: Itemizer.Item, attributeIndex: Int, kern: Double, rightToLeft: Bool,
                                upright: Bool, units: UnsafeBufferPointer<UInt16>, buffer: OpaquePointer) {
        let font = storage.runs[attributeIndex].attributes.font
        let first = glyphs.count
        guard let face = item.face else {
            runs.append(Run(range: item.range, glyphRange: first..<first, face: nil, scale: 0,
                            attributeIndex: attributeIndex, script: item.script))
            return
        }
        let scale = font.size / face.unitsPerEm
        var run = Run(range: item.range, glyphRange: first..<first, face: face, scale: scale,
                      attributeIndex: attributeIndex, script: item.script, isRightToLeft: rightToLeft, isUpright: upright)
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(item.range.lowerBound),
                            Int32(item.range.count))
        hb_buffer_set_direction(buffer, run.direction)
        hb_buffer_set_script(buffer, item.script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        // Right-to-left output comes in visual order, clusters falling: kept in logical order,
        // the glyphs sum and break as left-to-right ones do.
        if rightToLeft { hb_buffer_reverse(buffer) }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let glyphCount = Int(count)
        // Written through pointers: appending per glyph (a uniqueness and a capacity check each)
        // cost more than HarfBuzz's own output. The first item (most texts have one) fills a new
        // array in place; a later one appends room first.
        func record(into destination: UnsafeMutablePointer<ShapedGlyph>) {
            prefixWidths.withUnsafeMutableBufferPointer { unitAdvances in
                clusterStarts.withUnsafeMutableBufferPointer { clusterStarts in
                    Self.record(glyphCount, infos: infos, positions: positions, end: item.range.upperBound,
                                scale: scale, kern: kern, upright: upright, into: destination, unitAdvances: unitAdvances,
                                clusterStarts: clusterStarts)
                }
            }
        }
        if glyphs.isEmpty {
            glyphs = [ShapedGlyph](unsafeUninitializedCapacity: max(glyphCount, storage.count)) { buffer, initialized in
                record(into: buffer.baseAddress!)
                initialized = glyphCount
            }
        } else {
            glyphs.append(contentsOf: repeatElement(ShapedGlyph(id: 0, cluster: 0, advance: 0, offsetX: 0, offsetY: 0),
                                                    count: glyphCount))
            glyphs.withUnsafeMutableBufferPointer { record(into: $0.baseAddress! + first) }
        }
        run.glyphRange = first..<glyphs.count
        runs.append(run)
    }

    /// Writes HarfBuzz's output for one item: each glyph (in points, `kern` added after each
    /// cluster's last glyph) into `destination`, each cluster's advance at its first unit of
    /// `unitAdvances` (one slot to the right), shared evenly by its units when it spans several
    /// (a ligature's: a line that must break inside it then measures a fair part of it, and is
    /// re-shaped), and a 0 in `clusterStarts` for each unit after a cluster's first.
    private static func record(_ glyphCount: Int, infos: UnsafePointer<hb_glyph_info_t>,
                               positions: UnsafePointer<hb_glyph_position_t>, end: Int, scale: Double, kern: Double,
                               upright: Bool, into destination: UnsafeMutablePointer<ShapedGlyph>,
                               unitAdvances: UnsafeMutableBufferPointer<Double>,
                               clusterStarts: UnsafeMutableBufferPointer<UInt8>) {
        guard glyphCount > 0 else { return }
        var cluster = Int(infos[0].cluster)
        for index in 0..<glyphCount {
            // Clusters rise left to right; a glyph is its cluster's last when the next differs.
            let next = index + 1 < glyphCount ? Int(infos[index + 1].cluster) : end
            var advance = ShapedGlyph.advance(of: positions[index], upright: upright) * scale
            if next != cluster && kern != 0 { advance += kern }
            (destination + index).initialize(to: ShapedGlyph(
                id: infos[index].codepoint, cluster: Int32(cluster), advance: advance,
                offsetX: Double(positions[index].x_offset) * scale, offsetY: Double(positions[index].y_offset) * scale))
            unitAdvances[cluster + 1] += advance
            let spanEnd = min(next, end)
            if spanEnd > cluster + 1 {
                let share = unitAdvances[cluster + 1] / Double(spanEnd - cluster)
                var unit = cluster
                while unit < spanEnd {
                    unitAdvances[unit + 1] = share
                    if unit > cluster { clusterStarts[unit] = 0 }
                    unit += 1
                }
            }
            cluster = next
        }
    }
}
