import Foundation

/// A font: a family, weight and slant at a size in points, resolved through fontconfig to an
/// installed face (or loaded from a file an app ships) and shared with every other font of that
/// face. `Sendable`; make and use fonts on any thread.
///
/// ```swift
/// let body = Font.system(size: 15)                       // DejaVu Sans
/// let title = Font(family: "DejaVu Serif", size: 22, weight: .bold)
/// let shipped = try Font(fileURL: bundleFontURL, size: 13)
/// ```
///
/// Characters the face lacks are drawn from another installed font, chosen per cluster through
/// fontconfig: CJK from IPAexGothic, emoji from Noto Color Emoji (see ``TextLayout``).
/// A family that is not installed resolves to fontconfig's default (DejaVu Sans) and logs one
/// warning, to standard error and the `text` trace category.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The family asked for (the face actually used may differ: see ``faceFamily``).
    public let family: String
    /// The em size in points. Sizes that are negative or not finite become 0 (draws nothing).
    public let size: Double
    /// The weight asked for.
    public let weight: Weight
    /// Whether an italic (or oblique) face was asked for.
    public let isItalic: Bool
    /// The file the font was loaded from, for fonts made with ``init(fileURL:size:)``.
    public let fileURL: URL?

    let descriptor: FontDescriptor
    /// The loaded face; nil only when no font at all could be loaded (no fonts installed).
    let face: FontFace?

    /// A font of `family` at `size` points, resolved through fontconfig.
    public init(family: String, size: Double, weight: Weight = .regular, italic: Bool = false) {
        let descriptor = FontDescriptor(family: family, weight: weight, isItalic: italic)
        self.init(descriptor: descriptor, size: size, fileURL: nil,
                  face: FontLibrary.shared.face(for: descriptor))
    }

    /// The font in the file at `fileURL` (its first face) at `size` points: fonts an app ships.
    /// Characters it lacks fall back like any font's.
    ///
    /// - Throws: ``FontError/unreadableFile(_:)`` when the file cannot be read as a font.
    public init(fileURL: URL, size: Double) throws(FontError) {
        guard fileURL.isFileURL, let face = FontLibrary.shared.face(path: fileURL.path, index: 0) else {
            throw .unreadableFile(fileURL)
        }
        let descriptor = FontDescriptor(family: face.familyName, weight: .regular, isItalic: false)
        self.init(descriptor: descriptor, size: size, fileURL: fileURL, face: face)
    }

    init(descriptor: FontDescriptor, size: Double, fileURL: URL?, face: FontFace?) {
        self.family = descriptor.family
        self.size = size.isFinite ? max(size, 0) : 0
        self.weight = descriptor.weight
        self.isItalic = descriptor.isItalic
        self.fileURL = fileURL
        self.descriptor = descriptor
        self.face = face
    }

    /// The system font: DejaVu Sans at `size` points and `weight`.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(family: "DejaVu Sans", size: size, weight: weight)
    }

    /// This font at another size (same face, no new lookup).
    public func withSize(_ size: Double) -> Font {
        Font(descriptor: descriptor, size: size, fileURL: fileURL, face: face)
    }

    /// The family of the face in use: ``family`` when installed, else the substitute.
    public var faceFamily: String { face?.familyName ?? "" }

    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.descriptor == rhs.descriptor && lhs.size == rhs.size && lhs.fileURL == rhs.fileURL
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(descriptor)
        hasher.combine(size)
        hasher.combine(fileURL)
    }

    public var description: String {
        "\(family) \(size)pt\(weight == .regular ? "" : " weight \(weight.rawValue)")\(isItalic ? " italic" : "")"
    }
}

/// What fontconfig resolves: everything about a font but its size.
struct FontDescriptor: Sendable, Hashable {
    var family: String
    var weight: Font.Weight
    var isItalic: Bool
}

/// A font that could not be made.
public enum FontError: Error, Sendable, Hashable {
    /// The file does not exist, is not readable, or is not a font FreeType and HarfBuzz can load.
    case unreadableFile(URL)
}
