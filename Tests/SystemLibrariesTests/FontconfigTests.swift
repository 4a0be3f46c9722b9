import CFontconfig
import Glibc
import Testing

@Suite("fontconfig")
struct FontconfigTests {
    @Test("fontconfig matches \"DejaVu Sans\" to a readable DejaVu Sans file")
    func matchesDejaVuSans() throws {
        let config = try #require(FcInitLoadConfigAndFonts())
        defer { FcConfigDestroy(config) }

        let pattern = try #require(
            "DejaVu Sans".withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: 12) { FcNameParse($0) }
            })
        defer { FcPatternDestroy(pattern) }
        #expect(FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue)
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        let match = try #require(FcFontMatch(config, pattern, &result))
        defer { FcPatternDestroy(match) }
        #expect(result == FcResultMatch)

        var family: UnsafeMutablePointer<FcChar8>?
        #expect(FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch)
        #expect(String(cString: try #require(family)) == "DejaVu Sans")

        var file: UnsafeMutablePointer<FcChar8>?
        #expect(FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch)
        let path = String(cString: try #require(file))
        #expect(path.hasSuffix("DejaVuSans.ttf"))
        #expect(access(path, R_OK) == 0, "\(path) is not readable")
    }
}
