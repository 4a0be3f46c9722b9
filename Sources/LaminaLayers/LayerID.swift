import Synchronization

/// A layer's identity in the render tree: how a ``RenderTreeDelta`` names layers on the render
/// thread, where the `Layer` objects themselves (main-thread state) never go. Unique for the
/// process's lifetime.
public struct LayerID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number; ascending in creation order.
    public let rawValue: UInt64

    /// Wraps a raw identifier (tests build render trees by hand with these).
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    private static let counter = Atomic<UInt64>(0)

    /// A fresh identifier, never handed out before.
    static func next() -> LayerID {
        LayerID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
