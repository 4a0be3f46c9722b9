@testable import LaminaGraphics
import Testing

@Suite("AlphaMaskBlur: a gaussian from three box blurs")
struct AlphaMaskBlurTests {
    @Test("sigma under half a pixel (or not finite) blurs nothing; larger sigmas get three boxes")
    func boxes() {
        #expect(AlphaMaskBlur.boxes(sigma: 0.3).isEmpty)
        #expect(AlphaMaskBlur.boxes(sigma: .nan).isEmpty)
        #expect(AlphaMaskBlur.boxes(sigma: .infinity).isEmpty)
        // sigma 2 → d = ⌊2 · 1.88 + 0.5⌋ = 4, even: two offset boxes of 4, one centred box of 5.
        #expect(AlphaMaskBlur.boxes(sigma: 2) == [.init(before: 2, after: 1), .init(before: 1, after: 2),
                                                  .init(before: 2, after: 2)])
        // sigma 3 → d = 6; sigma 2.5 → d = 5, odd: three centred boxes.
        #expect(AlphaMaskBlur.boxes(sigma: 2.5) == Array(repeating: .init(before: 2, after: 2), count: 3))
        #expect(AlphaMaskBlur.reach(sigma: 2.5) == 6)
    }

    @Test("blurring a dot spreads it symmetrically, keeps its mass, and peaks at the centre")
    func blurDot() {
        let (width, height, stride) = (41, 41, 44)
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 18...22 { for x in 18...22 { pixels[y * stride + x] = 255 } }
        let massBefore = pixels.reduce(0) { $0 + Int($1) }
        pixels.withUnsafeMutableBufferPointer {
            AlphaMaskBlur.blur($0.baseAddress, width: width, height: height, bytesPerRow: stride, sigma: 3)
        }
        let massAfter = pixels.reduce(0) { $0 + Int($1) }
        #expect(abs(massAfter - massBefore) < massBefore / 50)
        let centre = pixels[20 * stride + 20]
        #expect(centre < 255 && centre == pixels.max())
        for d in 1...8 {
            #expect(pixels[20 * stride + 20 - d] == pixels[20 * stride + 20 + d])
            #expect(pixels[(20 - d) * stride + 20] == pixels[(20 + d) * stride + 20])
        }
        #expect(pixels[20 * stride + 40] == 0)  // beyond the reach
    }

    @Test("a uniform mask stays uniform away from its edges")
    func uniformInterior() {
        let (width, height) = (30, 30)
        var pixels = [UInt8](repeating: 200, count: width * height)
        pixels.withUnsafeMutableBufferPointer {
            AlphaMaskBlur.blur($0.baseAddress, width: width, height: height, bytesPerRow: width, sigma: 2)
        }
        #expect(pixels[15 * width + 15] == 200)
        #expect(pixels[0] < 200)  // transparency beyond the edge blurs in
    }
}
