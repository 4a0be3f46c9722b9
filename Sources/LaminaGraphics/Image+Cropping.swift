extension Image {
    /// The part of the image inside `rect`, given in points, sharing this image's pixels (no
    /// copy). The rectangle is rounded outwards to whole pixels and clipped to the image; `nil`
    /// when nothing of the image is left, or when `rect` is not finite.
    public func cropped(to rect: Rect) -> Image? {
        guard rect.isFinite, !rect.isNull else { return nil }
        let pixels = AffineTransform(scaleX: scale, y: scale).apply(to: rect).integral
        return cropped(toPixels: pixels)
    }

    /// The part of the image inside `pixels` (a rectangle in pixel coordinates), sharing this
    /// image's pixels; `nil` when it does not overlap the image.
    public func cropped(toPixels pixels: Rect) -> Image? {
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let visible = pixels.integral.intersection(bounds)
        guard !visible.isEmpty else { return nil }
        let x = Int(visible.minX), y = Int(visible.minY)
        return Image(width: Int(visible.width), height: Int(visible.height), scale: scale,
                     format: format, bytesPerRow: bytesPerRow, storage: storage,
                     byteOffset: byteOffset + y * bytesPerRow + x * 4)
    }
}
