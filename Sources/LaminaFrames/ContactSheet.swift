import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaText

/// One picture of several presented frames side by side, each labelled with its frame id, tick
/// and commits, with the pixels that changed (its damage: re-rendered or, for a scroll, moved)
/// outlined in red — the frames a ``/LaminaLayers/FrameRecorder`` kept, at a glance. The damage
/// overlay (``/LaminaLayers/DebugOverlays/damage``) tells the two apart: it tints only what was
/// re-rendered.
///
/// ```swift
/// let sheet = ContactSheet(frames: recorder.frames)
/// try sheet.writePNG(toPath: "frames/contact-sheet.png")
/// ```
public struct ContactSheet: Sendable {
    /// The frames, in the order they are laid out (left to right, then down).
    public var frames: [PresentedFrame]
    /// Frames per row (at least 1).
    public var columns: Int
    /// The width of each frame's picture in pixels; frames are scaled down (never up) to it.
    public var thumbnailWidth: Double

    static let margin = 12.0
    static let labelHeight = 34.0
    /// Labels need this much room even under narrow frames.
    static let minimumColumnWidth = 180.0
    static let damageColor = Color(red: 0.9, green: 0, blue: 0, alpha: 1)

    /// A sheet of `frames`, `columns` to a row, each at most `thumbnailWidth` pixels wide.
    public init(frames: [PresentedFrame], columns: Int = 4, thumbnailWidth: Double = 240) {
        self.frames = frames
        self.columns = max(columns, 1)
        self.thumbnailWidth = thumbnailWidth.isFinite && thumbnailWidth >= 16 ? thumbnailWidth : 240
    }

    /// The sheet as an image at scale 1 (a short note when there are no frames).
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` when the sheet would be too large to draw.
    public func render() throws(GraphicsError) -> Image {
        let cell = cellSize
        let column = max(cell.width, Self.minimumColumnWidth)
        let rows = max((frames.count + columns - 1) / columns, 1)
        let across = frames.isEmpty ? 1 : min(frames.count, columns)
        let width = Self.margin + Double(across) * (column + Self.margin)
        let height = Self.margin + Double(rows) * (cell.height + Self.labelHeight + Self.margin)
        let context = try GraphicsContext(width: width, height: height, scale: 1, opaque: true)
        context.fillColor = Color(white: 0.93, alpha: 1)
        context.fill(context.bounds)
        if frames.isEmpty {
            drawLabel(["no frames presented"], in: context, at: Point(x: Self.margin, y: Self.margin), width: column)
        }
        for (index, frame) in frames.enumerated() {
            let origin = Point(x: Self.margin + Double(index % columns) * (column + Self.margin),
                               y: Self.margin + Double(index / columns) * (cell.height + Self.labelHeight + Self.margin))
            draw(frame, in: context, at: origin, size: cell, labelWidth: column)
        }
        return context.makeImage()
    }

    /// Renders the sheet and writes it to `path` as a PNG.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` from ``render()``, or the file system's error.
    public func writePNG(toPath path: String) throws {
        try render().pngData().write(to: URL(fileURLWithPath: path))
    }

    /// Each frame's picture size: the largest frame, scaled to ``thumbnailWidth``.
    private var cellSize: Size {
        let widest = frames.map { Double($0.image.width) }.max() ?? thumbnailWidth
        let tallest = frames.map { Double($0.image.height) }.max() ?? 0
        let factor = min(thumbnailWidth / max(widest, 1), 1)
        return Size(width: (widest * factor).rounded(.up), height: max((tallest * factor).rounded(.up), 1))
    }

    private func draw(_ frame: PresentedFrame, in context: GraphicsContext, at origin: Point, size: Size,
                      labelWidth: Double) {
        let factor = min(thumbnailWidth / max(Double(frame.image.width), 1), 1)
        let picture = Rect(x: origin.x, y: origin.y,
                           width: Double(frame.image.width) * factor, height: Double(frame.image.height) * factor)
        context.withSavedState {
            context.interpolationQuality = .high
            context.draw(frame.image, in: picture)
            context.strokeColor = Color(white: 0.6, alpha: 1)
            context.lineWidth = 1
            context.stroke(picture.insetBy(dx: -0.5, dy: -0.5))
            context.clip(to: picture)
            context.strokeColor = Self.damageColor
            context.lineWidth = 1.5
            for rect in frame.damage {
                let outline = Rect(x: picture.minX + rect.minX * factor, y: picture.minY + rect.minY * factor,
                                   width: rect.width * factor, height: rect.height * factor)
                context.stroke(outline.insetBy(dx: 0.75, dy: 0.75))
            }
        }
        drawLabel(Self.label(of: frame), in: context, at: Point(x: origin.x, y: origin.y + size.height + 3), width: labelWidth)
    }

    /// The two lines under a frame's picture: "frame 3 · tick 4" over
    /// "commits 5, 6 · 2 damage rects".
    public static func label(of frame: PresentedFrame) -> [String] {
        let tick = frame.tick.map { " · tick \($0.index)" } ?? ""
        let commits = frame.commits.isEmpty ? "no commits" : "commits " + frame.commits.map(String.init).joined(separator: ", ")
        let damage = frame.damage.isEmpty ? "no damage" : "\(frame.damage.count) damage rect" + (frame.damage.count == 1 ? "" : "s")
        return ["frame \(frame.id)\(tick)", "\(commits) · \(damage)"]
    }

    private func drawLabel(_ lines: [String], in context: GraphicsContext, at origin: Point, width: Double) {
        let layout = TextLayout(container: TextContainer(size: Size(width: width, height: Self.labelHeight)),
                                string: lines.joined(separator: "\n"), font: .system(size: 11),
                                color: Color(white: 0.15, alpha: 1))
        layout.draw(in: context, at: origin)
    }
}
