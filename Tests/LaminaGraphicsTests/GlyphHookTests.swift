import CCairo
import LaminaGraphics
import Testing

/// The package-level glyph hook LaminaText draws through: glyphs take the context's fill colour,
/// alpha, clip and shadow like any shape.
@Suite("GraphicsContext glyph hook")
struct GlyphHookTests {
    /// "H" glyphs of DejaVu Sans through cairo's toy font face, 40 points, on a white canvas.
    func draw(_ configure: (GraphicsContext) -> Void, paint: GlyphPaint = .glyphs, size: Double = 40) throws -> Image {
        try GraphicsContext.makeImage(width: 80, height: 60) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            configure(context)
            let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
            defer { cairo_font_face_destroy(face) }
            // Glyph 43 is "H" in DejaVu Sans.
            let glyphs = [cairo_glyph_t(index: 43, x: 10, y: 45), cairo_glyph_t(index: 43, x: 40, y: 45)]
            glyphs.withUnsafeBufferPointer { context.drawGlyphs($0, fontFace: face, fontSize: size, paint: paint) }
        }
    }

    func count(_ image: Image, _ test: (Color) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where test(image.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    @Test("glyphs fill in the fill colour, within the clip")
    func fillColourAndClip() throws {
        let red = try draw { $0.fillColor = Color(red: 1, green: 0, blue: 0) }
        #expect(count(red) { $0.red > 0.9 && $0.green < 0.1 } > 200)
        let clipped = try draw { context in
            context.fillColor = Color(red: 1, green: 0, blue: 0)
            context.clip(to: Rect(x: 0, y: 0, width: 35, height: 60))
        }
        #expect(count(clipped) { $0.red > 0.9 && $0.green < 0.1 } < count(red) { $0.red > 0.9 && $0.green < 0.1 } * 2 / 3)
    }

    @Test("the context's alpha fades glyphs")
    func alpha() throws {
        let faded = try draw { $0.fillColor = .black; $0.alpha = 0.5 }
        #expect(count(faded) { $0.red < 0.3 } == 0)
        #expect(count(faded) { $0.red < 0.6 } > 100)
    }

    @Test("the shadow is cast beneath glyphs, and alone with .shadowOnly")
    func shadows() throws {
        let shadow = Shadow(offset: Size(width: 4, height: 4), blur: 0, color: Color(red: 0, green: 0, blue: 1))
        let both = try draw { $0.fillColor = .black; $0.shadow = shadow }
        #expect(count(both) { $0.blue > 0.9 && $0.red < 0.1 } > 50)
        #expect(count(both) { $0.blue < 0.1 && $0.red < 0.1 } > 100)
        let alone = try draw({ $0.fillColor = .black; $0.shadow = shadow }, paint: .shadowOnly)
        #expect(count(alone) { $0.blue > 0.9 && $0.red < 0.1 } > 100)
        #expect(count(alone) { $0.blue < 0.1 && $0.red < 0.1 } == 0)
    }

    @Test("no glyphs, or a size that is zero, negative or not finite, draw nothing")
    func degenerate() throws {
        for size in [0, -5, Double.nan, .infinity] {
            let image = try draw({ $0.fillColor = .black }, size: size)
            #expect(count(image) { $0.red < 0.9 } == 0)
        }
    }
}
