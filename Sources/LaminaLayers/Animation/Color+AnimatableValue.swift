import LaminaGraphics

extension Color: AnimatableValue {
    /// Each straight (not premultiplied) component linearly, then clamped to 0…1 as every
    /// ``Color`` is. Core Animation interpolates colour components straight too, which is why
    /// animating to ``/LaminaGraphics/Color/clear`` (transparent black) darkens on the way; animate
    /// to the colour with alpha 0 to fade without darkening. An overshoot past either end clamps.
    public static func interpolate(_ from: Color, _ to: Color, fraction: Double) -> Color {
        Color(red: .interpolate(from.red, to.red, fraction: fraction),
              green: .interpolate(from.green, to.green, fraction: fraction),
              blue: .interpolate(from.blue, to.blue, fraction: fraction),
              alpha: .interpolate(from.alpha, to.alpha, fraction: fraction))
    }

    /// The components summed and clamped to 0…1. A colour cannot hold a negative amount, so a
    /// `byValue` or an additive colour animation can only brighten and add opacity, and
    /// anything past 1 is lost.
    public static func adding(_ a: Color, _ b: Color) -> Color? {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }

    /// The components subtracted and clamped to 0…1: `to − by` for a by+to animation floors at
    /// black and transparent.
    public static func subtracting(_ a: Color, _ b: Color) -> Color? {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }

    /// The Euclidean distance between the (red, green, blue, alpha) quadruples.
    public static func distance(_ a: Color, _ b: Color) -> Double? {
        let (dr, dg, db, da) = (a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha)
        return (dr * dr + dg * dg + db * db + da * da).squareRoot()
    }
}
