/// One paragraph of the reference corpus: a text laid out at one font, size and width, on which
/// LaminaText's line starts are compared with ``PangoOracle``'s.
public struct ReferenceParagraph: Sendable, Hashable, CustomStringConvertible {
    /// A stable name, unique in the corpus: lists of expected disagreements refer to it.
    public let name: String
    /// The text; it may hold hard breaks (several paragraphs in Pango's sense).
    public let text: String
    /// A fontconfig family name; the corpus uses only fonts the install script installs.
    public let fontFamily: String
    /// The font size in pixels, which are Lamina's points at scale 1.
    public let pixelSize: Double
    /// The available line width in pixels (points at scale 1). The height is unlimited: every
    /// line is laid out (a `TextContainer(width:)` in LaminaText).
    public let width: Double

    /// A paragraph in DejaVu Sans (`Font.system`'s family) unless `fontFamily` says otherwise.
    public init(_ name: String, _ text: String, size pixelSize: Double, width: Double, fontFamily: String = "DejaVu Sans") {
        self.name = name
        self.text = text
        self.fontFamily = fontFamily
        self.pixelSize = pixelSize
        self.width = width
    }

    /// Pango's line starts for this paragraph (UTF-16 offsets), not normalised.
    public func pangoLineStarts() -> [Int] {
        PangoOracle.lineStarts(text: text, fontFamily: fontFamily, pixelSize: pixelSize, width: width)
    }

    /// Pango's line starts with trailing breakable whitespace hung on the line it ends, ready to
    /// compare with Lamina's (normalised the same way).
    public func normalizedPangoLineStarts() -> [Int] {
        PangoOracle.hangingTrailingWhitespace(pangoLineStarts(), in: text)
    }

    /// The name, size and width: enough to find the paragraph from a failure message.
    public var description: String {
        "\(name) (\(fontFamily) \(pixelSize) px, width \(width))"
    }
}
