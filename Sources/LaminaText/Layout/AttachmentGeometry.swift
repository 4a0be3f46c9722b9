import LaminaGraphics

/// Where an attachment's box sits relative to the baseline of its line.
enum AttachmentGeometry {
    /// The box's extent above (ascent) and below (descent) the baseline, for `font`'s line box.
    static func box(for attachment: TextAttachment, font: Font) -> (ascent: Double, descent: Double) {
        let height = attachment.size.height
        switch attachment.alignment {
        case .bottom:
            return (height, 0)
        case .top:
            return (font.ascent, height - font.ascent)
        case .center:
            let middle = (font.ascent - font.descent) / 2
            return (middle + height / 2, height / 2 - middle)
        }
    }

    /// The rectangle an image of `imageSize` takes in `box` under `mode`.
    static func contentRect(imageSize: Size, in box: Rect, mode: TextAttachment.ContentMode) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return box }
        switch mode {
        case .scaleToFill:
            return box
        case .center:
            return Rect(x: box.midX - imageSize.width / 2, y: box.midY - imageSize.height / 2,
                        width: imageSize.width, height: imageSize.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = box.width / imageSize.width, sy = box.height / imageSize.height
            let factor = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let size = Size(width: imageSize.width * factor, height: imageSize.height * factor)
            return Rect(x: box.midX - size.width / 2, y: box.midY - size.height / 2, width: size.width, height: size.height)
        }
    }
}
