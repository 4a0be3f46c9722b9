/// How the feed draws: the three runs of the demo.
public enum FeedMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Labels draw on display queues; images are fetched and decoded off the main thread; each
    /// part of a cell appears when its own render lands (YYAsyncLayer).
    case asyncOn = "async"
    /// The switch of the article Docs chapter 08 names (`kAsyncDraw`) turned off: labels draw on
    /// the main thread in the commit, and images are decoded on the main thread when a cell is
    /// given its row.
    case asyncOff = "sync"
    /// As ``asyncOn``, but a cell's labels appear together, once the last of them is drawn
    /// (per-container commits, Texture's grouped commit).
    case grouped

    /// Whether labels draw and images decode off the main thread.
    public var isAsync: Bool { self != .asyncOff }

    public var description: String {
        switch self {
        case .asyncOn: "async on"
        case .asyncOff: "async off"
        case .grouped: "async, per-container commits"
        }
    }
}
