import CXCB
import Glibc

/// One xcb connection and the screen it opened on. xcb is thread-safe: the render thread
/// presents through it while the main thread reads its events. The connection is closed when
/// the last owner lets go, never while a thread may still use it.
final class X11Connection: @unchecked Sendable {
    // `@unchecked`: the pointer and the values read at connection time never change; libxcb
    // locks its own state.

    /// xcb's connection.
    let raw: OpaquePointer
    /// The display name connected to, for messages.
    let displayName: String
    /// The root window of the screen.
    let root: xcb_window_t
    /// The screen's root visual and depth, used for the window and every image sent.
    let visual: xcb_visualid_t
    let depth: UInt8
    /// The black pixel, the window's background before the first frame.
    let blackPixel: UInt32
    /// The largest request the server takes, in bytes (BIG-REQUESTS is used when offered).
    let maximumRequestBytes: Int

    /// Connects to `displayName`, or to `$DISPLAY` when nil.
    ///
    /// - Throws: ``X11Error`` when there is no display, the name does not parse, the server
    ///   refuses, the screen does not exist or its pixel layout is not one frames can be sent in.
    init(displayName: String?) throws(X11Error) {
        let name = displayName ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !name.isEmpty else { throw .noDisplay }
        var host: UnsafeMutablePointer<CChar>?
        var display: Int32 = 0, screenNumber: Int32 = 0
        guard xcb_parse_display(name, &host, &display, &screenNumber) != 0 else { throw .invalidDisplayName(name) }
        free(host)
        let connection: OpaquePointer = xcb_connect(name, &screenNumber)
        let status = xcb_connection_has_error(connection)
        guard status == 0 else {
            xcb_disconnect(connection)
            throw X11Connection.error(forStatus: status, display: name)
        }
        do {
            let screen = try X11Connection.screen(screenNumber, of: connection, display: name)
            raw = connection
            self.displayName = name
            root = screen.root
            visual = screen.root_visual
            depth = screen.root_depth
            blackPixel = screen.black_pixel
            maximumRequestBytes = Int(xcb_get_maximum_request_length(connection)) * 4
        } catch {
            xcb_disconnect(connection)
            throw error
        }
    }

    deinit {
        xcb_disconnect(raw)
    }

    /// Whether the connection broke (the server went away, or a request was refused as too long).
    var hasFailed: Bool { xcb_connection_has_error(raw) != 0 }

    /// The connection's socket, for the event source.
    var fileDescriptor: Int32 { xcb_get_file_descriptor(raw) }

    /// Sends what is buffered.
    func flush() {
        _ = xcb_flush(raw)
    }

    /// Waits until the server has processed every request sent so far (one round trip); false
    /// when the connection broke.
    @discardableResult
    func synchronize() -> Bool {
        guard let reply = xcb_get_input_focus_reply(raw, xcb_get_input_focus(raw), nil) else { return false }
        free(reply)
        return true
    }

    /// The atom named `name` (created if the server does not have it yet); `XCB_ATOM_NONE` when
    /// the connection broke.
    func atom(_ name: String) -> xcb_atom_t {
        let cookie = xcb_intern_atom(raw, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(raw, cookie, nil) else { return xcb_atom_t(XCB_ATOM_NONE.rawValue) }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// The atoms named `names`, in order, in one round trip (the requests are sent together,
    /// then the replies read); `XCB_ATOM_NONE` for each when the connection broke.
    func atoms(_ names: [String]) -> [xcb_atom_t] {
        let cookies = names.map { xcb_intern_atom(raw, 0, UInt16($0.utf8.count), $0) }
        return cookies.map { cookie in
            guard let reply = xcb_intern_atom_reply(raw, cookie, nil) else { return xcb_atom_t(XCB_ATOM_NONE.rawValue) }
            defer { free(reply) }
            return reply.pointee.atom
        }
    }

    private static func screen(_ number: Int32, of connection: OpaquePointer, display: String) throws(X11Error) -> xcb_screen_t {
        let setup = xcb_get_setup(connection)
        var iterator = xcb_setup_roots_iterator(setup)
        for _ in 0..<max(number, 0) where iterator.rem > 0 { xcb_screen_next(&iterator) }
        guard iterator.rem > 0, let screenPointer = iterator.data else { throw .noScreen(display: display) }
        let screen = screenPointer.pointee
        // Frames are cairo's 32-bit native-endian (B, G, R, X in memory on x86 and arm64)
        // pixels, sent unconverted: the server must store 32 bits per pixel, least significant
        // byte first, with red, green and blue at cairo's bit positions.
        var formats = xcb_setup_pixmap_formats_iterator(setup)
        var bitsPerPixel = 0
        while formats.rem > 0 {
            if let format = formats.data?.pointee, format.depth == screen.root_depth { bitsPerPixel = Int(format.bits_per_pixel) }
            xcb_format_next(&formats)
        }
        let lsbFirst = setup?.pointee.image_byte_order == UInt8(XCB_IMAGE_ORDER_LSB_FIRST.rawValue)
        guard screen.root_depth == 24 || screen.root_depth == 32, bitsPerPixel == 32, lsbFirst,
              isCairoTrueColor(screen.root_visual, of: screenPointer) else {
            throw .unsupportedVisual(depth: Int(screen.root_depth), bitsPerPixel: bitsPerPixel)
        }
        return screen
    }

    /// Whether `visual` on `screen` is TrueColor with cairo's channel masks. `screen` must point
    /// into the connection's setup: its depths and visuals follow it there.
    private static func isCairoTrueColor(_ visual: xcb_visualid_t, of screen: UnsafeMutablePointer<xcb_screen_t>) -> Bool {
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                if let type = visuals.data?.pointee, type.visual_id == visual {
                    return type._class == UInt8(XCB_VISUAL_CLASS_TRUE_COLOR.rawValue) && type.red_mask == 0xFF_0000
                        && type.green_mask == 0xFF00 && type.blue_mask == 0xFF
                }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return false
    }

    /// The typed error for a connection xcb reports as failed with `status`.
    private static func error(forStatus status: Int32, display: String) -> X11Error {
        switch status {
        case XCB_CONN_CLOSED_PARSE_ERR: .invalidDisplayName(display)
        case XCB_CONN_CLOSED_INVALID_SCREEN: .noScreen(display: display)
        case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: .connectionFailed(display: display, reason: "a required extension is missing")
        case XCB_CONN_CLOSED_MEM_INSUFFICIENT: .connectionFailed(display: display, reason: "out of memory")
        case XCB_CONN_CLOSED_FDPASSING_FAILED: .connectionFailed(display: display, reason: "file-descriptor passing failed")
        default: .connectionFailed(display: display, reason: "refused, or nothing is listening (authorisation, socket)")
        }
    }
}
