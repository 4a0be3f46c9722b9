import LaminaGraphics
import XCTest

/// Asserts that the pixel under `point` (in points: the image's ``/LaminaGraphics/Image/scale`` is
/// applied) is `expected` within `tolerance`, premultiplied (see
/// ``LaminaGraphics/Color/isApproximatelyEqual(to:tolerance:)``).
///
/// ```swift
/// let image = try XCTUnwrap(window.snapshot())      // scale 2
/// assertPixel(image, atPoint: Point(x: 12, y: 7), equals: .red)   // pixel (24, 14)
/// ```
///
/// On failure the message names the point, the pixel it fell on, and both colours.
public func assertPixel(
    _ image: Image, atPoint point: Point, equals expected: Color, tolerance: Double = 2.0 / 255,
    file: StaticString = #filePath, line: UInt = #line
) {
    if let message = pixelMismatch(in: image, atPoint: point, expected: expected, tolerance: tolerance) {
        XCTFail(message, file: file, line: line)
    }
}

/// Why the pixel under `point` is not `expected` within `tolerance`, or nil when it is: the
/// comparison behind ``assertPixel(_:atPoint:equals:tolerance:file:line:)``, for other
/// assertion styles (Swift Testing's `#expect`).
///
/// The point's pixel is the one its position falls in at the image's scale: (12.5, 7) at scale 2
/// is pixel (25, 14). A point outside the image, or not finite, is a mismatch.
public func pixelMismatch(in image: Image, atPoint point: Point, expected: Color,
                          tolerance: Double = 2.0 / 255) -> String? {
    let pointText = "(\(format(point.x)), \(format(point.y))) pt"
    guard point.x.isFinite, point.y.isFinite else { return "point \(pointText) is not finite" }
    let x = (point.x * image.scale).rounded(.down), y = (point.y * image.scale).rounded(.down)
    let size = "\(format(Double(image.width) / image.scale))×\(format(Double(image.height) / image.scale)) pt"
    guard x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else {
        return "point \(pointText) is outside the \(size) image (scale \(format(image.scale)))"
    }
    let actual = image.pixel(x: Int(x), y: Int(y))
    guard !actual.isApproximatelyEqual(to: expected, tolerance: tolerance) else { return nil }
    return "pixel at \(pointText) (pixel (\(Int(x)), \(Int(y))) at scale \(format(image.scale))) is \(actual), "
        + "expected \(expected) (tolerance \(format(tolerance * 255)) of 255 per channel)"
}

/// A number without a trailing `.0`: 12, 12.5.
private func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
