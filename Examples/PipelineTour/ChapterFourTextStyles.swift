import Foundation
import Lamina

/// Chapter 4's last frame: labels in one window — English beside Hebrew and Arabic, a table set
/// with tab stops, a mention in a background border above a quote in a block border, and a
/// Japanese paragraph set vertically — snapshotted into `chapter-4-text-styles.png`.
@MainActor
func showTextStyles() {
    say("""

        Four more things a label can set, in one window (chapter-4-text-styles.png): paragraphs in
        both directions side by side; a table whose columns come from tab stops (a left stop, a
        right one and a decimal one that lines the prices up on their points); a mention in a
        background border (one rounded box per line) above a quote in a block border (one box the
        container's width); and Japanese set vertically, columns from right to left, ideographs
        upright and "Swift 6" turned on its side.
        """)
    let size = Size(width: 470, height: 300)
    let window: Window
    do {
        window = try session.makeWindow(size: size, scale: 2)
    } catch {
        say("Could not make a window: \(error)")
        return
    }
    window.backgroundColor = .white
    let labels: [TextLabel] = [
        directionsLabel(frame: Rect(x: 10, y: 10, width: 320, height: 66)),
        tableLabel(frame: Rect(x: 10, y: 84, width: 320, height: 70)),
        bordersLabel(frame: Rect(x: 10, y: 164, width: 320, height: 126)),
        verticalLabel(frame: Rect(x: 340, y: 10, width: 120, height: 280)),
    ]
    for label in labels { window.addSubview(label) }
    var passes = 0
    while labels.contains(where: { $0.layer.contents == nil }) && passes < 200 {
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(10))
        passes += 1
    }
    let path = "chapter-4-text-styles.png"
    do {
        let frame = window.snapshot().map { $0.pngData() }
        try frame?.write(to: URL(fileURLWithPath: path))
        say("  the window's frame, four labels drawn on display queues, written to \(path)")
    } catch {
        say("Could not write \(path): \(error)")
    }
    if let vertical = labels.last?.textLayout {
        let upright = vertical.lines.flatMap(\.runs).filter(\.isUpright).count
        let turned = vertical.lines.flatMap(\.runs).filter { !$0.isUpright && $0.glyphCount > 0 }.count
        say("  the vertical label: \(vertical.lines.count) columns, \(upright) upright runs, \(turned) turned ones")
    }
    window.renderServer.shutdown()
}

private let ink = Color(hex: "#202124")!

private func styled(_ string: String, size: Double = 14, font: Font? = nil) -> AttributedString {
    var text = AttributedString(string)
    text.font = font ?? .system(size: size)
    text.foregroundColor = ink
    return text
}

@MainActor
private func directionsLabel(frame: Rect) -> TextLabel {
    let label = AsyncLabel(frame: frame)
    var text = styled("English reads from the left.")
    text.append(styled("\nעברית נקראת מימין לשמאל."))
    text.append(styled("\nالعربية تُقرأ من اليمين."))
    label.attributedText = text
    label.numberOfLines = 0
    return label
}

@MainActor
private func tableLabel(frame: Rect) -> TextLabel {
    let label = Label(frame: frame)
    let style = ParagraphStyle(tabStops: [TextTab(.left, location: 110), TextTab(.right, location: 200),
                                          TextTab(.decimal, location: 270)])
    var text = AttributedString("")
    for (index, row) in ["Item\tSize\tQty\tPrice", "Cairo\tL\t2\t12.5", "HarfBuzz\tXL\t10\t1,204.99",
                         "ICU\tS\t120\t0.75"].enumerated() {
        var line = styled((index == 0 ? "" : "\n") + row, size: 13,
                          font: index == 0 ? .system(size: 13, weight: .bold) : nil)
        line.paragraphStyle = style
        text.append(line)
    }
    label.attributedText = text
    label.numberOfLines = 0
    label.textVerticalAlignment = .top
    return label
}

@MainActor
private func bordersLabel(frame: Rect) -> TextLabel {
    let label = AsyncLabel(frame: frame)
    var text = styled("Thanks to ")
    var mention = styled("@lamina_the_layered_framework")
    mention.foregroundColor = Color(hex: "#1558D6")!
    mention.backgroundBorder = TextBorder(fillColor: Color(hex: "#E8F0FE")!, strokeColor: Color(hex: "#A8C7FA")!,
                                          strokeWidth: 1, cornerRadius: 4,
                                          insets: EdgeInsets(top: 1, left: -2, bottom: 1, right: -2))
    text.append(mention)
    text.append(styled(" for the pictures.\n"))
    var quote = styled("“A label is a layer whose contents are text.” The quote's lines share one box.", size: 13)
    quote.paragraphStyle = ParagraphStyle(firstLineHeadIndent: 10, headIndent: 10, tailIndent: 10)
    quote.blockBorder = TextBorder(fillColor: Color(hex: "#F1F3F4")!, strokeColor: Color(hex: "#DADCE0")!,
                                   strokeWidth: 1, cornerRadius: 6, insets: EdgeInsets(top: -3, left: 0, bottom: -3, right: 0))
    text.append(quote)
    label.attributedText = text
    label.numberOfLines = 0
    label.textContainerInset = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
    label.textVerticalAlignment = .top
    return label
}

@MainActor
private func verticalLabel(frame: Rect) -> TextLabel {
    let label = AsyncLabel(frame: frame)
    label.text = "縦書きの段落は右から左へ進み、漢字とかなは立ったまま、Swift 6 は横になります。"
    label.font = Font(family: "IPAexGothic", size: 18)
    label.textColor = ink
    label.numberOfLines = 0
    label.isVerticalForm = true
    label.textContainerInset = EdgeInsets(all: 4)
    label.backgroundColor = Color(hex: "#FFF8E1")!
    return label
}
