import Foundation

/// The committed decoder fixtures (see Fixtures/README.md), read by path from the source tree.
enum DecoderFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Every fixture that decodes (the huge-header ones excluded).
    static let decodable = [
        "rgb.png", "rgba.png", "palette.png", "palette-trns.png", "gray.png", "gray-alpha.png", "gray16.png",
        "rgba16.png", "interlaced.png", "baseline.jpg", "progressive.jpg", "subsampled-420.jpg", "gray.jpg", "cmyk.jpg",
    ]
}
