@testable import LaminaGraphics

/// A 12×10-pixel context whose pixel (x, y) has red x/16 and green y/16, so after pixels are
/// moved every pixel says where it came from (``numberedOrigin(of:x:y:)``).
func numberedContext(opaque: Bool = true) throws -> GraphicsContext {
    let context = try GraphicsContext(width: 12, height: 10, opaque: opaque)
    for y in 0..<10 {
        for x in 0..<12 {
            context.fillColor = Color(red: Double(x) / 16, green: Double(y) / 16, blue: 1, alpha: 1)
            context.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
        }
    }
    return context
}

/// The (x, y) pixel (`x`, `y`) of a ``numberedContext(opaque:)``'s image was numbered with.
func numberedOrigin(of image: Image, x: Int, y: Int) -> (Int, Int) {
    let color = image.pixel(x: x, y: y)
    return (Int((color.red * 16).rounded()), Int((color.green * 16).rounded()))
}
