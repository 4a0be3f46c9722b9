import Foundation
import LaminaGraphics

/// Small PNG pictures made on the spot, one distinct colour pattern per index: what a demo feed
/// or a benchmark serves when it has no image files of its own.
public enum SyntheticImages {
    /// A `pixelSize` × `pixelSize` PNG for `index`: a hue from the index, with a diagonal band so
    /// that scaling and placement are visible.
    public static func png(index: Int, pixelSize: Int = 128) -> Data {
        let side = Double(max(1, min(pixelSize, 4096)))
        guard let context = try? GraphicsContext(width: side, height: side, opaque: true) else { return Data() }
        let hue = Double((index &* 47) % 360) / 360
        context.fillColor = color(hue: hue)
        context.fill(Rect(x: 0, y: 0, width: side, height: side))
        context.fillColor = color(hue: (hue + 0.5).truncatingRemainder(dividingBy: 1))
        for step in stride(from: 0.0, to: side, by: max(1, side / 16)) {
            context.fill(Rect(x: step, y: step, width: side / 8, height: max(1, side / 16)))
        }
        return context.makeImage().pngData()
    }

    private static func color(hue: Double) -> Color {
        // A plain hue wheel at full saturation and value.
        let h = hue * 6, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(h) % 6 {
        case 0: (1, x, 0)
        case 1: (x, 1, 0)
        case 2: (0, 1, x)
        case 3: (0, x, 1)
        case 4: (x, 0, 1)
        default: (1, 0, x)
        }
        return Color(red: r, green: g, blue: b)
    }
}
