import LaminaGraphics

extension Image {
    /// The smallest rectangle, in pixels, holding every pixel for which `predicate` is true (nil
    /// when none is), such as the ink of text drawn on a light background:
    /// `image.boundingBox { $0.red < 0.5 }`.
    public func boundingBox(ofPixelsWhere predicate: (Color) -> Bool) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where predicate(pixel(x: x, y: y)) {
                minX = Swift.min(minX, x)
                maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y)
                maxY = Swift.max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
