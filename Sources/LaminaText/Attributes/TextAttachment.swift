import Foundation
import LaminaGraphics

/// An inline attachment: an image, or an empty box of a size (for a view placed over it), laid
/// out as one character and aligned to the line.
public struct TextAttachment: Sendable, Hashable {
    /// What the attachment shows.
    public enum Content: Sendable, Hashable {
        /// An image, drawn into the attachment's box with the content mode.
        case image(Image)
        /// Nothing drawn: a box of the size, for a view the app places at
        /// ``TextLayout/attachmentRects``.
        case box
    }

    /// How the content fits the attachment's box.
    public enum ContentMode: Sendable, Hashable, CaseIterable {
        /// Stretched to fill the box.
        case scaleToFill
        /// Scaled to fit inside the box, keeping its aspect ratio.
        case scaleAspectFit
        /// Scaled to cover the box, keeping its aspect ratio (clipped).
        case scaleAspectFill
        /// Unscaled, centred.
        case center
    }

    /// Where the box sits on the line.
    public enum VerticalAlignment: Sendable, Hashable, CaseIterable {
        /// Its top at the font's ascent line.
        case top
        /// Centred on the font's line box.
        case center
        /// Its bottom on the baseline.
        case bottom
    }

    /// What is shown.
    public var content: Content
    /// The box's size in points. Non-finite or negative sizes count as zero.
    public var size: Size
    /// How the content fits the box.
    public var contentMode: ContentMode
    /// Where the box sits on the line.
    public var alignment: VerticalAlignment

    /// An image attachment at `size` (the image's own size in points when nil).
    public init(image: Image, size: Size? = nil, contentMode: ContentMode = .scaleAspectFit,
                alignment: VerticalAlignment = .bottom) {
        self.init(content: .image(image), size: size ?? image.size, contentMode: contentMode, alignment: alignment)
    }

    /// An empty box of `size`, for a view laid over it.
    public init(size: Size, contentMode: ContentMode = .scaleToFill, alignment: VerticalAlignment = .bottom) {
        self.init(content: .box, size: size, contentMode: contentMode, alignment: alignment)
    }

    init(content: Content, size: Size, contentMode: ContentMode, alignment: VerticalAlignment) {
        self.content = content
        self.size = Size(width: size.width.isFinite ? max(size.width, 0) : 0,
                         height: size.height.isFinite ? max(size.height, 0) : 0)
        self.contentMode = contentMode
        self.alignment = alignment
    }

    /// One U+FFFC character carrying this attachment, to insert into text.
    public var attributedString: AttributedString {
        var string = AttributedString("\u{FFFC}")
        string.attachment = self
        return string
    }
}
