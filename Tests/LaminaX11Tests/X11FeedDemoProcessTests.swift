import CXCB
import Foundation
import Synchronization
import XCTest

/// The FeedDemo program in an X window, as a person runs it with `make x11-demo`, ended from
/// outside: another client destroying its window (`xdotool windowclose`) ends it like a closed
/// window — exit status 0, its image server stopped with it.
final class X11FeedDemoProcessTests: XCTestCase {
    /// The `FeedDemo` built next to the test binary (SwiftPM puts every product of a
    /// configuration in one directory).
    private var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("FeedDemo")
    }

    func test_aWindowDestroyedByAnotherClientEndsFeedDemoWithStatusZero() throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("FeedDemo is not built next to the tests")
        }
        let display = try SharedXvfb.display()
        let client = try TestClient(display: display)
        XCTAssertEqual(client.windows(ofClass: "FeedDemo"), [], "no FeedDemo window before the run")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--x11", "--rows", "40", "--size", "320x400"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let collected = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.withLock { $0.append(data) }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var windows: [xcb_window_t] = []
        let deadline = Date().addingTimeInterval(60)
        while windows.isEmpty && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.1)
            windows = client.windows(ofClass: "FeedDemo")
        }
        let window = try XCTUnwrap(windows.first, "FeedDemo opened no window")
        // Let it present a few frames first, then destroy the window from this connection.
        Thread.sleep(forTimeInterval: 1)
        client.destroy(window)
        let exitDeadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < exitDeadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(process.isRunning, "FeedDemo kept running without its window")
        guard !process.isRunning else { return }
        output.fileHandleForReading.readabilityHandler = nil
        let text = String(decoding: collected.withLock { $0 } + output.fileHandleForReading.readDataToEndOfFile(),
                          as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("The window closed (windowDestroyed)."), text)
        // The image server lived in the process: its port no longer answers.
        let port = try XCTUnwrap(text.firstMatch(of: /127\.0\.0\.1:(\d+)/).map { Int($0.1)! }, text)
        XCTAssertFalse(Self.accepts(port: port), "the image server is still listening")
    }

    /// Whether something accepts TCP connections on the loopback `port`.
    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
