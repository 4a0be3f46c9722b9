/// Colours at locations along a gradient, 0 at its start and 1 at its end.
public struct Gradient: Sendable, Hashable {
    /// One colour at one location.
    public struct Stop: Sendable, Hashable {
        /// The colour at ``location``.
        public var color: Color
        /// Where the colour sits, 0…1.
        public var location: Double

        /// Creates a stop.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops in location order, every location within 0…1.
    public let stops: [Stop]

    /// Creates a gradient from stops in any order. Locations are clamped to 0…1; stops at NaN
    /// locations are dropped. Equal locations keep their given order (a hard edge).
    public init(stops: [Stop]) {
        let clamped = stops.filter { !$0.location.isNaN }.map {
            Stop(color: $0.color, location: min(max($0.location, 0), 1))
        }
        self.stops = clamped.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// Creates a gradient through `colors`, spaced evenly from 0 to 1 unless `locations` (one per
    /// colour) says otherwise. Extra colours or locations are ignored.
    public init(colors: [Color], locations: [Double]? = nil) {
        let spacing = colors.count > 1 ? 1 / Double(colors.count - 1) : 0
        let locations = locations ?? colors.indices.map { Double($0) * spacing }
        self.init(stops: zip(colors, locations).map { Stop(color: $0, location: $1) })
    }
}

/// Whether a gradient also paints beyond its start and end, with its first and last colours.
public struct GradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Paints the first colour before the start (the start circle's inside, for radial ones).
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1 << 0)
    /// Paints the last colour after the end (outside the end circle, for radial ones).
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 1 << 1)
}
