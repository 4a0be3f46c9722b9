import Foundation
import Glibc
import LaminaTestServer

/// The image server of the feed: `lamina-test-server` in a child process — so its threads are
/// not the demo's, and the demo's measurements are its own — or, when that program cannot be
/// started, the same server in this process.
public final class FeedImageServer {
    /// Where the pictures are: `baseURL/images/N.png`.
    public let baseURL: URL
    /// How it runs, for the demo to say.
    public let description: String
    private var child: (pid: pid_t, stdin: Int32)?
    private var inProcess: LoopbackHTTPServer?

    /// Starts a server of ``FeedPost/imageCount`` pictures of `pixelSize` pixels: the
    /// `lamina-test-server` next to this executable when there is one, otherwise in this process.
    public init(pixelSize: Int) throws {
        let arguments = ["--synthetic", "\(FeedPost.imageCount)", "--pixel-size", "\(pixelSize)"]
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("lamina-test-server").path
        if FileManager.default.isExecutableFile(atPath: tool), let started = Self.spawn(tool, arguments: arguments) {
            child = (started.pid, started.stdin)
            baseURL = started.url
            description = "lamina-test-server, a child process (pid \(started.pid))"
        } else {
            let server = try LoopbackHTTPServer(routes: Self.routes(pixelSize: pixelSize))
            inProcess = server
            baseURL = server.baseURL
            description = "in this process (\(tool) could not be started)"
        }
    }

    /// The feed's pictures as routes of a `LoopbackHTTPServer`: ``FeedPost/imageCount`` synthetic
    /// PNGs of `pixelSize` pixels at `/images/N.png` — what `lamina-test-server --synthetic`
    /// serves, for a server in this process (tests, the benchmark, the fallback above).
    public static func routes(pixelSize: Int) -> [String: Route] {
        var routes: [String: Route] = [:]
        for index in 0..<FeedPost.imageCount {
            routes["/images/\(index).png"] = .bytes(SyntheticImages.png(index: index, pixelSize: pixelSize))
        }
        return routes
    }

    deinit {
        stop()
    }

    /// Stops the server: the child sees its standard input close and exits.
    public func stop() {
        if let child {
            close(child.stdin)
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            self.child = nil
        }
        inProcess?.shutdown()
        inProcess = nil
    }

    /// Starts `tool` with a pipe on its standard input and output and reads the base URL it
    /// prints; nil when it does not start or prints no URL. `posix_spawn`, not Foundation's
    /// `Process`, which would add a source to the main thread's CFRunLoop.
    private static func spawn(_ tool: String, arguments: [String]) -> (pid: pid_t, stdin: Int32, url: URL)? {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else {
            close(input[0]); close(input[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addclose(&actions, output[0])
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool, &actions, nil, &argv, environ)
        close(input[0])
        close(output[1])
        defer { close(output[0]) }
        guard spawned == 0 else {
            close(input[1])
            return nil
        }
        // The child closes on exec the write end it must not keep; the parent's stays for stop().
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        var line = [UInt8]()
        var byte: UInt8 = 0
        while byte != UInt8(ascii: "\n"), read(output[0], &byte, 1) == 1 { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), url.scheme == "http" else {
            close(input[1])
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return nil
        }
        return (pid, input[1], url)
    }
}
