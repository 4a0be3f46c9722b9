import Foundation
import Lamina

/// Chapter 4: one label's text. The layout first — lines, glyph runs, the fallback fonts, the
/// truncated last line — drawn with the debug overlay into a PNG; then the same text in a
/// `Label` (laid out and drawn on the main thread in the commit) and an `AsyncLabel` (on a
/// display queue), and the trace read back to show which thread did each; then English,
/// Hebrew, Arabic and mixed paragraphs, each in its direction; last, a window of labels with
/// tab stops, text borders and vertical text (``showTextStyles()``).
@MainActor
func runChapterFour(trace recorder: TraceRecorder) {
    print("""
        TextLayout turns an attributed string into lines of positioned glyphs: HarfBuzz shapes each
        run of one font and script, ICU lists where lines may break, and the lines fill the
        container greedily. Characters DejaVu Sans lacks fall back per cluster — CJK to IPAexGothic,
        emoji to Noto Color Emoji. Text that does not fit ends in "…".
        """)
    var text = AttributedString("Lamina lays out this label off the main thread — 漢字 and 😀 👍🏽 🇫🇷 too — ")
    text.font = .system(size: 15)
    text.foregroundColor = Color(hex: "#202124")!
    var link = AttributedString("and it truncates what does not fit in three lines of a label.")
    link.font = .system(size: 15, weight: .bold)
    link.foregroundColor = Color(hex: "#3478F6")!
    text.append(link)
    let size = Size(width: 300, height: 66)
    let container = TextContainer(size: size, insets: EdgeInsets(all: 4), maximumNumberOfLines: 3,
                                  truncationType: .tail)
    let layout = TextLayout(container: container, text: text)
    describe(layout)
    drawWithDebugOverlay(layout, size: size, path: "chapter-4-layout.png")
    showLabels(text: text, size: size, recorder: recorder)
    showBothDirections()
    showTextStyles()
}

/// Hebrew, Arabic and mixed paragraphs: their runs in visual order with their direction, and
/// the paragraphs drawn one under the other with the debug overlay.
@MainActor
private func showBothDirections() {
    say("""

        Right to left: each paragraph's direction comes from its first strong character (UAX #9,
        through ICU), runs are shaped in their direction — Arabic letters join — and each line's
        runs are shown in visual order, right-to-left ones read from their right end.
        """)
    var text = AttributedString("")
    for (index, line) in ["English reads left to right.", "עברית נקראת מימין לשמאל.", "العربية تُقرأ من اليمين إلى اليسار.",
                          "Mixed: the word שלום (peace) and 2026 in one line."].enumerated() {
        var paragraph = AttributedString(index == 0 ? line : "\n" + line)
        paragraph.font = .system(size: 15)
        paragraph.foregroundColor = Color(hex: "#202124")!
        text.append(paragraph)
    }
    let size = Size(width: 300, height: 120)
    let layout = TextLayout(container: TextContainer(size: size, insets: EdgeInsets(all: 4)), text: text)
    describe(layout)
    drawWithDebugOverlay(layout, size: size, path: "chapter-4-directions.png")
}

@MainActor
private func describe(_ layout: TextLayout) {
    let units = Array(String(layout.text.characters).utf16)
    say("\nThe layout: \(layout.lines.count) lines in \(layout.rowCount) rows, visible UTF-16 range \(layout.visibleRange)")
    for line in layout.lines {
        say("  row \(line.row): range \(line.range), baseline (\(fmt(line.origin.x)), \(fmt(line.origin.y))), "
            + "width \(fmt(line.width)), ascent \(fmt(line.ascent)), descent \(fmt(line.descent))"
            + (line.isTruncated ? " — truncated" : ""))
        for run in line.runs {
            let what = run.isTruncationToken ? "the truncation token"
                : "\"\(String(decoding: units[run.range], as: UTF16.self))\""
            let direction = run.isRightToLeft ? ", right to left" : ""
            say("      \(run.glyphCount) glyphs of \(run.faceFamily) \(fmt(run.font.size)) pt at x \(fmt(run.x))\(direction): \(what)")
        }
    }
    say("Positions are fractional points (HarfBuzz's unhinted advances), the same at every scale.")
}

@MainActor
private func drawWithDebugOverlay(_ layout: TextLayout, size: Size, path: String) {
    do {
        let image = try GraphicsContext.makeImage(width: size.width, height: size.height, scale: 2) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            layout.draw(in: context, options: TextDrawingOptions(debug: .all))
        }
        try image.pngData().write(to: URL(fileURLWithPath: path))
        say("\nDrawn with the debug overlay (fragments, line boxes, baselines, glyph bounds) into \(path)")
    } catch {
        say("Could not draw the layout: \(error)")
    }
}

@MainActor
private func showLabels(text: AttributedString, size: Size, recorder: TraceRecorder) {
    say("\nThe same text in a Label (main thread) and an AsyncLabel (a display queue):")
    let window: Window
    do {
        window = try session.makeWindow(size: Size(width: size.width, height: size.height * 2), scale: 2)
    } catch {
        say("Could not make a window: \(error)")
        return
    }
    let earlierEvents = recorder.events.count
    let labels: [TextLabel] = [Label(frame: Rect(size: size)),
                               AsyncLabel(frame: Rect(x: 0, y: size.height, width: size.width, height: size.height))]
    for label in labels {
        label.attributedText = text
        label.numberOfLines = 3
        label.textContainerInset = EdgeInsets(all: 4)
        window.addSubview(label)
    }
    // The async label's contents arrive by a perform block a pass or two after the commit.
    var passes = 0
    while labels[1].layer.contents == nil && passes < 200 {
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(10))
        passes += 1
    }
    if let frame = window.snapshot() {
        let half = frame.height / 2
        var same = true
        for y in 0..<half { for x in 0..<frame.width where frame.pixel(x: x, y: y) != frame.pixel(x: x, y: y + half) { same = false } }
        say("  the two labels' pixels are \(same ? "identical" : "different") (one code path draws both)")
    }
    let mainThread = Int32(getpid())
    for event in recorder.events.dropFirst(earlierEvents) where event.category == .text && event.phase == .begin {
        let place = event.threadID == mainThread ? "the main thread" : "\"\(event.threadName)\""
        say("  text \(event.name) on \(place)")
    }
    window.renderServer.shutdown()
}

private func fmt(_ value: Double) -> String {
    String(format: "%.2f", value)
}
