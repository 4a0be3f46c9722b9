import CCairo
import CFreeType
import Testing

@Suite("cairo with FreeType")
struct CairoFreeTypeTests {
    @Test("cairo draws a glyph from a FreeType face that CFreeType loaded")
    func drawsGlyphFromSharedFace() throws {
        // cairo keeps font faces in its caches after the last reference goes, so it owns the
        // FT_Face (freed through user data, as cairo-ft documents) and the library is never
        // freed: it must outlive every face cairo may still hold.
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        let lib = try #require(library)
        var loaded: FT_Face?
        #expect(FT_New_Face(lib, dejaVuSansPath, 0, &loaded) == 0)
        let face = try #require(loaded)

        let fontFace = try #require(cairo_ft_font_face_create_for_ft_face(face, 0))
        defer { cairo_font_face_destroy(fontFace) }
        // Only the key's address matters; it lives as long as the font face, so it is leaked.
        let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
        key.initialize(to: cairo_user_data_key_t())
        let attached = cairo_font_face_set_user_data(fontFace, key, UnsafeMutableRawPointer(face)) {
            _ = FT_Done_Face($0?.assumingMemoryBound(to: FT_FaceRec.self))
        }
        #expect(attached == CAIRO_STATUS_SUCCESS)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, 32, 32))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_font_face(cr, fontFace)
        cairo_set_font_size(cr, 28)
        cairo_move_to(cr, 4, 28)
        cairo_show_text(cr, "L")
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let inked = (0..<32).reduce(0) { sum, y in
            sum + (0..<32).filter { data[y * stride + $0] > 128 }.count
        }
        #expect(inked > 20, "the glyph left \(inked) inked pixels")
    }
}
