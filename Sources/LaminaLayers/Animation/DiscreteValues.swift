import LaminaGraphics

extension Bool: AnimatableValue {
    /// Switches from `from` to `to` at the midpoint (see ``AnimatableValue/isDiscrete``).
    public static func interpolate(_ from: Bool, _ to: Bool, fraction: Double) -> Bool {
        switchAtMidpoint(from, to, fraction: fraction)
    }
    /// `true`: a flag cannot be halfway.
    public static var isDiscrete: Bool { true }
}

extension Optional: AnimatableValue where Wrapped == Image {
    /// Switches from `from` to `to` at the midpoint. Core Animation cross-fades `contents`; a
    /// ``LayerRenderState`` holds one image, so Lamina switches.
    public static func interpolate(_ from: Image?, _ to: Image?, fraction: Double) -> Image? {
        switchAtMidpoint(from, to, fraction: fraction)
    }
    /// `true`: images switch.
    public static var isDiscrete: Bool { true }
}
