import LaminaGraphics
import Testing

@Suite("Color: hex parsing, clamping and premultiplied pixels")
struct ColorTests {
    @Test("#RGB, #RRGGBB and #RRGGBBAA parse in either case, with or without the hash",
          arguments: [("#F80", Color(red: 1, green: 0x88 / 255.0, blue: 0)),
                      ("f80", Color(red: 1, green: 0x88 / 255.0, blue: 0)),
                      ("#3478f6", Color(red: 0x34 / 255.0, green: 0x78 / 255.0, blue: 0xF6 / 255.0)),
                      ("#3478F680", Color(red: 0x34 / 255.0, green: 0x78 / 255.0, blue: 0xF6 / 255.0, alpha: 0x80 / 255.0))])
    func hexParses(text: String, expected: Color) {
        #expect(Color(hex: text) == expected)
    }

    @Test("anything else is nil",
          arguments: ["", "#", "#12", "#12345", "#GGGGGG", "#1234567", "#123456789", "#１２３", "+FF", " FFF", "#-12", "0x123"])
    func hexRejects(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test("hexString round-trips every byte value")
    func hexRoundTrip() {
        var random = SeededRandom(seed: 0xC0_10A)
        for _ in 0..<1_000 {
            let bytes = (0..<4).map { _ in Int.random(in: 0...255, using: &random) }
            let color = Color(red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255,
                              blue: Double(bytes[2]) / 255, alpha: Double(bytes[3]) / 255)
            #expect(Color(hex: color.hexString) == color)
        }
    }

    @Test("components are clamped to 0…1 and NaN becomes 0")
    func clamping() {
        let color = Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect(color.red == 1 && color.green == 0 && color.blue == 0 && color.alpha == 1)
    }

    @Test("premultiplied pixels round-trip exactly when opaque and within a step otherwise")
    func premultipliedRoundTrip() {
        var random = SeededRandom(seed: 0xA1FA)
        for _ in 0..<2_000 {
            let color = Color(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                              blue: .random(in: 0...1, using: &random), alpha: .random(in: 0.25...1, using: &random))
            let back = Color(premultipliedARGB32: color.premultipliedARGB32)
            // Quantising alpha·c and alpha to bytes loses half a step each; dividing them back
            // turns that into at most one step over alpha (4/255 at alpha 0.25, 1/255 opaque).
            let bound = 1 / (color.alpha * 255) + 1e-12
            for (a, b) in [(color.red, back.red), (color.green, back.green), (color.blue, back.blue)] {
                #expect(abs(a - b) <= bound)
            }
            #expect(abs(color.alpha - back.alpha) <= 0.5 / 255 + 1e-12)
        }
        let opaque = Color(hex: "#3478F6")!
        #expect(Color(premultipliedARGB32: opaque.premultipliedARGB32) == opaque)
        #expect(Color(premultipliedARGB32: 0x0012_3456) == .clear)
        #expect(Color(red: 1, green: 0, blue: 0, alpha: 0.5).premultipliedARGB32 == 0x8080_0000)
    }
}
