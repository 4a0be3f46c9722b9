import CXCB
import Glibc
import LaminaGraphics

extension X11Presenter {
    /// The window's pixels as the X server holds them now, read with `GetImage` on the
    /// presenter's own connection — so after everything it sent — as an opaque image at the
    /// presenter's scale: what tests compare with the frames, and how a screenshot is taken. Any
    /// thread; one round trip.
    ///
    /// - Throws: ``X11Error/connectionLost(display:)`` when the connection broke or the window is
    ///   gone.
    public func readBack() throws -> Image {
        let raw = connection.raw
        let geometryCookie = xcb_get_geometry(raw, windowID)
        guard let geometry = xcb_get_geometry_reply(raw, geometryCookie, nil) else {
            throw X11Error.connectionLost(display: displayName)
        }
        let (width, height) = (Int(geometry.pointee.width), Int(geometry.pointee.height))
        free(geometry)
        let cookie = xcb_get_image(raw, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), windowID, 0, 0,
                                   UInt16(width), UInt16(height), UInt32.max)
        guard let reply = xcb_get_image_reply(raw, cookie, nil) else { throw X11Error.connectionLost(display: displayName) }
        defer { free(reply) }
        let length = Int(xcb_get_image_data_length(reply))
        guard let data = xcb_get_image_data(reply), length >= width * height * 4 else {
            throw X11Error.connectionLost(display: displayName)
        }
        return try Image(width: width, height: height, scale: scale, format: .rgb24) { pixels, bytesPerRow in
            for row in 0..<height {
                (pixels.baseAddress! + row * bytesPerRow).copyMemory(from: data + row * width * 4, byteCount: width * 4)
            }
        }
    }
}

extension X11Presenter {
    /// Waits until the server has handled everything the presenter sent (one round trip): after
    /// it, what the window shows is the last frame. Benchmarks time a present with it. Any
    /// thread; returns at once when the connection broke.
    public func synchronize() {
        connection.synchronize()
    }
}
