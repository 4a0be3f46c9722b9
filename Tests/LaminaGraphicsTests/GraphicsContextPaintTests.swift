import LaminaGraphics
import LaminaTesting
import Testing

@Suite("GraphicsContext: gradients, images and shadows")
struct GraphicsContextPaintTests {
    @Test("gradient stops are sorted, clamped to 0…1, and NaN locations dropped")
    func gradientStops() {
        let gradient = Gradient(stops: [
            .init(color: .blue, location: 2), .init(color: .red, location: -1),
            .init(color: .green, location: .nan), .init(color: .white, location: 0.5),
        ])
        #expect(gradient.stops.map(\.location) == [0, 0.5, 1])
        #expect(gradient.stops.map(\.color) == [.red, .white, .blue])
        #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
        #expect(Gradient(colors: [.red], locations: [0.3, 0.9]).stops.count == 1)
    }

    @Test("a linear gradient runs from its first colour to its last, only between start and end")
    func linearGradient() throws {
        let image = try GraphicsContext.makeImage(width: 100, height: 4) { context in
            context.drawLinearGradient(Gradient(colors: [.red, .blue]), start: Point(x: 10, y: 0),
                                       end: Point(x: 90, y: 0))
        }
        #expect(image.pixel(x: 10, y: 2).isApproximatelyEqual(to: .red, tolerance: 0.02))
        #expect(image.pixel(x: 89, y: 2).isApproximatelyEqual(to: .blue, tolerance: 0.02))
        #expect(image.pixel(x: 50, y: 2) ≈ Color(red: 0.5, green: 0, blue: 0.5))
        #expect(image.pixel(x: 5, y: 2) == .clear && image.pixel(x: 95, y: 2) == .clear)
    }

    @Test("gradient options extend the first colour before the start and the last after the end")
    func gradientOptions() throws {
        func draw(_ options: GradientDrawingOptions) throws -> Image {
            try GraphicsContext.makeImage(width: 100, height: 4) { context in
                context.drawLinearGradient(Gradient(colors: [.red, .blue]), start: Point(x: 10, y: 0),
                                           end: Point(x: 90, y: 0), options: options)
            }
        }
        let before = try draw(.drawsBeforeStartLocation)
        #expect(before.pixel(x: 2, y: 2) == .red && before.pixel(x: 97, y: 2) == .clear)
        let after = try draw(.drawsAfterEndLocation)
        #expect(after.pixel(x: 2, y: 2) == .clear && after.pixel(x: 97, y: 2) == .blue)
        let both = try draw([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(both.pixel(x: 2, y: 2) == .red && both.pixel(x: 97, y: 2) == .blue)
    }

    @Test("a radial gradient blends outwards and its options fill inside the start and outside the end")
    func radialGradient() throws {
        func draw(_ options: GradientDrawingOptions) throws -> Image {
            try GraphicsContext.makeImage(width: 60, height: 60) { context in
                context.drawRadialGradient(Gradient(colors: [.white, .blue]), startCenter: Point(x: 30, y: 30),
                                           startRadius: 10, endCenter: Point(x: 30, y: 30), endRadius: 20,
                                           options: options)
            }
        }
        let plain = try draw([])
        #expect(plain.pixel(x: 30, y: 30) == .clear && plain.pixel(x: 2, y: 2) == .clear)
        // The pixel centre (44.5, 30.5) is 14.5 from the centre: 45% of the way out.
        #expect(plain.pixel(x: 44, y: 30).isApproximatelyEqual(to: Color(red: 0.55, green: 0.55, blue: 1), tolerance: 0.02))
        let before = try draw(.drawsBeforeStartLocation)
        #expect(before.pixel(x: 30, y: 30) == .white && before.pixel(x: 2, y: 2) == .clear)
        let after = try draw(.drawsAfterEndLocation)
        #expect(after.pixel(x: 30, y: 30) == .clear && after.pixel(x: 2, y: 2) == .blue)
    }

    /// A 2×2 image: red, green / blue, half-transparent white.
    func checker() throws -> Image {
        try Image(width: 2, height: 2, format: .argb32Premultiplied) { pixels, bytesPerRow in
            let colors: [Color] = [.red, .green, .blue, Color(white: 1, alpha: 0.5)]
            for (index, color) in colors.enumerated() {
                pixels.storeBytes(of: color.premultipliedARGB32,
                                  toByteOffset: index / 2 * bytesPerRow + index % 2 * 4, as: UInt32.self)
            }
        }
    }

    @Test("an image drawn with no interpolation scales into hard-edged blocks, alpha applied")
    func drawImageNearest() throws {
        let source = try checker()
        let image = try GraphicsContext.makeImage(width: 8, height: 8) { context in
            context.interpolationQuality = .none
            context.draw(source, in: Rect(x: 0, y: 0, width: 8, height: 8))
            context.alpha = 0.5
            context.draw(source, at: Point(x: 6, y: 0))
        }
        #expect(image.pixel(x: 0, y: 0) == .red && image.pixel(x: 3, y: 3) == .red)
        #expect(image.pixel(x: 4, y: 0) == .green && image.pixel(x: 0, y: 7) == .blue)
        #expect(image.pixel(x: 5, y: 5) ≈ Color(white: 1, alpha: 0.5))
        #expect(image.pixel(x: 6, y: 0) ≈ Color(red: 0.5, green: 0.5, blue: 0))  // half red over green
        #expect(image.pixel(x: 6, y: 5) ≈ Color(white: 1, alpha: 0.5))
    }

    @Test("an image keeps sharp edges when stretched with bilinear filtering")
    func drawImageEdges() throws {
        let red = try GraphicsContext.makeImage(width: 2, height: 2) { $0.fillColor = .red; $0.fill($0.bounds) }
        let image = try GraphicsContext.makeImage(width: 20, height: 20) { context in
            context.interpolationQuality = .low
            context.draw(red, in: Rect(x: 5, y: 5, width: 10, height: 10))
        }
        #expect(image.pixel(x: 5, y: 5) == .red && image.pixel(x: 14, y: 14) == .red)
        #expect(image.pixel(x: 4, y: 5) == .clear && image.pixel(x: 15, y: 14) == .clear)
    }

    @Test("a hard shadow is the shape's coverage, offset in points and unaffected by the transform")
    func hardShadow() throws {
        let image = try GraphicsContext.makeImage(width: 20, height: 20, scale: 2) { context in
            context.scaleBy(x: 2, y: 2)
            context.shadow = Shadow(offset: Size(width: 5, height: 5), blur: 0, color: .blue)
            context.fillColor = .red
            context.fill(Rect(x: 1, y: 1, width: 2, height: 2))  // 2…6 points, shadow 7…11
        }
        #expect(image.pixel(x: 6, y: 6) == .red)  // 3 points = 6 pixels
        #expect(image.pixel(x: 15, y: 15) == .blue)  // 7.5 points
        #expect(image.pixel(x: 23, y: 23) == .clear)  // 11.5 points
    }

    @Test("a blurred shadow fades outwards, symmetric about the offset shape")
    func blurredShadow() throws {
        let image = try GraphicsContext.makeImage(width: 60, height: 60) { context in
            context.shadow = Shadow(offset: Size(width: 0, height: 30), blur: 8, color: .black)
            context.fill(Rect(x: 20, y: -20, width: 20, height: 20))  // off-canvas: only its shadow shows
        }
        #expect(image.pixel(x: 30, y: 0).alpha < 0.1)
        let alphas = (10...30).map { image.pixel(x: $0, y: 20).alpha }
        #expect(alphas.first! < 0.05 && alphas.last! > 0.95)
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 <= $1 })
        for offset in 1...8 {
            let left = image.pixel(x: 20 - offset, y: 20).alpha, right = image.pixel(x: 39 + offset, y: 20).alpha
            #expect(abs(left - right) < 0.02)
        }
    }

    @Test("a shadow's alpha is the shape's alpha times the shadow colour's")
    func shadowAlpha() throws {
        let image = try GraphicsContext.makeImage(width: 20, height: 10) { context in
            context.alpha = 0.5
            context.shadow = Shadow(offset: Size(width: 10, height: 0), blur: 0, color: Color(white: 0, alpha: 0.5))
            context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(abs(image.pixel(x: 15, y: 5).alpha - 0.25) < 0.01)
    }

    @Test("a transparency layer composites overlapping shapes as one, with the outer alpha and shadow")
    func transparencyLayer() throws {
        let image = try GraphicsContext.makeImage(width: 40, height: 20) { context in
            context.alpha = 0.5
            context.shadow = Shadow(offset: Size(width: 0, height: 10), blur: 0, color: .blue)
            context.beginTransparencyLayer()
            #expect(context.alpha == 1 && context.shadow == nil)
            context.fillColor = .red
            context.fill(Rect(x: 0, y: 0, width: 20, height: 10))
            context.fill(Rect(x: 10, y: 0, width: 20, height: 10))  // overlaps the first
            context.saveGState()  // left open: dropped with the layer
            context.endTransparencyLayer()
            #expect(context.alpha == 0.5)
            context.endTransparencyLayer()  // none open: a no-op
        }
        let single = image.pixel(x: 5, y: 5), overlap = image.pixel(x: 15, y: 5)
        #expect(single ≈ Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(overlap ≈ single)
        #expect(image.pixel(x: 15, y: 15) ≈ Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(image.pixel(x: 35, y: 5) == .clear)
    }
}
