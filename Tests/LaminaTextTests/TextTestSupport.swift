import Foundation
import LaminaGraphics
@testable import LaminaText

/// Builders shared by the LaminaText tests.
enum TextFixtures {
    /// `string` in DejaVu Sans at `size`, black.
    static func text(_ string: String, size: Double = 15, style: ParagraphStyle? = nil) -> AttributedString {
        var text = AttributedString(string)
        text.font = .system(size: size)
        text.foregroundColor = .black
        if let style { text.paragraphStyle = style }
        return text
    }

    /// The reference label's text: 194 characters of English.
    static let paragraph = "Lamina lays out text the way a label on a phone does: fonts from fontconfig, "
        + "glyphs shaped by HarfBuzz, line breaks from ICU, and drawing through cairo, so a feed of "
        + "labels stays smooth."

    /// Draws `layout` on white at `scale` into an image of `size` points.
    static func render(_ layout: TextLayout, size: Size, scale: Double = 1,
                       options: TextDrawingOptions = .init()) throws -> Image {
        try GraphicsContext.makeImage(width: size.width, height: size.height, scale: scale) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            layout.draw(in: context, options: options)
        }
    }
}

extension Image {
    /// Pixels whose colour is clearly not grey (channels far apart): coloured ink.
    var colouredPixelCount: Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = pixel(x: x, y: y)
                let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue)
                if c.alpha > 0.5 && high - low > 0.25 { count += 1 }
            }
        }
        return count
    }

    /// The total darkness on a white background: the sum over pixels of how far each is from
    /// white (0 for white, 1 for black), counting colour too.
    var inkAmount: Double {
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let c = pixel(x: x, y: y)
                total += 1 - (c.red + c.green + c.blue) / 3
            }
        }
        return total
    }

    /// Pixels darker than light grey: ink on a white background.
    var inkedPixelCount: Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = pixel(x: x, y: y)
                if (c.red + c.green + c.blue) / 3 < 0.8 { count += 1 }
            }
        }
        return count
    }
}
