/// An event's identity: its category and its name, as one value.
///
/// Lamina's own events are static members (``TraceEventName/commit``,
/// ``TraceEventName/asyncRender``, …), so code that looks for them in a trace is checked by the
/// compiler: a misspelt member does not compile, where a misspelt string silently matches
/// nothing. Names of your own events are made with ``init(_:_:)``.
public struct TraceEventName: Sendable, Hashable, CustomStringConvertible {
    /// The pipeline stage the event belongs to.
    public let category: TraceCategory
    /// The name as recorded, such as `"commit"`.
    public let name: String

    /// The event of `category` called `name`: for events your own code records, and for
    /// Lamina's events whose names carry a value (``run(mode:)``, ``observer(named:order:)``).
    public init(_ category: TraceCategory, _ name: String) {
        self.category = category
        self.name = name
    }

    /// `category/name`, as in `transaction/commit`.
    public var description: String { "\(category.rawValue)/\(name)" }

    /// Whether `event` is this one: the same category and name, whatever its phase.
    public func matches(_ event: TraceEvent) -> Bool {
        event.category == category && event.name == name
    }
}
