import Synchronization

/// An animation's identity once it is added to a layer: how the layer (main thread) and the
/// render server (render thread) name the same added copy. Unique for the process's lifetime.
public struct AnimationID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number; ascending in the order animations were added.
    public let rawValue: UInt64

    /// Wraps a raw identifier (tests build render trees by hand with these).
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    private static let counter = Atomic<UInt64>(0)

    /// A fresh identifier, never handed out before.
    static func next() -> AnimationID {
        AnimationID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    public static func < (lhs: AnimationID, rhs: AnimationID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "anim#\(rawValue)" }
}
