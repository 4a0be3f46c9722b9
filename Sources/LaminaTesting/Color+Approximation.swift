import LaminaGraphics

infix operator ≈ : ComparisonPrecedence

extension Color {
    /// Whether every premultiplied component of the two colours is within `tolerance` (in 0…1
    /// units; the default is two 8-bit steps, what antialiasing and a PNG round trip move).
    /// Premultiplied, so two nearly transparent colours compare equal whatever their hue.
    public func isApproximatelyEqual(to other: Color, tolerance: Double = 2.0 / 255) -> Bool {
        let a = premultiplied, b = other.premultiplied
        return abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    /// `lhs.isApproximatelyEqual(to: rhs)`: `#expect(image.pixel(x: 3, y: 4) ≈ .red)`.
    public static func ≈ (lhs: Color, rhs: Color) -> Bool {
        lhs.isApproximatelyEqual(to: rhs)
    }
}
