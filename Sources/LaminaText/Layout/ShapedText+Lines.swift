import CHarfBuzz
import LaminaGraphics

extension ShapedText {
    /// The glyph runs that draw `range` on one line, from x = `startX`, with `spaceExtra` points
    /// added after each space (justification). Runs are ranges of the shaped glyphs, not copies;
    /// only a run whose piece starts or ends inside a HarfBuzz cluster (a line break inside a
    /// ligature) is shaped again, on its own, and a justified run gets its own widened glyphs.
    func glyphRuns(for range: Range<Int>, startX: Double = 0, spaceExtra: Double = 0, tabWidths: [Int: Double] = [:],
                   isTruncationToken: Bool = false) -> (runs: [GlyphRun], width: Double) {
        guard !range.isEmpty else { return ([], 0) }
        var result: [GlyphRun] = []
        var pen = startX
        let firstRun = runIndex(at: range.lowerBound)
        for index in firstRun..<runs.count {
            let run = runs[index]
            guard run.range.lowerBound < range.upperBound else { break }
            let piece = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            guard !piece.isEmpty else { continue }
            let start = pen
            var source = glyphs, glyphRange = 0..<0
            if storage.runs[run.attributeIndex].attributes.attachment != nil {
                pen += width(of: piece)
            } else if isClusterAligned(piece, in: run) {
                glyphRange = glyphs(of: piece, in: run)
                if spaceExtra != 0 || (!tabWidths.isEmpty && containsTab(piece)) {
                    source = adjusted(glyphRange, spaceExtra: spaceExtra, tabWidths: tabWidths)
                    glyphRange = 0..<source.count
                }
                source.withUnsafeBufferPointer { glyphs in
                    for glyph in glyphRange { pen += glyphs[glyph].advance }
                }
            } else {
                source = reshape(piece, run: run, kern: storage.runs[run.attributeIndex].attributes.kern)
                glyphRange = 0..<source.count
                for glyph in source { pen += glyph.advance }
            }
            result.append(GlyphRun(range: piece, storage: storage, attributeIndex: run.attributeIndex, x: start,
                                   width: pen - start, shapedGlyphs: source, glyphRange: glyphRange, face: run.face,
                                   size: storage.runs[run.attributeIndex].attributes.font.size,
                                   isTruncationToken: isTruncationToken, isRightToLeft: run.isRightToLeft,
                                   isUpright: run.isUpright))
        }
        return (result, pen - startX)
    }

    /// The width `range` takes drawn alone on a line: the shaped advances, or — when it starts or
    /// ends inside a ligature, whose advance its units share — the width of the range shaped on
    /// its own, which is what a line draws.
    func drawnWidth(of range: Range<Int>) -> Double {
        let cutsLigature = (range.lowerBound < clusterStarts.count && clusterStarts[range.lowerBound] == 0)
            || (range.upperBound < clusterStarts.count && clusterStarts[range.upperBound] == 0)
        return cutsLigature && !range.isEmpty ? glyphRuns(for: range).width : width(of: range)
    }

    /// Whether the paragraph holding `offset` is right to left (its bidi level is 1).
    func isRightToLeftParagraph(at offset: Int) -> Bool {
        guard let bidi, offset < bidi.paragraphLevels.count else { return false }
        return bidi.paragraphLevels[max(offset, 0)] == 1
    }

    /// A line's `runs` (in logical order, from x = 0) in visual order: reordered by their bidi
    /// levels (UAX #9 rule L2) and placed left to right from x = 0 again. The line's trailing
    /// whitespace hangs outside its visible range, so rule L1 has nothing to lower on it.
    func visualOrder(_ runs: [GlyphRun]) -> [GlyphRun] {
        guard let levels = bidi?.levels, !levels.isEmpty else { return runs }
        return Self.visualOrder(runs, levels: runs.map { levels[min($0.range.lowerBound, levels.count - 1)] })
    }

    /// `runs` reordered by their `levels` (rule L2) and placed left to right from the first
    /// run's x; as they are when every level is 0.
    static func visualOrder(_ runs: [GlyphRun], levels runLevels: [UInt8]) -> [GlyphRun] {
        guard !runs.isEmpty, runLevels.contains(where: { $0 != 0 }),
              let order = BidiLevels.visualOrder(of: runLevels) else { return runs }
        var pen = runs[0].x
        return order.map { index in
            let run = runs[index].placed(at: pen)
            pen += run.width
            return run
        }
    }

    /// The glyphs of `glyphRange`, each space's advance widened by `spaceExtra` and each tab's
    /// the width `tabWidths` gives it.
    private func adjusted(_ glyphRange: Range<Int>, spaceExtra: Double, tabWidths: [Int: Double]) -> [ShapedGlyph] {
        var tabsPlaced: Set<Int> = []
        return glyphs[glyphRange].map { glyph in
            var glyph = glyph
            let cluster = Int(glyph.cluster)
            if storage.units[cluster] == 0x20 { glyph.advance += spaceExtra }
            // A tab's cluster (with any mark that attached to it) takes the tab's width once.
            if let tab = tabWidths[cluster] { glyph.advance = tabsPlaced.insert(cluster).inserted ? tab : 0 }
            return glyph
        }
    }

    /// The index of the shaped run containing `offset`.
    func runIndex(at offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    private func isClusterAligned(_ piece: Range<Int>, in run: Run) -> Bool {
        (piece.lowerBound == run.range.lowerBound || clusterStarts[piece.lowerBound] != 0)
            && (piece.upperBound == run.range.upperBound || clusterStarts[piece.upperBound] != 0)
    }

    /// The glyphs of `run` whose clusters lie in `piece` (clusters rise left to right).
    private func glyphs(of piece: Range<Int>, in run: Run) -> Range<Int> {
        func firstGlyph(atOrAfter offset: Int) -> Int {
            var low = run.glyphRange.lowerBound, high = run.glyphRange.upperBound
            while low < high {
                let middle = (low + high) / 2
                if Int(glyphs[middle].cluster) < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return firstGlyph(atOrAfter: piece.lowerBound)..<firstGlyph(atOrAfter: piece.upperBound)
    }

    /// Shapes `piece` alone (no context across the line break) with the run's face.
    private func reshape(_ piece: Range<Int>, run: Run, kern: Double) -> [ShapedGlyph] {
        guard let face = run.face, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        shapingUnits.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress! + piece.lowerBound, Int32(piece.count), 0, Int32(piece.count))
        }
        hb_buffer_set_direction(buffer, run.direction)
        hb_buffer_set_script(buffer, run.script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        if run.isRightToLeft { hb_buffer_reverse(buffer) }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let shaped = hb_buffer_get_glyph_positions(buffer, &count)!
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let cluster = Int(infos[index].cluster)
            var advance = ShapedGlyph.advance(of: shaped[index], upright: run.isUpright) * run.scale
            let next = index + 1 < Int(count) ? Int(infos[index + 1].cluster) : -1
            if next != cluster { advance += kern }
            glyphs.append(ShapedGlyph(id: infos[index].codepoint, cluster: Int32(piece.lowerBound + cluster),
                                      advance: advance, offsetX: Double(shaped[index].x_offset) * run.scale,
                                      offsetY: Double(shaped[index].y_offset) * run.scale))
        }
        return glyphs
    }
}
