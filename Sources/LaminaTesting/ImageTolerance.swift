/// How far a rendered image may stray from its reference and still match.
///
/// Two limits, both needed in practice: antialiasing and resampling move single channels by a
/// step or two (``perChannel``), and a change of rasterizer version can shift a few edge pixels
/// entirely (``maximumDifferingFraction``).
public struct ImageTolerance: Sendable, Hashable, CustomStringConvertible {
    /// How many 8-bit steps any premultiplied channel (alpha, red, green, blue) of a pixel may
    /// differ before the pixel counts as differing. 0…255.
    public var perChannel: Int
    /// The share of pixels, 0…1, that may differ by more than ``perChannel`` before the images
    /// count as different.
    public var maximumDifferingFraction: Double

    /// Creates a tolerance; values are clamped to their ranges (NaN becomes 0).
    public init(perChannel: Int = 0, maximumDifferingFraction: Double = 0) {
        self.perChannel = min(max(perChannel, 0), 255)
        self.maximumDifferingFraction = maximumDifferingFraction.isNaN ? 0 : min(max(maximumDifferingFraction, 0), 1)
    }

    /// Every pixel identical.
    public static let exact = ImageTolerance()

    /// What Lamina's own snapshot tests use: a step of antialiasing per channel, no pixel beyond.
    public static let antialiasing = ImageTolerance(perChannel: 2)

    public var description: String {
        "±\(perChannel) per channel, at most \(maximumDifferingFraction * 100)% of pixels beyond"
    }
}
