import Foundation
import Lamina
import LaminaTestServer
import LaminaTesting

/// What the tutorials' checks share: the pictures their feed cells show, and where the frame
/// of each step goes when `make docs-images` asks for it.
public enum TutorialSupport {
    /// A loopback server with the pictures the tutorial's posts point at: `/0.png` … `/19.png`.
    public static func imageServer() throws -> LoopbackHTTPServer {
        var routes: [String: Route] = [:]
        for index in 0..<20 { routes["/\(index).png"] = .bytes(SyntheticImages.png(index: index)) }
        return try LoopbackHTTPServer(routes: routes)
    }

    /// Writes `image` as `<name>.png` into the directory named by `LAMINA_TUTORIAL_FRAMES`, the
    /// step's frame for the tutorial (`make docs-images` sets it to Docs/images); does nothing
    /// when the variable is not set, as in `make test`.
    public static func writeFrame(_ image: Image, named name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["LAMINA_TUTORIAL_FRAMES"], !directory.isEmpty else { return }
        try image.pngData().write(to: URL(fileURLWithPath: "\(directory)/\(name).png"))
    }

    /// Runs the main loop until `condition` holds or `timeout` passes; whether it holds.
    @MainActor
    public static func runLoop(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            _ = EventLoop.main.runUntilIdle(timeout: .milliseconds(100))
        }
        return true
    }
}
