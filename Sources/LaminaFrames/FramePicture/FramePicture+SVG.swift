import LaminaGraphics

extension FramePicture {
    /// The picture as an SVG document (UTF-8 text, no external resources), for a browser or a
    /// Markdown page.
    ///
    /// Each box carries a `<title>` with its name, duration and arguments, which browsers show on
    /// hover; labels are clipped to their boxes. Same picture in, same text out.
    public func svg() -> String {
        var writer = FramePictureSVGWriter(picture: self)
        writer.writeAll()
        return writer.text
    }
}

/// Writes a ``FramePicture``'s elements as SVG markup, back to front: background, lane bands,
/// grid, boxes, ticks, arrows, labels, legend.
struct FramePictureSVGWriter {
    let picture: FramePicture
    private(set) var text = ""

    init(picture: FramePicture) {
        self.picture = picture
    }

    mutating func writeAll() {
        let size = picture.size
        line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(size.width))\" height=\"\(n(size.height))\" "
            + "viewBox=\"0 0 \(n(size.width)) \(n(size.height))\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
            + "font-size=\"\(n(FramePictureLayout.fontSize))\">")
        line("<defs><marker id=\"arrowhead\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" markerWidth=\"6\" markerHeight=\"6\" "
            + "orient=\"auto-start-reverse\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"\(hex(FramePicturePalette.arrow))\"/></marker></defs>")
        line("<rect width=\"100%\" height=\"100%\" fill=\"\(hex(FramePicturePalette.background))\"/>")
        if !picture.options.title.isEmpty {
            line("<text x=\"\(n(FramePictureLayout.margin))\" y=\"\(n(FramePictureLayout.margin + 13))\" "
                + "font-size=\"13\" font-weight=\"bold\" fill=\"\(hex(FramePicturePalette.ink))\">\(escaped(picture.options.title))</text>")
        }
        writeLanes()
        writeGrid()
        writeBoxes()
        writeTicks()
        writeArrows()
        writeLegend()
        line("</svg>")
    }

    private mutating func writeLanes() {
        line("<g id=\"lanes\">")
        for (index, lane) in picture.lanes.enumerated() {
            let frame = lane.frame
            if index % 2 == 1 {
                line("<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" "
                    + "height=\"\(n(frame.height))\" fill=\"\(hex(FramePicturePalette.laneStripe))\"/>")
            }
            line("<text x=\"\(n(frame.minX + 2))\" y=\"\(n(frame.minY + FramePictureLayout.lanePadding + 11))\" "
                + "fill=\"\(hex(FramePicturePalette.ink))\">\(escaped(lane.label))</text>")
        }
        line("</g>")
    }

    private mutating func writeGrid() {
        let timeline = picture.timelineFrame
        line("<g id=\"grid\" stroke=\"\(hex(FramePicturePalette.grid))\" stroke-width=\"1\" stroke-dasharray=\"3 2\">")
        for gridLine in picture.gridLines {
            line("<line x1=\"\(n(gridLine.x))\" y1=\"\(n(timeline.minY - 4))\" x2=\"\(n(gridLine.x))\" y2=\"\(n(timeline.maxY))\"/>")
        }
        line("</g>")
        line("<g id=\"axis\" fill=\"\(hex(FramePicturePalette.grid))\">")
        for gridLine in picture.gridLines where !gridLine.label.isEmpty {
            line("<text x=\"\(n(gridLine.x + 2))\" y=\"\(n(timeline.minY - 5))\">\(escaped(gridLine.label))</text>")
        }
        line("</g>")
    }

    private mutating func writeBoxes() {
        line("<g id=\"boxes\" stroke=\"\(hex(FramePicturePalette.ink))\" stroke-width=\"0.5\">")
        for (index, box) in picture.boxes.enumerated() {
            let frame = box.frame
            let dash = box.beginMissing || box.endMissing ? " stroke-dasharray=\"2 2\"" : ""
            line("<g><title>\(escaped(box.detail))</title>")
            line("<clipPath id=\"box\(index)\"><rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" "
                + "width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/></clipPath>")
            line("<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" "
                + "height=\"\(n(frame.height))\" fill=\"\(hex(FramePicturePalette.color(of: box.category)))\"\(dash)/>")
            line("<text x=\"\(n(frame.minX + 2))\" y=\"\(n(frame.maxY - 4))\" stroke=\"none\" "
                + "fill=\"\(hex(FramePicturePalette.ink))\" clip-path=\"url(#box\(index))\">\(escaped(box.name))</text></g>")
        }
        line("</g>")
    }

    private mutating func writeTicks() {
        line("<g id=\"ticks\" stroke-width=\"2\">")
        for tick in picture.ticks {
            line("<line x1=\"\(n(tick.top.x))\" y1=\"\(n(tick.top.y))\" x2=\"\(n(tick.bottom.x))\" y2=\"\(n(tick.bottom.y))\" "
                + "stroke=\"\(hex(FramePicturePalette.color(of: tick.category).darkened))\"><title>\(escaped(tick.name))</title></line>")
        }
        line("</g>")
    }

    private mutating func writeArrows() {
        line("<g id=\"arrows\" stroke=\"\(hex(FramePicturePalette.arrow))\" stroke-width=\"1.25\" fill=\"none\">")
        for arrow in picture.arrows {
            line("<line x1=\"\(n(arrow.from.x))\" y1=\"\(n(arrow.from.y))\" x2=\"\(n(arrow.to.x))\" y2=\"\(n(arrow.to.y))\" "
                + "marker-end=\"url(#arrowhead)\"><title>\(arrow.flow)</title></line>")
        }
        line("</g>")
    }

    private mutating func writeLegend() {
        line("<g id=\"legend\">")
        for entry in picture.legend {
            let swatch = entry.swatch
            line("<rect x=\"\(n(swatch.minX))\" y=\"\(n(swatch.minY))\" width=\"\(n(swatch.width))\" height=\"\(n(swatch.height))\" "
                + "fill=\"\(hex(FramePicturePalette.color(of: entry.category)))\" stroke=\"\(hex(FramePicturePalette.ink))\" stroke-width=\"0.5\"/>")
            line("<text x=\"\(n(swatch.maxX + 4))\" y=\"\(n(swatch.maxY - 1))\" fill=\"\(hex(FramePicturePalette.ink))\">"
                + "\(entry.category.rawValue)</text>")
        }
        line("</g>")
    }

    private mutating func line(_ markup: String) {
        text += markup + "\n"
    }

    /// A coordinate with at most two decimals and no trailing zeros: 12, 12.5, 12.34.
    private func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        let whole = Int64(hundredths / 100), fraction = Int64(abs(hundredths.truncatingRemainder(dividingBy: 100)))
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return sign + "\(whole)" }
        let digits = fraction < 10 ? "0\(fraction)" : fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)"
        return sign + "\(whole).\(digits)"
    }

    private func hex(_ color: Color) -> String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String([digits[value / 16], digits[value % 16]])
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    private func escaped(_ string: String) -> String {
        var result = ""
        for character in string {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension Color {
    /// The colour at 60 % brightness: a tick's stroke, darker than its category's box fill.
    var darkened: Color {
        Color(red: red * 0.6, green: green * 0.6, blue: blue * 0.6, alpha: alpha)
    }
}
