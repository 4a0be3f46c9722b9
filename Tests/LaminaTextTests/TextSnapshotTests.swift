import Foundation
import LaminaGraphics
import LaminaTesting
@testable import LaminaText
import Testing

/// Drawn text compared with the committed PNGs in `__Snapshots__/TextSnapshotTests/`, at scale 1
/// and 2. Tolerance: two 8-bit steps per channel (pixman's rounding may differ between CPU code
/// paths), no pixel beyond that.
@Suite("Text snapshots at scale 1 and 2")
struct TextSnapshotTests {
    func assertDrawing(_ layout: TextLayout, size: Size, options: TextDrawingOptions = .init(),
                       testName: String = #function, fileID: StaticString = #fileID,
                       filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        for scale in [1.0, 2.0] {
            let image = try TextFixtures.render(layout, size: size, scale: scale, options: options)
            assertSnapshot(of: image, as: .image(tolerance: .antialiasing), named: "scale-\(Int(scale))",
                           fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        }
    }

    @Test("the reference label: 194 characters of DejaVu Sans 15 in 320×120 points")
    func referenceLabel() throws {
        let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 120)),
                                text: TextFixtures.text(TextFixtures.paragraph))
        try assertDrawing(layout, size: Size(width: 320, height: 120))
    }

    @Test("attributes, fallback and colour emoji, truncated at the tail, with the debug overlay")
    func richText() throws {
        var text = TextFixtures.text("Bold ", size: 17)
        text.font = .system(size: 17, weight: .bold)
        var link = TextFixtures.text("underlined", size: 17)
        link.underline = TextDecoration()
        link.foregroundColor = Color(hex: "#3478F6")!
        var struck = TextFixtures.text(" struck", size: 17)
        struck.strikethrough = TextDecoration(color: Color(hex: "#D62F2F")!)
        var marked = TextFixtures.text(" marked ", size: 17)
        marked.backgroundColor = Color(hex: "#FFE08A")!
        var shadowed = TextFixtures.text("shadow", size: 17)
        shadowed.textShadow = TextShadow(offset: Size(width: 1, height: 2), blur: 2, color: Color(white: 0, alpha: 0.5))
        text.append(link)
        text.append(struck)
        text.append(marked)
        text.append(shadowed)
        text.append(TextFixtures.text(" 漢字とかな 😀❤️👍🏽🇫🇷👨‍👩‍👧 and a tail that does not fit in the container at all", size: 17))
        let container = TextContainer(size: Size(width: 240, height: 70), insets: EdgeInsets(all: 4),
                                      truncationType: .tail)
        let layout = TextLayout(container: container, text: text)
        try assertDrawing(layout, size: Size(width: 240, height: 70))
        try assertDrawing(layout, size: Size(width: 240, height: 70), options: TextDrawingOptions(debug: .all),
                          testName: "richTextDebug")
    }

    @Test("lines flowing around an ellipse, justified within each fragment (fragments shaded)")
    func exclusion() throws {
        let container = TextContainer(size: Size(width: 240, height: 150),
                                      exclusionPaths: [Path(ellipseIn: Rect(x: 80, y: 20, width: 80, height: 80))])
        let text = TextFixtures.text(TextFixtures.paragraph + " " + TextFixtures.paragraph, size: 12,
                                     style: ParagraphStyle(alignment: .justified))
        try assertDrawing(TextLayout(container: container, text: text), size: Size(width: 240, height: 150),
                          options: TextDrawingOptions(debug: .fragments))
    }
}
