import CFreeType
import Testing

@Suite("FreeType")
struct FreeTypeTests {
    @Test("FreeType loads DejaVu Sans and reads its family and style names")
    func loadsDejaVuSans() throws {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        let lib = try #require(library)
        defer { FT_Done_FreeType(lib) }

        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(lib, &major, &minor, &patch)
        #expect(major == 2)

        var loaded: FT_Face?
        #expect(FT_New_Face(lib, dejaVuSansPath, 0, &loaded) == 0)
        let face = try #require(loaded)
        defer { FT_Done_Face(face) }

        #expect(String(cString: try #require(face.pointee.family_name)) == "DejaVu Sans")
        #expect(String(cString: try #require(face.pointee.style_name)) == "Book")
        #expect(face.pointee.units_per_EM == 2048)
        #expect(FT_Get_Char_Index(face, FT_ULong(UInt8(ascii: "L"))) != 0)
    }
}
