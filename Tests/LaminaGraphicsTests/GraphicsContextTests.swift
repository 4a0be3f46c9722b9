import LaminaGraphics
import LaminaTesting
import Testing

@Suite("GraphicsContext: points in, pixels out")
struct GraphicsContextTests {
    @Test("pixel size is the point size times the scale, rounded up")
    func pixelSize() throws {
        let context = try GraphicsContext(width: 100.5, height: 20, scale: 2)
        #expect(context.pixelWidth == 201 && context.pixelHeight == 40)
        let image = context.makeImage()
        #expect(image.width == 201 && image.scale == 2 && image.size == Size(width: 100.5, height: 20))
        #expect(try GraphicsContext(width: 10.2, height: 1, scale: 1).pixelWidth == 11)
    }

    @Test("sizes and scales that cannot make pixels throw typed errors",
          arguments: [(0.0, 10.0, 1.0), (-1, 10, 1), (10, .nan, 1), (.infinity, 10, 1), (10, 10, 0),
                      (10, 10, -1), (10, 10, .nan), (40000, 10, 1), (20000, 10, 2)])
    func invalidSizes(width: Double, height: Double, scale: Double) {
        #expect(throws: GraphicsError.self) {
            _ = try GraphicsContext(width: width, height: height, scale: scale)
        }
    }

    @Test("a new context is transparent; an opaque one is black RGB24")
    func initialContents() throws {
        let clear = try GraphicsContext(width: 4, height: 4).makeImage()
        #expect(clear.format == .argb32Premultiplied && clear.pixel(x: 2, y: 2) == .clear)
        let opaque = try GraphicsContext(width: 4, height: 4, opaque: true).makeImage()
        #expect(opaque.format == .rgb24 && opaque.pixel(x: 2, y: 2) == .black)
    }

    @Test("a filled rectangle at scale 2 covers exactly its pixels")
    func fillAtScale2() throws {
        let image = try GraphicsContext.makeImage(width: 10, height: 10, scale: 2) { context in
            context.fillColor = .red
            context.fill(Rect(x: 2, y: 3, width: 4, height: 2))
        }
        #expect(image.pixel(x: 4, y: 6) == .red)
        #expect(image.pixel(x: 11, y: 9) == .red)
        #expect(image.pixel(x: 3, y: 6) == .clear)
        #expect(image.pixel(x: 12, y: 6) == .clear)
        #expect(image.pixel(x: 4, y: 10) == .clear)
    }

    @Test("makeImage is a snapshot: drawing afterwards does not change it")
    func makeImageCopies() throws {
        let context = try GraphicsContext(width: 4, height: 4)
        context.fillColor = .blue
        context.fill(context.bounds)
        let before = context.makeImage()
        context.fillColor = .red
        context.fill(context.bounds)
        #expect(before.pixel(x: 1, y: 1) == .blue)
        #expect(context.makeImage().pixel(x: 1, y: 1) == .red)
    }

    @Test("restoring the state brings back colours, alpha, transform and clip")
    func saveRestore() throws {
        let context = try GraphicsContext(width: 20, height: 20)
        context.fillColor = .red
        context.withSavedState {
            context.fillColor = .blue
            context.alpha = 0.5
            context.translateBy(x: 5, y: 5)
            context.clip(to: Rect(x: 0, y: 0, width: 2, height: 2))
            #expect(context.currentTransform == AffineTransform(translationX: 5, y: 5))
        }
        #expect(context.fillColor == .red && context.alpha == 1 && context.currentTransform.isIdentity)
        context.fill(context.bounds)
        #expect(context.makeImage().pixel(x: 15, y: 15) == .red)
        context.restoreGState()  // unbalanced: a no-op, as in Core Graphics
        #expect(context.fillColor == .red)
    }

    @Test("alpha multiplies every fill and is clamped to 0…1; NaN is ignored")
    func globalAlpha() throws {
        let context = try GraphicsContext(width: 2, height: 2)
        context.alpha = 0.5
        context.alpha = .nan
        #expect(context.alpha == 0.5)
        context.fillColor = .red
        context.fill(context.bounds)
        #expect(context.makeImage().pixel(x: 0, y: 0) ≈ Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        context.alpha = 7
        #expect(context.alpha == 1)
    }

    @Test("transforms move, scale and rotate what is drawn, applied before the current transform")
    func transforms() throws {
        let image = try GraphicsContext.makeImage(width: 40, height: 40) { context in
            context.translateBy(x: 20, y: 20)
            context.scaleBy(x: 2, y: 2)
            context.rotate(by: .pi / 2)
            context.fillColor = .green
            // (1…4, 0…1) turned a quarter clockwise, doubled, moved to (20, 20): x 18…20, y 22…28.
            context.fill(Rect(x: 1, y: 0, width: 3, height: 1))
            let t = context.currentTransform.apply(to: Point(x: 1, y: 0))
            #expect(abs(t.x - 20) < 1e-9 && abs(t.y - 22) < 1e-9)
        }
        #expect(image.pixel(x: 19, y: 25) == .green)
        #expect(image.pixel(x: 21, y: 25) == .clear)
        #expect(image.pixel(x: 19, y: 21) == .clear)
    }

    @Test("singular and non-finite transforms are ignored")
    func badTransforms() throws {
        let context = try GraphicsContext(width: 4, height: 4)
        context.scaleBy(x: 0, y: 1)
        context.translateBy(x: .nan, y: 0)
        context.rotate(by: .infinity)
        context.concatenate(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0))
        context.concatenate(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(context.currentTransform.isIdentity)
    }

    @Test("NaN and null geometry draw nothing")
    func nanGeometry() throws {
        let context = try GraphicsContext(width: 4, height: 4)
        context.fill(Rect(x: .nan, y: 0, width: 4, height: 4))
        context.stroke(Rect(x: 0, y: 0, width: .infinity, height: 4))
        context.fill(.null)
        context.draw(try Image(width: 1, height: 1, format: .rgb24) { _, _ in }, in: Rect(x: 0, y: 0, width: .nan, height: 1))
        context.drawLinearGradient(Gradient(colors: [.red, .blue]), start: Point(x: .nan, y: 0), end: .zero)
        context.drawRadialGradient(Gradient(colors: [.red]), startCenter: .zero, startRadius: -1,
                                   endCenter: .zero, endRadius: 3)
        context.clip(to: Rect(x: .nan, y: 0, width: 1, height: 1))
        context.fill(Rect(x: 0, y: 0, width: 1, height: 1))
        let image = context.makeImage()
        #expect(image.pixel(x: 0, y: 0) == .black && image.pixel(x: 3, y: 3) == .clear)
    }

    @Test("a negative-size rectangle fills like its standardized self")
    func negativeSizeRect() throws {
        let image = try GraphicsContext.makeImage(width: 4, height: 4) { context in
            context.fill(Rect(x: 3, y: 3, width: -2, height: -2))
        }
        #expect(image.pixel(x: 1, y: 1) == .black && image.pixel(x: 2, y: 2) == .black)
        #expect(image.pixel(x: 3, y: 3) == .clear)
    }

    @Test("clipping to a rectangle or an even-odd path limits drawing")
    func clipping() throws {
        let image = try GraphicsContext.makeImage(width: 30, height: 30) { context in
            var ring = Path(rect: Rect(x: 0, y: 0, width: 30, height: 30))
            ring.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
            context.clip(to: ring, rule: .evenOdd)
            context.clip(to: Rect(x: 0, y: 0, width: 30, height: 25))
            #expect(context.clipBoundingBox == Rect(x: 0, y: 0, width: 30, height: 25))
            context.fillColor = .blue
            context.fill(context.bounds)
        }
        #expect(image.pixel(x: 5, y: 5) == .blue)
        #expect(image.pixel(x: 15, y: 15) == .clear)
        #expect(image.pixel(x: 5, y: 27) == .clear)
    }

    @Test("clear makes a rectangle transparent regardless of alpha and shadow")
    func clearing() throws {
        let image = try GraphicsContext.makeImage(width: 10, height: 10) { context in
            context.fill(context.bounds)
            context.alpha = 0.1
            context.shadow = Shadow(offset: Size(width: 3, height: 3), blur: 0, color: .red)
            context.clear(Rect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(image.pixel(x: 2, y: 2) == .clear)
        #expect(image.pixel(x: 7, y: 7) == .black)
    }

    @Test("stroke width and dashes decide which pixels a line covers")
    func strokes() throws {
        let image = try GraphicsContext.makeImage(width: 40, height: 10) { context in
            context.lineWidth = 2
            context.setLineDash(lengths: [4, 4])
            var line = Path()
            line.move(to: Point(x: 0, y: 5))
            line.addLine(to: Point(x: 40, y: 5))
            context.stroke(line)
            context.setLineDash(lengths: [-1, 2])  // ignored: negative length
            context.setLineDash(lengths: [0, 0])  // ignored: nothing would be drawn
        }
        #expect(image.pixel(x: 1, y: 4) == .black && image.pixel(x: 1, y: 5) == .black)
        #expect(image.pixel(x: 1, y: 3) == .clear && image.pixel(x: 1, y: 6) == .clear)
        #expect(image.pixel(x: 5, y: 4) == .clear)
        #expect(image.pixel(x: 9, y: 4) == .black)
    }

    @Test("line properties read back what was set and ignore bad values")
    func lineProperties() throws {
        let context = try GraphicsContext(width: 2, height: 2)
        #expect(context.lineWidth == 1 && context.lineCap == .butt && context.lineJoin == .miter)
        #expect(context.miterLimit == 10)
        for cap in LineCap.allCases { context.lineCap = cap; #expect(context.lineCap == cap) }
        for join in LineJoin.allCases { context.lineJoin = join; #expect(context.lineJoin == join) }
        context.lineWidth = -3
        context.lineWidth = .nan
        context.miterLimit = 0.5
        #expect(context.lineWidth == 1 && context.miterLimit == 10)
    }
}
