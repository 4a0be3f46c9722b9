import CCairo
import Testing

@Suite("cairo")
struct CairoTests {
    @Test("cairo reports a 1.x version of at least 1.16")
    func reportsVersion() {
        let version = cairo_version()
        #expect(version >= 1 * 10000 + 16 * 100)
        #expect(version < 2 * 10000)
        #expect(String(cString: cairo_version_string()).hasPrefix("1."))
    }

    @Test("a red rectangle filled on an ARGB32 image surface reads back as opaque red")
    func fillsAndReadsBackAPixel() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)

        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_rectangle(cr, 4, 4, 8, 8)
        cairo_fill(cr)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // ARGB32 is one native-endian UInt32 per pixel, premultiplied alpha.
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                $0.pointee
            }
        }
        #expect(pixel(8, 8) == 0xFFFF_0000)
        #expect(pixel(0, 0) == 0x0000_0000)
    }
}
