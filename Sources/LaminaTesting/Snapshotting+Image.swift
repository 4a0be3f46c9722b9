import Foundation
import LaminaGraphics
import SnapshotTesting

extension Snapshotting where Value == Image, Format == Image {
    /// Compares an ``/LaminaGraphics/Image`` with a committed PNG reference, pixel for pixel.
    ///
    /// ```swift
    /// assertSnapshot(of: image, as: .image)
    /// assertSnapshot(of: image, as: .image(tolerance: .init(perChannel: 2)))
    /// ```
    public static var image: Snapshotting { image(tolerance: .exact) }

    /// Compares an ``/LaminaGraphics/Image`` with a committed PNG reference within `tolerance`.
    ///
    /// The reference is PNG, which stores straight alpha, so the new image goes through the same
    /// PNG round trip before the comparison; a semi-transparent pixel then matches itself exactly.
    /// On failure the message says how many pixels differ and where, and names a difference
    /// picture (red where pixels differ) written beside swift-snapshot-testing's copy of the
    /// failed image. Pixel dimensions must match; the scale is not stored in PNG and is not
    /// compared.
    public static func image(tolerance: ImageTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance))
    }
}

extension Diffing where Value == Image {
    /// PNG in and out through Lamina's own encoder and decoder, and a pixel comparison within
    /// `tolerance`.
    public static func image(tolerance: ImageTolerance) -> Diffing {
        .diff(
            toData: { $0.pngData() },
            fromData: decodeReference,
            diffV2: { reference, image in
                let roundTripped = decodeReference(image.pngData())
                let difference = ImageDifference(between: roundTripped, and: reference,
                                                 perChannel: tolerance.perChannel)
                guard !difference.isWithin(tolerance) else { return nil }
                return (failureMessage(difference, image: roundTripped, reference: reference, tolerance: tolerance), [])
            }
        )
    }

    /// Decodes a reference; an unreadable file becomes a 1×1 transparent image, which then fails
    /// the comparison with a size mismatch instead of crashing the test run.
    private static func decodeReference(_ data: Data) -> Image {
        if let image = try? ImageDecoder.decode(data) { return image }
        return try! Image(width: 1, height: 1, format: .argb32Premultiplied) { _, _ in }
    }

    private static func failureMessage(_ difference: ImageDifference, image: Image, reference: Image,
                                       tolerance: ImageTolerance) -> String {
        guard difference.sizesMatch else {
            return "Image is \(image.width)×\(image.height) pixels; the reference is \(reference.width)×\(reference.height)."
        }
        var message = "Image differs from the reference: \(difference); tolerance \(tolerance)."
        if let path = DifferenceImage.write(of: image, against: reference, perChannel: tolerance.perChannel) {
            message += "\nDifference picture (red = differing pixels): \(path)"
        }
        return message
    }
}
