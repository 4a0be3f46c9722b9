/// The text benchmarks: the reference label (`ReferenceTextLabel`) produced by two engines, A
/// and B, in the same run. Which engines, and which of their operations, a benchmark compares is
/// its `Comparison`:
///
/// - `text-pango-vs-raw`: Pango laying out and drawing (A) against the raw C pipeline (B).
/// - `text-label` (Lamina's side: `makeLaminaTextLabelSide`), Lamina's
///   `TextLayout` laid out and drawn (A) against the raw pipeline (B), target ≤ 1.25;
///   `text-redraw`, a cached `TextLayout` drawn (A) against the raw glyph draw of a cached
///   layout (B), target ≤ 1.1; `text-vs-pango`, Lamina (A) against Pango (B), target ≤ 0.5.
/// - `text-label-mixed`: the mixed-direction label (`ReferenceTextLabel.mixed`) laid out and
///   drawn by Lamina (A) against the raw pipeline with bidi (B: ICU's levels, shaping per level
///   run, lines reordered), target ≤ 1.3.
///
/// Everything an engine loads (fonts, ICU's iterator, Pango's context, the attributed string)
/// is made in `setUp`, outside the timed code; a sample is one label from text to a drawn new
/// surface, which is destroyed.
final class TextLabelBenchmark: Benchmark {
    /// What A and B are.
    enum Comparison {
        case pangoAgainstRaw
        case laminaAgainstRaw
        case laminaRedrawAgainstRawGlyphDraw
        case laminaAgainstPango
        case laminaAgainstRawMixed
    }

    let name: String
    let summary: String
    private let comparison: Comparison
    /// The label this comparison draws.
    private let label: ReferenceTextLabel
    private var a: (() -> Bool)?
    private var b: (() -> Bool)?
    private var failures = 0
    private var raw: RawTextLabel?
    private var pango: PangoTextLabel?
    private(set) var notes: [String] = []

    init(_ comparison: Comparison) {
        self.comparison = comparison
        label = comparison == .laminaAgainstRawMixed ? .mixed : ReferenceTextLabel()
        switch comparison {
        case .pangoAgainstRaw:
            name = "text-pango-vs-raw"
            summary = "320×120 label, 194 chars, DejaVu Sans 15: Pango layout + pango_cairo_show_layout (A) vs HarfBuzz + ICU + wrap + cairo_show_glyphs (B)"
        case .laminaAgainstRaw:
            name = "text-label"
            summary = "320×120 label, 194 chars, DejaVu Sans 15: TextLayout + draw (A) vs HarfBuzz + ICU + wrap + cairo_show_glyphs (B)"
        case .laminaRedrawAgainstRawGlyphDraw:
            name = "text-redraw"
            summary = "the same label from a cached layout: TextLayout.draw (A) vs cairo_show_glyphs of cached glyphs (B)"
        case .laminaAgainstPango:
            name = "text-vs-pango"
            summary = "the same label laid out and drawn: TextLayout (A) vs Pango (B)"
        case .laminaAgainstRawMixed:
            name = "text-label-mixed"
            summary = "320×120 label, English with Hebrew and Arabic, DejaVu Sans 15: TextLayout + draw (A) vs ICU bidi + HarfBuzz per level run + ICU breaks + wrap + reorder + cairo_show_glyphs (B)"
        }
    }

    /// The text benchmarks: Pango against the raw pipeline, and the three Lamina comparisons.
    static func all() -> [Benchmark] {
        [
            TextLabelBenchmark(.pangoAgainstRaw),
            TextLabelBenchmark(.laminaAgainstRaw),
            TextLabelBenchmark(.laminaRedrawAgainstRawGlyphDraw),
            TextLabelBenchmark(.laminaAgainstPango),
            TextLabelBenchmark(.laminaAgainstRawMixed),
        ]
    }

    func plan(smoke: Bool) -> Plan {
        // A label is 0.3–3 ms; a full run takes a few seconds per benchmark.
        smoke
            ? Plan(warmUpRounds: 2, measuredRounds: 3, samplesPerRound: 5)
            : Plan(warmUpRounds: 4, measuredRounds: 40, samplesPerRound: 20)
    }

    func setUp() {
        if comparison == .laminaAgainstRawMixed { return setUpMixed() }
        let label = self.label
        guard let raw = RawTextLabel(label), let pango = PangoTextLabel(label) else {
            notes.append("FAILED: could not load \(label.fontFamily) for the raw pipeline or Pango")
            return
        }
        self.raw = raw
        self.pango = pango
        let lamina = makeLaminaTextLabelSide(label)
        notes += TextLabelBenchmark.checks(raw: raw, pango: pango, lamina: lamina, label: label)
        switch comparison {
        case .pangoAgainstRaw:
            a = whole(pango.side)
            b = whole(raw.side)
        case .laminaAgainstRaw:
            a = lamina.map(whole)
            b = whole(raw.side)
        case .laminaRedrawAgainstRawGlyphDraw:
            a = lamina?.drawCachedLayout
            b = raw.side.drawCachedLayout
        case .laminaAgainstPango:
            a = lamina.map(whole)
            b = whole(pango.side)
        case .laminaAgainstRawMixed:
            return  // its own label and sides: setUpMixed
        }
        if a == nil {
            notes.append("FAILED: Lamina's text side could not be made")
        }
    }

    /// The mixed-direction label: Lamina against the raw pipeline with bidi. Checked untimed:
    /// both wrap it where expected and draw the same ink.
    private func setUpMixed() {
        guard let raw = RawTextLabel(label, bidirectional: true), let lamina = makeLaminaTextLabelSide(label) else {
            notes.append("FAILED: could not make the raw bidi pipeline or Lamina's side")
            return
        }
        self.raw = raw
        let laminaStarts = makeLaminaLineStarts(label)
        notes.append(raw.lineStarts == label.expectedLineStarts && laminaStarts == label.expectedLineStarts
            ? "line starts: raw and Lamina both \(label.expectedLineStarts)"
            : "MISMATCH: line starts raw \(raw.lineStarts), Lamina \(laminaStarts), expected \(label.expectedLineStarts)")
        let rawInk = Double(raw.ink), laminaInk = Double(lamina.ink())
        notes.append("ink (sum of alpha): raw \(Int(rawInk)), Lamina \(Int(laminaInk)) (apart: "
            + "\(Report.format(abs(laminaInk - rawInk) / max(rawInk, 1) * 100, decimals: 2)) %)")
        a = whole(lamina)
        b = whole(raw.side)
    }

    /// Lays out and draws, and checks the line count, which every engine must agree on.
    private func whole(_ side: TextLabelSide) -> () -> Bool {
        let expected = label.expectedLineStarts.count
        return { side.layOutAndDraw() == expected }
    }

    /// Untimed behaviour checks: both baselines wrap the label into the same five lines, and
    /// every engine draws about the same amount of ink.
    private static func checks(raw: RawTextLabel, pango: PangoTextLabel, lamina: TextLabelSide?,
                               label: ReferenceTextLabel) -> [String] {
        let pangoCheck = pango.check()
        var notes: [String] = []
        let agree = raw.lineStarts == label.expectedLineStarts && pangoCheck.lineStarts == label.expectedLineStarts
        notes.append(agree
            ? "line starts: raw and Pango both \(label.expectedLineStarts)"
            : "MISMATCH: line starts raw \(raw.lineStarts), Pango \(pangoCheck.lineStarts), expected \(label.expectedLineStarts)")
        let rawInk = Double(raw.ink)
        var inks = [("raw", rawInk), ("Pango", Double(pangoCheck.ink))]
        if let lamina {
            inks.append(("Lamina", Double(lamina.ink())))
        }
        let apart = inks.dropFirst().map { name, ink in
            "\(name) \(Report.format(abs(ink - rawInk) / max(rawInk, 1) * 100, decimals: 2)) %"
        }
        notes.append("ink (sum of alpha): " + inks.map { "\($0.0) \(Int($0.1))" }.joined(separator: ", ")
            + " (apart from raw: " + apart.joined(separator: ", ") + ")")
        return notes
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard let work = variant == .lamina ? a : b else { return [] }
        return (0..<samples).map { _ in
            let start = MonotonicClock.now()
            let succeeded = work()
            let end = MonotonicClock.now()
            if !succeeded { failures += 1 }
            return MonotonicClock.elapsed(from: start, to: end)
        }
    }

    func tearDown() {
        if failures > 0 {
            notes.append("FAILED: \(failures) samples did not produce the label's \(label.expectedLineStarts.count) lines")
        }
        if comparison == .pangoAgainstRaw, let side = raw?.side, let draw = side.drawCachedLayout {
            notes.append(TextLabelBenchmark.drawShare(whole: side.layOutAndDraw, draw: draw))
        }
        a = nil
        b = nil
        raw = nil
        pango = nil
    }

    /// How much of the raw pipeline is the glyph draw: both measured after the run, alternating,
    /// 100 samples each (the floor that `text-redraw` compares a cached `TextLayout` with).
    private static func drawShare(whole: () -> Int?, draw: () -> Bool) -> String {
        var wholeSamples: [Double] = [], drawSamples: [Double] = []
        for _ in 0..<100 {
            var start = MonotonicClock.now()
            _ = whole()
            wholeSamples.append(MonotonicClock.elapsed(from: start, to: MonotonicClock.now()))
            start = MonotonicClock.now()
            _ = draw()
            drawSamples.append(MonotonicClock.elapsed(from: start, to: MonotonicClock.now()))
        }
        let wholeMedian = Summary(wholeSamples).median, drawMedian = Summary(drawSamples).median
        return "raw pipeline \(Report.format(wholeMedian / 1_000, decimals: 1)) µs, of which the glyph draw of a cached layout (new surface + cairo_show_glyphs) \(Report.format(drawMedian / 1_000, decimals: 1)) µs (\(Report.format(drawMedian / wholeMedian * 100, decimals: 0)) %; medians of 100, after the run)"
    }
}
