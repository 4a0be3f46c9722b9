import LaminaGraphics

/// How two images differ, pixel by pixel, in premultiplied 8-bit channels.
public struct ImageDifference: Sendable, Hashable, CustomStringConvertible {
    /// Whether the pixel dimensions are equal; when not, nothing else is compared.
    public let sizesMatch: Bool
    /// The number of pixels compared.
    public let pixelCount: Int
    /// How many pixels differ in some channel by more than the tolerance's per-channel limit.
    public let differingPixelCount: Int
    /// The largest difference seen in any channel of any pixel, 0…255.
    public let largestChannelDifference: Int
    /// The smallest pixel rectangle containing every differing pixel, or `nil` when none differ.
    public let differingBounds: Rect?

    /// The share of pixels that differ, 0…1 (1 when the sizes differ).
    public var differingFraction: Double {
        sizesMatch ? (pixelCount == 0 ? 0 : Double(differingPixelCount) / Double(pixelCount)) : 1
    }

    /// Whether the difference is within `tolerance`.
    public func isWithin(_ tolerance: ImageTolerance) -> Bool {
        sizesMatch && differingFraction <= tolerance.maximumDifferingFraction
    }

    /// Compares `image` with `reference`: a pixel differs when some premultiplied channel moved
    /// by more than `perChannel` steps. RGB24 pixels count as opaque; scale is not compared.
    public init(between image: Image, and reference: Image, perChannel: Int) {
        sizesMatch = image.width == reference.width && image.height == reference.height
        pixelCount = sizesMatch ? image.width * image.height : 0
        var differing = 0, largest = 0
        var bounds: Rect?
        if sizesMatch {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let delta = Self.channelDifference(image.rawPixel(x: x, y: y), reference.rawPixel(x: x, y: y))
                    largest = max(largest, delta)
                    guard delta > perChannel else { continue }
                    differing += 1
                    bounds = (bounds ?? .null).union(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
                }
            }
        }
        differingPixelCount = differing
        largestChannelDifference = largest
        differingBounds = bounds
    }

    /// The largest difference between corresponding 8-bit channels of two 32-bit pixels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return largest
    }

    public var description: String {
        guard sizesMatch else { return "the sizes differ" }
        guard let differingBounds else { return "no pixel differs beyond the tolerance (largest channel difference \(largestChannelDifference))" }
        return "\(differingPixelCount) of \(pixelCount) pixels differ "
            + "(\((differingFraction * 100).formatted2)%), within \(differingBounds), "
            + "largest channel difference \(largestChannelDifference)"
    }
}

extension Double {
    fileprivate var formatted2: String {
        let hundredths = (self * 100).rounded() / 100
        return String(hundredths)
    }
}
