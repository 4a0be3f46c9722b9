import CXCB
import Glibc
import Testing

@Suite("XCB")
struct XCBTests {
    /// A local display number with no X server socket, so connecting to it is refused whatever
    /// DISPLAY says and whichever servers (Xvfb in CI) are running.
    private func unusedDisplayName() -> String {
        for number in 97..<200 where access("/tmp/.X11-unix/X\(number)", F_OK) != 0 {
            return ":\(number)"
        }
        return ":199"
    }

    @Test("connecting to a display with no X server fails with a connection error and disconnects cleanly")
    func refusedConnectionReportsError() throws {
        var screen: Int32 = -1
        let connection = try #require(xcb_connect(unusedDisplayName(), &screen))
        #expect(xcb_connection_has_error(connection) == XCB_CONN_ERROR)
        xcb_disconnect(connection)
    }

    @Test("a malformed display name fails with a parse error and disconnects cleanly")
    func malformedDisplayNameReportsParseError() throws {
        let connection = try #require(xcb_connect("not a display", nil))
        #expect(xcb_connection_has_error(connection) == XCB_CONN_CLOSED_PARSE_ERR)
        xcb_disconnect(connection)
    }
}
