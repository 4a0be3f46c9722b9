/// A tab stop: where the text after a tab lines up, and which part of it lines up there
/// (TextKit's `NSTextTab`, Core Text's `CTTextTab`).
public struct TextTab: Sendable, Hashable {
    /// Which part of the text after the tab sits at the stop.
    public enum Alignment: Sendable, Hashable, CaseIterable {
        /// The text starts at the stop.
        case left
        /// The text is centred on the stop.
        case center
        /// The text ends at the stop.
        case right
        /// The text's first decimal point (".") is centred on the stop (as Pango centres it);
        /// text without one ends there.
        case decimal
    }

    /// Which part lines up.
    public var alignment: Alignment
    /// The stop's distance from the container's leading edge (its left, or its right in a
    /// right-to-left paragraph), in points.
    public var location: Double

    /// A stop at `location` points.
    public init(_ alignment: Alignment = .left, location: Double) {
        self.alignment = alignment
        self.location = location
    }

    /// TextKit's default stops: twelve left stops 28 points apart (28 through 336), as Apple's
    /// page for `NSParagraphStyle.tabStops` gives them.
    public static let textKitDefaults: [TextTab] = (1...12).map { TextTab(location: Double($0) * 28) }
}
