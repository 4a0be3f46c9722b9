import CCairo
import Foundation

extension Image {
    /// The image encoded as PNG by cairo: 8-bit RGBA for ARGB32 images (alpha un-premultiplied),
    /// 8-bit RGB for RGB24 ones. The scale is not recorded; the pixels are.
    public func pngData() -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = withCairoSurface { surface in
            cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.data.append(bytes!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        // cairo fails here only when it cannot allocate; a partial PNG would be worse than none.
        precondition(status == CAIRO_STATUS_SUCCESS,
                     "cairo could not encode PNG: \(String(cString: cairo_status_to_string(status)))")
        return withExtendedLifetime(sink) { sink.data }
    }
}
