/// The reference paragraphs on which LaminaText's line breaking is compared with Pango's.
///
/// Each group targets one part of the breaking rules (UAX #14 opportunities, hanging spaces,
/// overlong words, hard breaks, scripts, widths narrower than a glyph); every paragraph has a
/// stable name so that a test can list the expected disagreements by name. All paragraphs use
/// fonts that the install script installs (DejaVu Sans). Widths and sizes are in pixels, which
/// are Lamina's points at scale 1.
///
/// A test compares an engine with Pango through ``disagreements(with:)``, which lays every
/// paragraph out with Pango and normalises both engines' starts:
///
/// ```swift
/// let disagreements = ReferenceCorpus.disagreements { paragraph in
///     lineStarts(of: paragraph)   // the engine's UTF-16 line starts, width × unlimited height
/// }
/// #expect(Set(disagreements.map(\.paragraph.name)) == expectedDisagreements, "\(disagreements)")
/// ```
public enum ReferenceCorpus {
    /// Every paragraph, in a fixed order; names are unique.
    public static let paragraphs: [ReferenceParagraph] =
        english + longWords + urlsAndPaths + hyphens + numbersAndUnits + punctuation
        + exoticSpaces + hardBreaks + scripts + narrowest

    /// The paragraph with `name`, if there is one.
    public static func paragraph(named name: String) -> ReferenceParagraph? {
        paragraphs.first { $0.name == name }
    }

    /// The benchmarks' reference label: 194 characters of English in DejaVu Sans 15 on a
    /// 320-point-wide label, five lines.
    public static let referenceLabelText = """
        Lamina lays out this label off the main thread: HarfBuzz shapes the glyphs, ICU finds \
        the break opportunities, and a greedy wrap fills each line before cairo draws the \
        glyphs into a new surface.
        """

    static let pangram = "The quick brown fox jumps over the lazy dog."

    static let prose = """
        Most of the work of drawing a label happens before a single pixel is touched: the text \
        is split into runs of one font and one script, each run is shaped into glyphs with \
        their advances, the break opportunities are found, and only then are the lines filled \
        one after another until the width runs out.
        """

    /// English prose of several lengths, sizes and widths.
    static let english: [ReferenceParagraph] = [
        ReferenceParagraph("english-single-word", "Hello", size: 15, width: 320),
        ReferenceParagraph("english-two-words-fit", "Hello world", size: 15, width: 320),
        ReferenceParagraph("english-two-words-wrap", "Hello world", size: 15, width: 60),
        ReferenceParagraph("english-pangram-wide", pangram, size: 15, width: 1_000),
        ReferenceParagraph("english-pangram-150", pangram, size: 15, width: 150),
        ReferenceParagraph("english-pangram-small", pangram, size: 9, width: 60),
        ReferenceParagraph("english-pangram-large", pangram, size: 32, width: 200),
        ReferenceParagraph("english-reference-label", referenceLabelText, size: 15, width: 320),
        ReferenceParagraph("english-reference-label-narrow", referenceLabelText, size: 15, width: 180),
        ReferenceParagraph("english-prose-12", prose, size: 12, width: 240),
        ReferenceParagraph("english-prose-17", prose, size: 17, width: 375),
        ReferenceParagraph("english-prose-20-narrow", prose, size: 20, width: 120),
        ReferenceParagraph("english-prose-11-wide", prose, size: 11, width: 600),
        ReferenceParagraph(
            "english-double-spaces",
            "Two  spaces  between  every  word  of  this  sentence  hang  at  the  ends.",
            size: 14, width: 130
        ),
        ReferenceParagraph(
            "english-many-spaces",
            "aaaa          bbbb          cccc",
            size: 15, width: 40
        ),
        ReferenceParagraph("english-leading-spaces", "    Indented by four spaces, then wrapped.", size: 15, width: 100),
        ReferenceParagraph("english-short-words", "a b c d e f g h i j k l m n o p q r s t u v w x y z", size: 12, width: 50),
    ]

    /// Words longer than the line, which break inside at character boundaries.
    static let longWords: [ReferenceParagraph] = [
        ReferenceParagraph(
            "long-word-alone",
            "Pneumonoultramicroscopicsilicovolcanoconiosis",
            size: 15, width: 120
        ),
        ReferenceParagraph(
            "long-word-in-sentence",
            "The word Pneumonoultramicroscopicsilicovolcanoconiosis is long.",
            size: 15, width: 150
        ),
        ReferenceParagraph(
            "long-word-german",
            "Donaudampfschifffahrtsgesellschaftskapitänswitwe und Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
            size: 14, width: 160
        ),
        ReferenceParagraph("long-word-digits", "3141592653589793238462643383279502884197169399375105820974944", size: 15, width: 100),
        ReferenceParagraph("long-word-repeated-letter", String(repeating: "m", count: 60), size: 12, width: 97),
    ]

    /// URLs and file paths: slashes, dots and query strings give (or deny) break opportunities.
    static let urlsAndPaths: [ReferenceParagraph] = [
        ReferenceParagraph(
            "url-https",
            "See https://www.example.com/articles/2024/11/drawing-text-off-the-main-thread.html for details.",
            size: 14, width: 200
        ),
        ReferenceParagraph(
            "url-query",
            "https://example.org/search?q=line+breaking&lang=en&page=2#results",
            size: 13, width: 150
        ),
        ReferenceParagraph("path-unix", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", size: 15, width: 170),
        ReferenceParagraph(
            "path-windows",
            "C:\\Program Files\\Lamina\\Resources\\Fonts\\DejaVuSans.ttf",
            size: 15, width: 170
        ),
        ReferenceParagraph("email-address", "Write to lamina-text-maintainers@example.com today.", size: 15, width: 160),
    ]

    /// Hyphens, soft hyphens (U+00AD, never shown: hyphen insertion is off), non-breaking
    /// hyphens (U+2011) and dashes.
    static let hyphens: [ReferenceParagraph] = [
        ReferenceParagraph("hyphen-compounds", "A well-known, up-to-date, state-of-the-art text engine.", size: 15, width: 110),
        ReferenceParagraph(
            "soft-hyphen-word",
            "extra\u{00AD}ordinary in\u{00AD}com\u{00AD}pre\u{00AD}hen\u{00AD}si\u{00AD}ble",
            size: 15, width: 80
        ),
        ReferenceParagraph(
            "soft-hyphen-sentence",
            "Hyphen\u{00AD}ation lets typo\u{00AD}graphers split long words be\u{00AD}tween syl\u{00AD}la\u{00AD}bles.",
            size: 16, width: 120
        ),
        ReferenceParagraph("non-breaking-hyphen", "Call 555\u{2011}0100\u{2011}2000 or e\u{2011}mail us.", size: 15, width: 90),
        ReferenceParagraph(
            "dashes",
            "Pages 10–20 — or rather 10\u{2013}25 — are the ones to read first.",
            size: 15, width: 120
        ),
    ]

    /// Numbers with units glued by no-break spaces (U+00A0, U+202F narrow, U+2007 figure).
    static let numbersAndUnits: [ReferenceParagraph] = [
        ReferenceParagraph(
            "units-nbsp",
            "The label is 320\u{00A0}pt wide, 120\u{00A0}pt tall and weighs 15\u{00A0}kB as a PNG.",
            size: 15, width: 130
        ),
        ReferenceParagraph(
            "units-narrow-nbsp",
            "Il fait 21\u{202F}°C, la pièce mesure 4\u{202F}m sur 3,5\u{202F}m\u{202F}; prix\u{202F}: 12\u{202F}€.",
            size: 15, width: 120
        ),
        ReferenceParagraph("units-figure-space", "Totals:\u{2007}\u{2007}12 and\u{2007}345 and 6\u{2007}789 items", size: 14, width: 100),
        ReferenceParagraph("numbers-decimal", "π ≈ 3.14159, e ≈ 2.71828, √2 ≈ 1.41421 and φ ≈ 1.61803.", size: 15, width: 110),
        ReferenceParagraph("numbers-currency", "$1,299.99 or €1.199,00 or ¥150,000 or £999.50 each", size: 15, width: 100),
    ]

    /// Punctuation: quotes, brackets, ellipses, and marks UAX #14 keeps off a line's start.
    static let punctuation: [ReferenceParagraph] = [
        ReferenceParagraph(
            "punctuation-quotes",
            "She said, \u{201C}Draw it later,\u{201D} and he said \u{2018}now\u{2019} — \"never\" 'maybe'.",
            size: 15, width: 120
        ),
        ReferenceParagraph(
            "punctuation-brackets",
            "Layers (and their sublayers) [if any] {always} draw <in order>.",
            size: 15, width: 110
        ),
        ReferenceParagraph("punctuation-ellipsis", "Wait… what? Really?! Yes!!! No… maybe…", size: 15, width: 80),
        ReferenceParagraph("punctuation-slashes", "either/or and/or yes/no input/output read/write", size: 15, width: 90),
        ReferenceParagraph("punctuation-closing", "word, word; word: word. word! word? word) word] word}", size: 15, width: 70),
    ]
}
