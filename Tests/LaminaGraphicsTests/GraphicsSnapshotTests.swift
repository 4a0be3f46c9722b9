import Foundation
import LaminaGraphics
import LaminaTesting
import Testing

/// Every drawing feature rendered at scale 1 and 2 and compared with the committed PNGs in
/// `__Snapshots__/GraphicsSnapshotTests/`. Tolerance: two 8-bit steps per channel (pixman's
/// rounding may differ between CPU code paths), no pixel beyond that.
@Suite("GraphicsContext snapshots at scale 1 and 2")
struct GraphicsSnapshotTests {
    /// Renders `draw` on a white 120×80-point canvas at each scale and compares each result with
    /// its reference.
    func assertScene(_ draw: (GraphicsContext) -> Void, testName: String = #function,
                     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                     line: UInt = #line, column: UInt = #column) throws {
        for scale in [1.0, 2.0] {
            let image = try GraphicsContext.makeImage(width: 120, height: 80, scale: scale) { context in
                context.fillColor = .white
                context.fill(context.bounds)
                draw(context)
            }
            assertSnapshot(of: image, as: .image(tolerance: .antialiasing), named: "scale-\(Int(scale))",
                           fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        }
    }

    @Test("rectangles, rounded rectangles, ellipses and curves, filled and stroked")
    func shapes() throws {
        try assertScene { context in
            context.fillColor = Color(hex: "#3478F6")!
            context.fill(Rect(x: 8, y: 8, width: 30, height: 24))
            context.fill(Rect(x: 46, y: 8, width: 30, height: 24), cornerRadius: 8)
            context.fillEllipse(in: Rect(x: 84, y: 8, width: 28, height: 24))
            context.strokeColor = Color(hex: "#D62F2F")!
            context.lineWidth = 2
            context.stroke(Rect(x: 8, y: 44, width: 30, height: 24))
            context.stroke(Rect(x: 46, y: 44, width: 30, height: 24), cornerRadius: 12)
            var curve = Path()
            curve.move(to: Point(x: 84, y: 68))
            curve.addQuadCurve(to: Point(x: 98, y: 44), control: Point(x: 84, y: 44))
            curve.addCurve(to: Point(x: 112, y: 68), control1: Point(x: 112, y: 44), control2: Point(x: 100, y: 60))
            context.stroke(curve)
        }
    }

    /// A five-pointed star drawn in one stroke, which overlaps itself in the middle.
    func star(center: Point, radius: Double) -> Path {
        var path = Path()
        for index in 0..<5 {
            let angle = -Double.pi / 2 + Double(index * 2) * 2 * .pi / 5
            let point = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    @Test("non-zero and even-odd filling of a self-overlapping star")
    func fillRules() throws {
        try assertScene { context in
            context.fillColor = Color(hex: "#F5A623")!
            context.fill(star(center: Point(x: 32, y: 40), radius: 30), rule: .nonZero)
            context.fill(star(center: Point(x: 88, y: 40), radius: 30), rule: .evenOdd)
        }
    }

    @Test("line caps, joins and dashes")
    func strokeStyles() throws {
        try assertScene { context in
            context.lineWidth = 6
            for (index, cap) in LineCap.allCases.enumerated() {
                context.lineCap = cap
                var line = Path()
                line.move(to: Point(x: 10, y: 12 + Double(index) * 12))
                line.addLine(to: Point(x: 50, y: 12 + Double(index) * 12))
                context.stroke(line)
            }
            context.lineCap = .butt
            for (index, join) in LineJoin.allCases.enumerated() {
                context.lineJoin = join
                var zigzag = Path()
                let x = 62 + Double(index) * 18
                zigzag.move(to: Point(x: x, y: 36))
                zigzag.addLine(to: Point(x: x + 6, y: 10))
                zigzag.addLine(to: Point(x: x + 12, y: 36))
                context.stroke(zigzag)
            }
            context.lineWidth = 2
            context.strokeColor = .blue
            context.setLineDash(phase: 2, lengths: [8, 4, 2, 4])
            context.stroke(Rect(x: 10, y: 50, width: 100, height: 22))
        }
    }

    @Test("linear and radial gradients, with and without extension beyond their ends")
    func gradients() throws {
        let sunset = Gradient(colors: [Color(hex: "#FF5E3A")!, Color(hex: "#FFD200")!, Color(hex: "#1E90FF")!],
                              locations: [0, 0.4, 1])
        try assertScene { context in
            context.drawLinearGradient(sunset, start: Point(x: 10, y: 0), end: Point(x: 50, y: 30))
            context.withSavedState {
                context.clip(to: Rect(x: 60, y: 4, width: 56, height: 34))
                context.drawLinearGradient(sunset, start: Point(x: 75, y: 0), end: Point(x: 100, y: 0),
                                           options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            }
            context.drawRadialGradient(Gradient(colors: [.white, Color(hex: "#7B2CBF")!]),
                                       startCenter: Point(x: 25, y: 58), startRadius: 2,
                                       endCenter: Point(x: 30, y: 60), endRadius: 18)
            context.withSavedState {
                context.clip(to: Rect(x: 60, y: 42, width: 56, height: 34))
                context.drawRadialGradient(Gradient(colors: [.yellow, .red]),
                                           startCenter: Point(x: 88, y: 59), startRadius: 6,
                                           endCenter: Point(x: 88, y: 59), endRadius: 14,
                                           options: .drawsAfterEndLocation)
            }
        }
    }

    @Test("clipping to rectangles and paths, restored by the state stack")
    func clips() throws {
        try assertScene { context in
            context.withSavedState {
                context.clip(to: Path(ellipseIn: Rect(x: 10, y: 10, width: 60, height: 60)))
                context.clip(to: Rect(x: 0, y: 20, width: 120, height: 60))
                for stripe in 0..<12 {
                    context.fillColor = stripe.isMultiple(of: 2) ? .blue : .orange
                    context.fill(Rect(x: Double(stripe) * 10, y: 0, width: 10, height: 80))
                }
            }
            context.fillColor = .green
            context.fill(Rect(x: 80, y: 10, width: 30, height: 60))
        }
    }

    @Test("translation, rotation, scale and concatenation")
    func transforms() throws {
        try assertScene { context in
            for step in 0..<6 {
                context.withSavedState {
                    context.translateBy(x: 20 + Double(step) * 17, y: 22)
                    context.rotate(by: Double(step) * .pi / 12)
                    context.fillColor = Color(red: Double(step) / 5, green: 0.3, blue: 1 - Double(step) / 5)
                    context.fill(Rect(x: -7, y: -7, width: 14, height: 14))
                }
            }
            context.withSavedState {
                context.concatenate(AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 10, ty: 45))
                context.scaleBy(x: 3, y: 1.5)
                context.strokeColor = .black
                context.stroke(Rect(x: 0, y: 0, width: 20, height: 16))
            }
        }
    }

    @Test("blurred and hard shadows under shapes, strokes and images, with alpha")
    func shadows() throws {
        let tile = try GraphicsContext.makeImage(width: 20, height: 20, scale: 2) { context in
            context.drawLinearGradient(Gradient(colors: [.cyan, .magenta]), start: .zero, end: Point(x: 20, y: 20))
        }
        try assertScene { context in
            context.shadow = Shadow(offset: Size(width: 3, height: 4), blur: 6, color: Color(white: 0, alpha: 0.6))
            context.fillColor = Color(hex: "#3478F6")!
            context.fill(Rect(x: 10, y: 10, width: 36, height: 26), cornerRadius: 6)
            context.lineWidth = 3
            context.strokeColor = .red
            context.strokeEllipse(in: Rect(x: 60, y: 10, width: 44, height: 26))
            context.draw(tile, in: Rect(x: 12, y: 48, width: 24, height: 24))
            context.shadow = Shadow(offset: Size(width: -4, height: -4), blur: 0, color: .orange)
            context.alpha = 0.6
            context.fillColor = .green
            context.fill(Rect(x: 70, y: 52, width: 30, height: 20))
        }
    }

    @Test("images drawn at each interpolation quality, cropped, opaque, and with alpha")
    func images() throws {
        let checker = try GraphicsContext.makeImage(width: 4, height: 4) { context in
            for y in 0..<4 { for x in 0..<4 where (x + y).isMultiple(of: 2) {
                context.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
            } }
        }
        let photo = try GraphicsContext.makeImage(width: 30, height: 20, scale: 2, opaque: true) { context in
            context.drawLinearGradient(Gradient(colors: [.red, .yellow, .blue]), start: .zero,
                                       end: Point(x: 30, y: 20), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        try assertScene { context in
            for (index, quality) in InterpolationQuality.allCases.enumerated() {
                context.interpolationQuality = quality
                context.draw(checker, in: Rect(x: 4 + Double(index) * 29, y: 4, width: 25, height: 25))
            }
            context.interpolationQuality = .medium
            context.draw(photo, at: Point(x: 4, y: 40))
            if let corner = photo.cropped(to: Rect(x: 15, y: 10, width: 15, height: 10)) {
                context.draw(corner, in: Rect(x: 40, y: 40, width: 30, height: 20))
            }
            context.alpha = 0.4
            context.draw(photo, in: Rect(x: 80, y: 35, width: 36, height: 40))
        }
    }
}
