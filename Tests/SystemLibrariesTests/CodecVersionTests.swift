import CLaminaShims
import Testing

@Suite("libpng and libjpeg-turbo through CLaminaShims")
struct CodecVersionTests {
    @Test("libpng reports a 1.6.x version, the same at run time as in its header")
    func pngVersionIs16() {
        let number = lamina_png_version_number()
        #expect(number >= 10600 && number < 10700)
        let header = String(cString: lamina_png_header_version_string())
        #expect(header.hasPrefix("1.6."))
        #expect(header == "1.6.\(number % 100)")
    }

    @Test("libjpeg offers at least the 6b API and is libjpeg-turbo 2 or later")
    func jpegVersionIsAtLeast62() {
        #expect(lamina_jpeg_lib_version() >= 62)
        let turbo = lamina_jpeg_turbo_version_number()
        #expect(turbo >= 2_000_000)
        let text = String(cString: lamina_jpeg_turbo_version_string())
        #expect(text == "\(turbo / 1_000_000).\(turbo / 1000 % 1000).\(turbo % 1000)")
    }
}
