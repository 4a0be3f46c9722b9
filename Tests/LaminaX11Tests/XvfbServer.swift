import CXCB
import Foundation
import Glibc
import XCTest

/// An Xvfb the tests start themselves, on a display number Xvfb picks (`-displayfd`), so that
/// they never touch the user's display or collide with another run.
///
/// Started with `posix_spawn`, not Foundation's `Process`: a running `Process` keeps a source in
/// the main thread's CFRunLoop default mode, which would change what the CFRunLoop differential
/// tests that share this test process see.
final class XvfbServer: @unchecked Sendable {
    /// ":N".
    let display: String
    private let pid: pid_t
    private let exited = NSLock()
    private var hasExited = false

    /// Where Xvfb is, or nil when it is not installed.
    static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return (paths.map { "\($0)/Xvfb" } + ["/usr/bin/Xvfb"]).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts an Xvfb with one `width`×`height` screen at depth 24 (MIT-SHM on, no TCP, no
    /// access control: only this user's processes reach its socket), and returns once it
    /// accepts connections. Skips the test when Xvfb is not installed.
    static func start(width: Int = 1600, height: Int = 1200) throws -> XvfbServer {
        guard let executable else {
            throw XCTSkip("Xvfb is not installed (Scripts/install-deps.sh installs it): the X11 tests are skipped")
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw XCTSkip("Xvfb did not start (no pipe)") }
        defer { close(pipeFDs[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(pipeFDs[1])
        guard spawned == 0 else { throw XCTSkip("Xvfb did not start (posix_spawn: \(spawned))") }
        // Xvfb writes the display number once it listens; EOF means it died.
        var number = [UInt8]()
        var byte: UInt8 = 0
        while !number.contains(UInt8(ascii: "\n")), read(pipeFDs[0], &byte, 1) == 1 { number.append(byte) }
        let text = String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let server = XvfbServer(display: ":\(text)", pid: pid)
        guard Int(text) != nil else {
            server.kill()
            throw XCTSkip("Xvfb did not start (it printed no display number)")
        }
        return server
    }

    private init(display: String, pid: pid_t) {
        self.display = display
        self.pid = pid
    }

    deinit {
        kill()
    }

    /// Kills the server at once (SIGKILL, as a crash would) and waits for it to exit.
    func kill() {
        exited.lock()
        defer { exited.unlock() }
        guard !hasExited else { return }
        hasExited = true
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// A second client of the test's server: what a user, a window manager or a test tool does to
/// the window from outside (XTEST input, resizes, Expose, close messages).
final class TestClient {
    let raw: OpaquePointer
    let root: xcb_window_t

    init(display: String) throws {
        var screen: Int32 = 0
        raw = xcb_connect(display, &screen)
        guard xcb_connection_has_error(raw) == 0 else {
            xcb_disconnect(raw)
            throw XCTSkip("cannot connect to the test's Xvfb at \(display)")
        }
        root = xcb_setup_roots_iterator(xcb_get_setup(raw)).data.pointee.root
    }

    deinit {
        xcb_disconnect(raw)
    }

    /// Waits until the server has handled every request sent (one round trip).
    func sync() {
        if let reply = xcb_get_input_focus_reply(raw, xcb_get_input_focus(raw), nil) { free(reply) }
    }

    /// XTEST: one fake input event (motion is absolute, in root coordinates).
    func fake(_ type: Int32, detail: UInt8, x: Int16 = 0, y: Int16 = 0) {
        xcb_test_fake_input(raw, UInt8(type), detail, 0, type == XCB_MOTION_NOTIFY ? root : 0, x, y, 0)
        sync()
    }

    /// The keycode typing `keysym`.
    func keycode(for keysym: UInt32) -> UInt8 {
        guard let symbols = xcb_key_symbols_alloc(raw) else { return 0 }
        defer { xcb_key_symbols_free(symbols) }
        guard let codes = xcb_key_symbols_get_keycode(symbols, keysym) else { return 0 }
        defer { free(codes) }
        return codes.pointee
    }

    /// Gives `window` the keyboard focus, as a window manager would on a click.
    func focus(_ window: xcb_window_t) {
        xcb_set_input_focus(raw, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, 0)
        sync()
    }

    /// Resizes `window` as a user or window manager would.
    func resize(_ window: xcb_window_t, width: Int, height: Int) {
        let values: [UInt32] = [UInt32(width), UInt32(height)]
        xcb_configure_window(raw, window, UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue), values)
        sync()
    }

    /// The window's size as the server has it.
    func size(of window: xcb_window_t) -> (width: Int, height: Int)? {
        guard let reply = xcb_get_geometry_reply(raw, xcb_get_geometry(raw, window), nil) else { return nil }
        defer { free(reply) }
        return (Int(reply.pointee.width), Int(reply.pointee.height))
    }

    /// Clears `rect` of `window` to its background and makes the server send an Expose for it.
    func expose(_ window: xcb_window_t, x: Int16, y: Int16, width: UInt16, height: UInt16) {
        xcb_clear_area(raw, 1, window, x, y, width, height)
        sync()
    }

    /// Destroys `window` from this connection, as `xdotool windowclose` does.
    func destroy(_ window: xcb_window_t) {
        xcb_destroy_window(raw, window)
        sync()
    }

    /// The top-level windows (the root's children) whose WM_CLASS names `windowClass`.
    func windows(ofClass windowClass: String) -> [xcb_window_t] {
        guard let screen = xcb_setup_roots_iterator(xcb_get_setup(raw)).data,
              let reply = xcb_query_tree_reply(raw, xcb_query_tree(raw, screen.pointee.root), nil) else { return [] }
        defer { free(reply) }
        guard let children = xcb_query_tree_children(reply) else { return [] }
        let windows = (0..<Int(xcb_query_tree_children_length(reply))).map { children[$0] }
        // WM_CLASS is two NUL-terminated strings: the instance name, then the class.
        return windows.filter { property("WM_CLASS", of: $0).split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == windowClass } }
    }

    /// Sends the WM_DELETE_WINDOW client message a window manager sends for the close button.
    func sendDeleteWindow(to window: xcb_window_t) {
        let protocols = atom("WM_PROTOCOLS"), delete = atom("WM_DELETE_WINDOW")
        var event = xcb_client_message_event_t()
        event.response_type = UInt8(XCB_CLIENT_MESSAGE)
        event.format = 32
        event.window = window
        event.type = protocols
        event.data.data32 = (delete, 0, 0, 0, 0)
        withUnsafeBytes(of: &event) { bytes in
            // Core events are 32 bytes on the wire.
            var wire = [CChar](repeating: 0, count: 32)
            for index in 0..<min(32, bytes.count) { wire[index] = CChar(bitPattern: bytes[index]) }
            xcb_send_event(raw, 0, window, XCB_EVENT_MASK_NO_EVENT.rawValue, wire)
        }
        sync()
    }

    /// Maps a white window of this client's over the root's `x`, `y`, `width`×`height`, above
    /// every other: what it covers is hidden until it goes (it goes with the connection).
    @discardableResult
    func cover(x: Int16, y: Int16, width: UInt16, height: UInt16) -> xcb_window_t {
        let window = xcb_generate_id(raw)
        let screen = xcb_setup_roots_iterator(xcb_get_setup(raw)).data.pointee
        let values: [UInt32] = [screen.white_pixel]
        xcb_create_window(raw, 0, window, root, x, y, width, height, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
                          screen.root_visual, XCB_CW_BACK_PIXEL.rawValue, values)
        xcb_map_window(raw, window)
        sync()
        return window
    }

    /// A property of `window` as bytes.
    func property(_ name: String, of window: xcb_window_t) -> [UInt8] {
        let cookie = xcb_get_property(raw, 0, window, atom(name), 0, 0, 1024)
        guard let reply = xcb_get_property_reply(raw, cookie, nil) else { return [] }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard let value = xcb_get_property_value(reply) else { return [] }
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }

    func atom(_ name: String) -> xcb_atom_t {
        guard let reply = xcb_intern_atom_reply(raw, xcb_intern_atom(raw, 0, UInt16(name.utf8.count), name), nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }
}
