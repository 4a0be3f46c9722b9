extension ReferenceCorpus {
    /// Spaces other than U+0020: the en/em/thin/hair family (U+2000–U+200A; U+2007 is a
    /// no-break figure space), the ideographic space (U+3000) and the zero-width space (U+200B).
    static let exoticSpaces: [ReferenceParagraph] = [
        ReferenceParagraph(
            "spaces-en-em-quad",
            "en\u{2000}quad\u{2000}em\u{2001}quad\u{2001}en\u{2002}space\u{2002}em\u{2003}space",
            size: 15, width: 90
        ),
        ReferenceParagraph(
            "spaces-per-em",
            "three\u{2004}per\u{2004}em four\u{2005}per\u{2005}em six\u{2006}per\u{2006}em",
            size: 15, width: 80
        ),
        ReferenceParagraph(
            "spaces-thin-hair",
            "punctuation\u{2008}space thin\u{2009}space hair\u{200A}space thin\u{2009}again",
            size: 15, width: 100
        ),
        ReferenceParagraph("spaces-ideographic", "Lamina\u{3000}draws\u{3000}text\u{3000}off\u{3000}the\u{3000}main\u{3000}thread", size: 15, width: 100),
        ReferenceParagraph(
            "spaces-zero-width",
            "zero\u{200B}width\u{200B}spaces\u{200B}allow\u{200B}breaks\u{200B}without\u{200B}gaps",
            size: 15, width: 100
        ),
        ReferenceParagraph("spaces-medium-math", "a\u{205F}+\u{205F}b\u{205F}=\u{205F}c and x\u{205F}×\u{205F}y", size: 15, width: 50),
    ]

    /// Every hard break: LF, CR, CRLF, U+2028 (line separator), U+2029 (paragraph separator),
    /// repeated, leading and trailing.
    static let hardBreaks: [ReferenceParagraph] = [
        ReferenceParagraph("break-lf", "First line\nSecond line", size: 15, width: 320),
        ReferenceParagraph("break-cr", "First line\rSecond line", size: 15, width: 320),
        ReferenceParagraph("break-crlf", "First line\r\nSecond line", size: 15, width: 320),
        ReferenceParagraph("break-line-separator", "First line\u{2028}Second line", size: 15, width: 320),
        ReferenceParagraph("break-paragraph-separator", "First line\u{2029}Second line", size: 15, width: 320),
        ReferenceParagraph("break-blank-lines", "One\n\nthree\r\n\r\nfive\n", size: 15, width: 320),
        ReferenceParagraph("break-leading", "\nstarts with a break", size: 15, width: 320),
        ReferenceParagraph(
            "break-mixed-with-wrapping",
            "A paragraph long enough to wrap.\nAnother one, also long enough.\r\nA third\u{2028}with a forced line\u{2029}and a last one.",
            size: 15, width: 120
        ),
        ReferenceParagraph("break-after-spaces", "trailing spaces   \nbefore a break   \r\nagain", size: 15, width: 320),
    ]

    /// Greek, Cyrillic and combining marks (decomposed accents, stacked marks).
    static let scripts: [ReferenceParagraph] = [
        ReferenceParagraph(
            "greek-prose",
            "Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί και τρέχει στο δάσος.",
            size: 15, width: 160
        ),
        ReferenceParagraph(
            "greek-polytonic",
            "Ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν.",
            size: 16, width: 120
        ),
        ReferenceParagraph(
            "cyrillic-prose",
            "Съешь же ещё этих мягких французских булок, да выпей же чаю.",
            size: 15, width: 150
        ),
        ReferenceParagraph(
            "cyrillic-long-word",
            "Превысокомногорассмотрительствующий человек",
            size: 15, width: 120
        ),
        ReferenceParagraph(
            "mixed-latin-greek-cyrillic",
            "Latin, Ελληνικά and Кириллица side by side: α β γ, а б в, a b c.",
            size: 13, width: 110
        ),
        ReferenceParagraph(
            "combining-accents",
            "Cafe\u{0301} na\u{0308}ive re\u{0301}sume\u{0301} fac\u{0327}ade pin\u{0303}ata",
            size: 15, width: 80
        ),
        ReferenceParagraph(
            "combining-stacked",
            "a\u{0301}\u{0323}b\u{0302}\u{0330}c\u{0303}\u{0324}d\u{0304}\u{0325}e\u{0306}\u{0326}f\u{0307}\u{0327}g\u{0308}\u{0328}h\u{0309}\u{0329}",
            size: 15, width: 30
        ),
        ReferenceParagraph(
            "combining-greek-cyrillic",
            "ά\u{0301}λφα и\u{0306} й\u{0308}од е\u{0308}ж",
            size: 15, width: 40
        ),
    ]

    /// Widths narrower than any glyph (every grapheme on its own line, spaces hanging) and
    /// barely wider than one.
    static let narrowest: [ReferenceParagraph] = [
        ReferenceParagraph("narrow-1-word", "Lamina", size: 15, width: 1),
        ReferenceParagraph("narrow-1-sentence", "ab cd, ef.", size: 15, width: 1),
        ReferenceParagraph("narrow-half-point", "half a point", size: 15, width: 0.5),
        ReferenceParagraph("narrow-1-combining", "e\u{0301}a\u{0308}o\u{0302}", size: 15, width: 1),
        ReferenceParagraph("narrow-1-spaces", "a   b", size: 15, width: 1),
        ReferenceParagraph("narrow-1-greek", "αβγ δε", size: 20, width: 1),
        ReferenceParagraph("narrow-one-glyph", "iiii mmmm", size: 15, width: 10),
        ReferenceParagraph("narrow-just-fits-word", "Hello world", size: 15, width: 38.03),
        ReferenceParagraph("narrow-just-misses-word", "Hello world", size: 15, width: 38.01),
    ]
}
