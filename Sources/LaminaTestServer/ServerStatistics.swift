/// What the loopback server has seen since it started (or since the last reset).
public struct ServerStatistics: Sendable, Hashable {
    /// Requests received, all paths.
    public var requests = 0
    /// Requests received, per path.
    public var requestsByPath: [String: Int] = [:]
    /// The paths requested, in the order the requests arrived.
    public var requestOrder: [String] = []
    /// Connections open now.
    public var openConnections = 0
    /// The most connections open at once.
    public var peakConnections = 0
    /// Requests whose response has not finished (or been abandoned) yet.
    public var activeRequests = 0
    /// The most requests in progress at once: what a client's concurrency limit bounds.
    public var peakActiveRequests = 0

    /// Empty statistics.
    public init() {}

    mutating func connectionOpened() {
        openConnections += 1
        peakConnections = max(peakConnections, openConnections)
    }

    mutating func requestStarted(path: String) {
        requests += 1
        requestsByPath[path, default: 0] += 1
        requestOrder.append(path)
        activeRequests += 1
        peakActiveRequests = max(peakActiveRequests, activeRequests)
    }
}
