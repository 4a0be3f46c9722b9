/// What an ``X11Clipboard`` has done with other clients: enough to check that a large text went
/// incrementally, and that a silent owner or a vanished requestor was given up on.
public struct X11ClipboardStatistics: Sendable, Hashable {
    /// Conversion requests answered with data (a MULTIPLE request counts once).
    public var requestsAnswered = 0
    /// Conversion requests refused (not the owner, a time outside ownership, a target the text
    /// does not convert to, a write the server refused).
    public var requestsRefused = 0
    /// Incremental (INCR) transfers sent to the end.
    public var incrementalTransfersSent = 0
    /// Incremental transfers dropped before the end: the requestor stopped taking chunks, or
    /// its window went.
    public var incrementalTransfersDropped = 0
    /// Pastes that arrived incrementally.
    public var incrementalTransfersReceived = 0
    /// Pastes that gave nil because the owner did not answer within the read timeout.
    public var readsTimedOut = 0

    /// Nothing yet.
    public init() {}
}
