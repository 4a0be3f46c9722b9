/// What an animation shows outside its active interval — Core Animation's `fillMode`.
///
/// An animation that is not filled has no effect outside its active interval, so the layer
/// shows its model value (with the layer's other animations).
public enum FillMode: Sendable, Hashable {
    /// No effect before the begin time or after the end: `kCAFillModeRemoved`, the default.
    case removed
    /// Holds the last value after the active interval ends: `kCAFillModeForwards`.
    case forwards
    /// Holds the first value before the begin time: `kCAFillModeBackwards`.
    case backwards
    /// Holds the first value before and the last value after: `kCAFillModeBoth`.
    case both

    /// Whether the first value is held before the begin time.
    var holdsBefore: Bool { self == .backwards || self == .both }

    /// Whether the last value is held after the end.
    var holdsAfter: Bool { self == .forwards || self == .both }
}
