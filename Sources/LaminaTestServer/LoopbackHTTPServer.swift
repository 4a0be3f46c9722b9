import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 at an ephemeral port, for tests, benchmarks and demos: it
/// serves given bytes per path, counts requests and connections, and misbehaves on purpose
/// (see ``Route``). Real sockets and real HTTP, on swift-nio's own threads, so a client under test
/// meets the same partial reads, closes and timings as on a network.
///
/// ```swift
/// let server = try LoopbackHTTPServer(routes: ["/a.png": .bytes(png)])
/// defer { server.shutdown() }
/// let url = server.url(for: "/a.png")
/// …
/// XCTAssertEqual(server.statistics.requestsByPath["/a.png"], 1)
/// ```
///
/// Every method is safe from any thread. Unknown paths answer 404.
public final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let state: NIOLockedValueBox<ServerState>

    /// Starts a server with `routes` (path → answer), on `threads` event-loop threads.
    ///
    /// - Throws: the socket error when 127.0.0.1 cannot be bound.
    public init(routes: [String: Route] = [:], threads: Int = 1) throws {
        let state = NIOLockedValueBox(ServerState(routes: routes))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RouteHandler(state: state))
                }
            }
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        self.state = state
        port = channel.localAddress?.port ?? 0
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `path` (which should start with `/`) on this server.
    public func url(for path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    /// Sets (or with nil removes) the answer for `path`; later requests see it.
    public func setRoute(_ route: Route?, for path: String) {
        state.withLockedValue { $0.routes[path] = route }
    }

    /// What the server has seen so far.
    public var statistics: ServerStatistics {
        state.withLockedValue { $0.statistics }
    }

    /// Requests received for `path` so far.
    public func requestCount(for path: String) -> Int {
        state.withLockedValue { $0.statistics.requestsByPath[path, default: 0] }
    }

    /// Zeroes the counts (open connections and requests in progress are kept, as they are).
    public func resetStatistics() {
        state.withLockedValue { state in
            var fresh = ServerStatistics()
            fresh.openConnections = state.statistics.openConnections
            fresh.peakConnections = fresh.openConnections
            fresh.activeRequests = state.statistics.activeRequests
            fresh.peakActiveRequests = fresh.activeRequests
            state.statistics = fresh
        }
    }

    /// Closes the listening socket and every connection, and stops the server's threads. Call it
    /// once, when done; safe from any thread but not from one of the server's own.
    public func shutdown() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// The server's routes and counts, behind its lock.
struct ServerState: Sendable {
    var routes: [String: Route]
    var statistics = ServerStatistics()
}
