import Foundation
import LaminaGraphics
import LaminaTrace
import LaminaText

extension FramePicture {
    /// The picture drawn with cairo at `scale` pixels per point (2 by default, sharp on a
    /// high-density screen and in documentation).
    ///
    /// Labels are laid out and drawn by LaminaText in DejaVu Sans, cut with an ellipsis where a
    /// box is too narrow for its name. Draws on the calling thread; any thread. Text layout
    /// records `text` trace events while tracing is on, so draw after the recording you picture.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` when the picture is too large for a cairo image
    ///   surface.
    public func makeImage(scale: Double = 2) throws(GraphicsError) -> Image {
        let context = try GraphicsContext(width: size.width, height: size.height, scale: scale, opaque: true)
        FramePicturePainter(picture: self, context: context).paint()
        return context.makeImage()
    }

    /// Draws the picture (``makeImage(scale:)``) and writes it to `path` as a PNG, replacing the
    /// file.
    ///
    /// - Throws: ``/LaminaGraphics/GraphicsError`` when the picture cannot be drawn, the file
    ///   system's error when the file cannot be written.
    public func writePNG(toPath path: String, scale: Double = 2) throws {
        try makeImage(scale: scale).pngData().write(to: URL(fileURLWithPath: path))
    }
}

/// Draws a ``FramePicture``'s elements into a graphics context, back to front, as the SVG writer
/// does: background, lane bands, grid, boxes with labels, ticks, arrows, legend.
struct FramePicturePainter {
    let picture: FramePicture
    let context: GraphicsContext

    func paint() {
        context.fillColor = FramePicturePalette.background
        context.fill(context.bounds)
        if !picture.options.title.isEmpty {
            label(picture.options.title, at: Point(x: FramePictureLayout.margin, y: FramePictureLayout.margin + 1),
                  width: picture.size.width - 2 * FramePictureLayout.margin,
                  font: .system(size: 13, weight: .bold), color: FramePicturePalette.ink)
        }
        paintLanes()
        paintGrid()
        paintBoxes()
        paintTicks()
        paintArrows()
        paintLegend()
    }

    private func paintLanes() {
        for (index, lane) in picture.lanes.enumerated() {
            if index % 2 == 1 {
                context.fillColor = FramePicturePalette.laneStripe
                context.fill(lane.frame)
            }
            label(lane.label, at: Point(x: lane.frame.minX + 2, y: lane.frame.minY + FramePictureLayout.lanePadding + 2),
                  width: picture.timelineFrame.minX - lane.frame.minX - 4)
        }
    }

    private func paintGrid() {
        let timeline = picture.timelineFrame
        context.withSavedState {
            context.strokeColor = FramePicturePalette.grid
            context.lineWidth = 1
            context.setLineDash(lengths: [3, 2])
            for gridLine in picture.gridLines {
                var path = Path()
                path.move(to: Point(x: gridLine.x, y: timeline.minY - 4))
                path.addLine(to: Point(x: gridLine.x, y: timeline.maxY))
                context.stroke(path)
            }
        }
        for gridLine in picture.gridLines {
            label(gridLine.label, at: Point(x: gridLine.x + 2, y: timeline.minY - FramePictureLayout.axisHeight + 1),
                  width: 60, color: FramePicturePalette.grid)
        }
    }

    private func paintBoxes() {
        for box in picture.boxes {
            paintSwatch(box.frame, of: box.category, dashed: box.beginMissing || box.endMissing)
            if box.frame.width > 12 {
                label(box.name, at: Point(x: box.frame.minX + 2, y: box.frame.minY + 1), width: box.frame.width - 3)
            }
        }
    }

    private func paintTicks() {
        context.withSavedState {
            context.lineWidth = 2
            for tick in picture.ticks {
                context.strokeColor = FramePicturePalette.color(of: tick.category).darkened
                var path = Path()
                path.move(to: tick.top)
                path.addLine(to: tick.bottom)
                context.stroke(path)
            }
        }
    }

    private func paintArrows() {
        context.withSavedState {
            context.strokeColor = FramePicturePalette.arrow
            context.fillColor = FramePicturePalette.arrow
            context.lineWidth = 1.25
            for arrow in picture.arrows {
                var shaft = Path()
                shaft.move(to: arrow.from)
                shaft.addLine(to: arrow.to)
                context.stroke(shaft)
                context.fill(Self.arrowhead(from: arrow.from, to: arrow.to))
            }
        }
    }

    /// A 6-point triangle whose tip is `to`, pointing along the shaft.
    static func arrowhead(from: Point, to: Point) -> Path {
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        let (ux, uy) = length > 0 ? (dx / length, dy / length) : (1.0, 0.0)
        var head = Path()
        head.move(to: to)
        head.addLine(to: Point(x: to.x - 6 * ux + 3 * uy, y: to.y - 6 * uy - 3 * ux))
        head.addLine(to: Point(x: to.x - 6 * ux - 3 * uy, y: to.y - 6 * uy + 3 * ux))
        head.closeSubpath()
        return head
    }

    private func paintLegend() {
        for entry in picture.legend {
            paintSwatch(entry.swatch, of: entry.category, dashed: false)
            label(entry.category.rawValue, at: Point(x: entry.swatch.maxX + 4, y: entry.swatch.minY - 1), width: 100)
        }
    }

    /// `rect` filled in `category`'s colour and outlined in ink (dashed for a slice cut at the
    /// trace's edge): a box, or a legend swatch.
    private func paintSwatch(_ rect: Rect, of category: TraceCategory, dashed: Bool) {
        context.fillColor = FramePicturePalette.color(of: category)
        context.fill(rect)
        context.withSavedState {
            context.strokeColor = FramePicturePalette.ink
            context.lineWidth = 0.5
            if dashed { context.setLineDash(lengths: [2, 2]) }
            context.stroke(rect)
        }
    }

    /// One line of text with its top-left at `point`, cut with an ellipsis at `width`.
    private func label(_ text: String, at point: Point, width: Double,
                       font: Font = .system(size: FramePictureLayout.fontSize), color: Color = FramePicturePalette.ink) {
        guard width > 0, !text.isEmpty else { return }
        let container = TextContainer(size: Size(width: width, height: font.size * 2), maximumNumberOfLines: 1,
                                      truncationType: .tail)
        TextLayout(container: container, string: text, font: font, color: color).draw(in: context, at: point)
    }
}
