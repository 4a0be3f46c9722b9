import LaminaGraphics
import LaminaText
import PangoOracle
import Testing

/// Line breaking against an independent engine: every paragraph of the reference corpus (English
/// of several lengths and sizes, long words, URLs and paths, hyphens and soft hyphens, numbers
/// with units and no-break spaces, punctuation, exotic spaces, every hard break, Greek, Cyrillic,
/// combining marks, the narrowest widths) must start its lines where Pango starts them — Pango
/// set up to be comparable (sizes in pixels, no hinting, unrounded positions, no inserted
/// hyphens, WRAP_WORD_CHAR; trailing breakable whitespace moved onto the line it ends, since
/// Pango hangs only the last space before a break, `zero_line_final_space()` in
/// `pango-layout.c`). The paragraphs expected to disagree are listed, each explained in
/// Docs chapter 06, so a new disagreement fails the test and a fixed one asks to be struck off.
@Suite("Line breaking agrees with Pango") struct PangoAgreementTests {
    /// Paragraphs where Lamina and Pango are known to break differently (Docs chapter 06, "Where
    /// Lamina and Pango disagree").
    static let expectedDisagreements: Set<String> = ["break-blank-lines"]

    /// Lamina's line starts (UTF-16 offsets) for a paragraph: its font at its pixel size (points
    /// at scale 1), its width, unlimited height.
    static func laminaLineStarts(_ paragraph: ReferenceParagraph) -> [Int] {
        let font = Font(family: paragraph.fontFamily, size: paragraph.pixelSize)
        let container = TextContainer(size: Size(width: paragraph.width, height: .greatestFiniteMagnitude))
        let layout = TextLayout(container: container, string: paragraph.text, font: font)
        return layout.lines.map(\.range.lowerBound)
    }

    @Test func theReferenceParagraphsBreakWherePangoBreaksThem() {
        let disagreements = ReferenceCorpus.disagreements(with: Self.laminaLineStarts)
        #expect(ReferenceCorpus.paragraphs.count >= 60)
        #expect(Set(disagreements.map(\.paragraph.name)) == Self.expectedDisagreements,
                "\(disagreements.map(\.description).joined(separator: "\n"))")
        #expect(Self.expectedDisagreements.count <= 5)
    }
}
