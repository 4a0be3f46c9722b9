import CFreeType
import CHarfBuzz
import Testing

@Suite("HarfBuzz")
struct HarfBuzzTests {
    @Test("HarfBuzz shapes \"Lamina\" in DejaVu Sans into six glyphs with positive advances")
    func shapesLamina() throws {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        let lib = try #require(library)
        defer { FT_Done_FreeType(lib) }
        var loaded: FT_Face?
        #expect(FT_New_Face(lib, dejaVuSansPath, 0, &loaded) == 0)
        let face = try #require(loaded)
        defer { FT_Done_Face(face) }
        // hb-ft scales advances by the face's size: 16 px at 72 dpi, in 26.6 fixed point.
        #expect(FT_Set_Char_Size(face, 0, 16 * 64, 72, 72) == 0)

        let font = try #require(hb_ft_font_create_referenced(face))
        defer { hb_font_destroy(font) }
        let buffer = try #require(hb_buffer_create())
        defer { hb_buffer_destroy(buffer) }

        hb_buffer_add_utf8(buffer, "Lamina", -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        #expect(hb_buffer_get_direction(buffer) == HB_DIRECTION_LTR)
        hb_shape(font, buffer, nil, 0)

        var infoCount: UInt32 = 0
        var positionCount: UInt32 = 0
        let infos = try #require(hb_buffer_get_glyph_infos(buffer, &infoCount))
        let positions = try #require(hb_buffer_get_glyph_positions(buffer, &positionCount))
        #expect(infoCount == 6)
        #expect(positionCount == 6)
        for index in 0..<Int(infoCount) {
            #expect(infos[index].codepoint != 0, "glyph \(index) is .notdef")
            #expect(positions[index].x_advance > 0, "glyph \(index) has no advance")
            #expect(infos[index].cluster == UInt32(index))
        }
        // Both a's are the same glyph.
        #expect(infos[1].codepoint == infos[5].codepoint)
    }
}
