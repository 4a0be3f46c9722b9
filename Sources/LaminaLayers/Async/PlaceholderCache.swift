import LaminaGraphics

/// The flat bitmaps shown by ``InFlightContentsPolicy/placeholder(_:)``, shared by every layer of
/// the same colour, pixel size and scale — the cells of a list are mostly alike — and bounded, so
/// a placeholder never costs each layer a second bitmap. Main thread.
@MainActor
enum PlaceholderCache {
    private struct Key: Hashable {
        let color: Color
        let width: Int
        let height: Int
        let scale: Double
    }

    /// How many placeholders are kept; the oldest made goes first.
    static let capacity = 8
    private static var images: [Key: Image] = [:]
    private static var age: [Key] = []

    /// A bitmap of `size` points at `scale` filled with `color`, made once per colour and size.
    static func image(_ color: Color, size: Size, scale: Double) -> Image? {
        guard let pixels = GraphicsContext.pixelSize(of: size, scale: scale) else { return nil }
        let key = Key(color: color, width: pixels.width, height: pixels.height, scale: scale)
        if let image = images[key] { return image }
        guard let image = try? GraphicsContext.makeImage(width: size.width, height: size.height, scale: scale,
                                                         opaque: color.alpha >= 1, { context in
            context.fillColor = color
            context.fill(context.bounds)
        }) else { return nil }
        if age.count == capacity { images[age.removeFirst()] = nil }
        images[key] = image
        age.append(key)
        return image
    }
}
