/// An sRGB colour with straight (not premultiplied) components in 0…1.
///
/// Components outside 0…1 are clamped and NaN becomes 0, so a colour is always drawable.
/// Pixels in an ``Image`` are stored premultiplied, as cairo stores them:
/// ``premultipliedARGB32`` and ``init(premultipliedARGB32:)`` convert between the two.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0…1.
    public let red: Double
    /// The green component, 0…1.
    public let green: Double
    /// The blue component, 0…1.
    public let blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque).
    public let alpha: Double

    /// Creates a colour from straight components, each clamped to 0…1 (NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    /// A grey: `white` is the brightness, 0 (black) … 1 (white).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, digits in either case).
    /// Returns `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            func nibble(_ shift: UInt32) -> Double { Double((value >> shift) & 0xF) / 15 }
            self.init(red: nibble(8), green: nibble(4), blue: nibble(0))
        case 6:
            func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
            self.init(red: byte(16), green: byte(8), blue: byte(0))
        case 8:
            func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
            self.init(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        default:
            return nil
        }
    }

    /// The colour from a premultiplied ARGB32 pixel (alpha in the top byte, as cairo's
    /// `CAIRO_FORMAT_ARGB32` stores it in native byte order). A fully transparent pixel is
    /// ``clear``.
    public init(premultipliedARGB32 pixel: UInt32) {
        let alpha = Double(pixel >> 24) / 255
        guard alpha > 0 else {
            self = .clear
            return
        }
        func channel(_ shift: UInt32) -> Double { Double((pixel >> shift) & 0xFF) / 255 / alpha }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    /// The colour as a premultiplied ARGB32 pixel, each channel rounded to the nearest byte.
    public var premultipliedARGB32: UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32((value * 255).rounded()) }
        return byte(alpha) << 24 | byte(red * alpha) << 16 | byte(green * alpha) << 8 | byte(blue * alpha)
    }

    /// The components multiplied by alpha, as blending arithmetic and cairo's pixels use them.
    public var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBBAA`, each component rounded to the nearest byte.
    public var hexString: String {
        let bytes = [red, green, blue, alpha].map { Int(($0 * 255).rounded()) }
        return "#" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    /// The colour as `#RRGGBBAA`.
    public var description: String { hexString }

    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Opaque 50 % grey.
    public static let gray = Color(white: 0.5)
    /// Opaque pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Opaque yellow (red + green).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Opaque cyan (green + blue).
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Opaque magenta (red + blue).
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Opaque orange (red + half green).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
