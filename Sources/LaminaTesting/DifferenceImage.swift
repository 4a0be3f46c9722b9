import Foundation
import LaminaGraphics

/// A picture of where two images differ, written next to a failed snapshot so the failure can be
/// seen rather than read: the reference dimmed to grey, differing pixels in solid red. Tests that
/// compare frames of their own (a differential test, say) write it beside their failures too.
public enum DifferenceImage {
    /// The difference picture of `image` against `reference` (same size), or `nil` when the
    /// sizes differ.
    public static func make(of image: Image, against reference: Image, perChannel: Int) -> Image? {
        guard image.width == reference.width, image.height == reference.height else { return nil }
        return try? Image(width: image.width, height: image.height, format: .rgb24) { pixels, bytesPerRow in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let new = image.rawPixel(x: x, y: y), old = reference.rawPixel(x: x, y: y)
                    let differs = ImageDifference.channelDifference(new, old) > perChannel
                    pixels.storeBytes(of: differs ? 0x00FF_0000 : dimmedGrey(old),
                                      toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
    }

    /// Writes the difference picture as PNG under the snapshot artifacts folder
    /// (`SNAPSHOT_ARTIFACTS`, or the temporary directory, as swift-snapshot-testing uses) and
    /// returns its path, or `nil` when it could not be made or written.
    static func write(of image: Image, against reference: Image, perChannel: Int) -> String? {
        guard let picture = make(of: image, against: reference, perChannel: perChannel) else { return nil }
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]
                         ?? NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("lamina-differences", isDirectory: true)
        let file = folder.appendingPathComponent("difference-\(UUID().uuidString).png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try picture.pngData().write(to: file)
            return file.path
        } catch {
            return nil
        }
    }

    /// The pixel's luminance, faded towards white so red marks stand out.
    private static func dimmedGrey(_ pixel: UInt32) -> UInt32 {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        let luminance = (r * 54 + g * 183 + b * 19) >> 8
        let faded = 160 + luminance * 95 / 255
        return faded << 16 | faded << 8 | faded
    }
}
