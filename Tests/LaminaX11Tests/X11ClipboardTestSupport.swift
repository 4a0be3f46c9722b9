import CXCB
import Foundation
import Glibc
import LaminaLoop
import XCTest

/// Debian's `xclip` as a child process on the test's display: the "real X client" of the
/// clipboard tests. Started with `posix_spawn`, as `XvfbServer` is, with its input and output
/// in files (a 2 MB output would fill a pipe while the main loop, not a reader, runs).
///
/// `xclip -i` stays alive as the selection's owner until another client takes it; `-quiet`
/// keeps it in the foreground, so its pid is the owner's and ``kill()`` ends it.
final class Xclip {
    let pid: pid_t
    private var exitStatus: Int32?

    /// Where xclip is, or nil when it is not installed.
    static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return (paths.map { "\($0)/xclip" } + ["/usr/bin/xclip"]).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private init(pid: pid_t) {
        self.pid = pid
    }

    deinit {
        kill()
    }

    /// Starts `xclip -selection clipboard -i -quiet` on `display` owning `bytes` (as `target`
    /// only, when given), and returns once the server has it as the owner of CLIPBOARD.
    @MainActor
    static func startOwner(of bytes: [UInt8], target: String? = nil, display: String) throws -> Xclip {
        let input = try temporaryFile(bytes)
        defer { unlink(input) }
        let before = try TestClient(display: display).selectionOwner()
        let xclip = try spawn(["-selection", "clipboard", "-i", "-quiet"] + (target.map { ["-t", $0] } ?? []),
                              display: display, stdin: input, stdout: nil)
        let watcher = try TestClient(display: display)
        // Lamina may be the owner before: wait for a new one (xclip reads its input first).
        guard pump(until: { watcher.selectionOwner() != before && watcher.selectionOwner() != 0 || xclip.hasExited },
                   timeout: .seconds(20)), !xclip.hasExited else {
            throw XclipError.didNotTakeTheSelection
        }
        return xclip
    }

    enum XclipError: Error {
        case didNotTakeTheSelection
    }

    /// Runs `xclip -selection clipboard -o` (with `-t target` when given) on `display`, running
    /// the main loop until it exits — Lamina answers its requests there — and returns its exit
    /// status and what it printed.
    @MainActor
    static func read(target: String? = nil, display: String, timeout: Duration = .seconds(30)) throws -> (status: Int32, output: [UInt8]) {
        let output = try temporaryFile([])
        defer { unlink(output) }
        let xclip = try spawn(["-selection", "clipboard", "-o"] + (target.map { ["-t", $0] } ?? []),
                              display: display, stdin: nil, stdout: output)
        XCTAssertTrue(pump(until: { xclip.hasExited }, timeout: timeout), "xclip -o finished")
        xclip.kill()
        let bytes = FileManager.default.contents(atPath: output).map { Array($0) } ?? []
        return (xclip.exitStatus ?? -1, bytes)
    }

    /// Whether the process has exited (reaping it).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        // Exited normally: the status is in bits 8–15; killed: -1.
        exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        return true
    }

    /// Kills xclip (SIGKILL) unless it has exited, and reaps it.
    func kill() {
        guard !hasExited else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exitStatus = -1
    }

    private static func spawn(_ arguments: [String], display: String, stdin: String?, stdout: String?) throws -> Xclip {
        guard let executable else {
            throw XCTSkip("xclip is not installed (Scripts/install-deps.sh installs it): the clipboard tests are skipped")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let all = [executable, "-display", display] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw XCTSkip("xclip did not start (posix_spawn: \(spawned))") }
        return Xclip(pid: pid)
    }

    /// A new file in the temporary directory holding `bytes`; its path.
    private static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-clipboard-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// What the clipboard tests do as another X client, with xcb directly: own the selection and
/// never answer, ask for conversions and read the replies by hand.
extension TestClient {
    /// The window owning CLIPBOARD, or 0.
    func selectionOwner() -> xcb_window_t {
        let cookie = xcb_get_selection_owner(raw, atom("CLIPBOARD"))
        guard let reply = xcb_get_selection_owner_reply(raw, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.owner
    }

    /// A new unmapped window of this client that reports its property changes.
    func makeWindow() -> xcb_window_t {
        let window = xcb_generate_id(raw)
        let values: [UInt32] = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
        xcb_create_window(raw, 0, window, root, 0, 0, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), 0,
                          XCB_CW_EVENT_MASK.rawValue, values)
        sync()
        return window
    }

    /// Makes `window` the owner of CLIPBOARD (a test client may use CurrentTime).
    func takeClipboard(with window: xcb_window_t) {
        xcb_set_selection_owner(raw, window, atom("CLIPBOARD"), 0)
        sync()
    }

    /// Asks the owner of CLIPBOARD to convert it to `target` into `property` of `window`.
    func convertClipboard(to target: String, into property: String, of window: xcb_window_t) {
        xcb_convert_selection(raw, window, atom("CLIPBOARD"), atom(target), atom(property), 0)
        sync()
    }

    /// Writes 32-bit `items` of `type` to `property` of `window`.
    func setProperty(_ property: String, of window: xcb_window_t, type: String, items: [UInt32]) {
        xcb_change_property(raw, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, atom(property), atom(type), 32,
                            UInt32(items.count), items)
        sync()
    }

    /// A property's type and bytes, deleting it when asked.
    func readProperty(_ property: String, of window: xcb_window_t, delete: Bool) -> (type: xcb_atom_t, bytes: [UInt8]) {
        let cookie = xcb_get_property(raw, delete ? 1 : 0, window, atom(property), 0, 0, UInt32.max / 4)
        guard let reply = xcb_get_property_reply(raw, cookie, nil) else { return (0, []) }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        let bytes = xcb_get_property_value(reply).map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        return (reply.pointee.type, bytes)
    }

    /// Runs the main loop (where Lamina answers) until this client has an event of `type` that
    /// `matches`; the event's 32 bytes, or nil after `timeout`. Other events are dropped.
    @MainActor
    func waitForEvent(_ type: Int32, timeout: Duration = .seconds(10),
                      where matches: ([UInt8]) -> Bool = { _ in true }) -> [UInt8]? {
        var found: [UInt8]?
        _ = pump(until: {
            while found == nil, let event = xcb_poll_for_event(raw) {
                let bytes = Array(UnsafeRawBufferPointer(start: event, count: 32))
                if Int32(event.pointee.response_type & 0x7F) == type, matches(bytes) { found = bytes }
                free(event)
            }
            return found != nil
        }, timeout: timeout)
        return found
    }
}

/// 32-bit items of a property value, in this client's byte order.
func items32(_ bytes: [UInt8]) -> [UInt32] {
    bytes.withUnsafeBytes { raw in (0..<raw.count / 4).map { raw.load(fromByteOffset: $0 * 4, as: UInt32.self) } }
}
