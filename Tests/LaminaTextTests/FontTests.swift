import Foundation
import LaminaGraphics
@testable import LaminaText
import Testing

@Suite("Fonts")
struct FontTests {
    @Test("the system font is DejaVu Sans with positive metrics")
    func systemFontIsDejaVuSans() {
        let font = Font.system(size: 15)
        #expect(font.faceFamily == "DejaVu Sans")
        #expect(font.ascent > 10 && font.ascent < 15)
        #expect(font.descent > 2 && font.descent < 6)
        #expect(font.lineHeight >= font.ascent + font.descent)
        #expect(font.capHeight > font.xHeight && font.xHeight > 0)
    }

    @Test("a bold weight resolves to DejaVu Sans Bold, a different face")
    func boldResolvesToBoldFace() {
        let regular = Font.system(size: 15), bold = Font.system(size: 15, weight: .bold)
        #expect(bold.face !== regular.face)
        #expect(bold.face?.path.hasSuffix("DejaVuSans-Bold.ttf") == true)
    }

    @Test("a family that does not exist falls back to DejaVu Sans and warns once")
    func unknownFamilyWarnsOnce() {
        let name = "No Such Family \(UInt32.random(in: 0...UInt32.max))"
        let first = Font(family: name, size: 12)
        _ = Font(family: name, size: 20)
        #expect(first.faceFamily == "DejaVu Sans")
        #expect(FontLibrary.shared.warningCount(forFamily: name) == 1)
    }

    @Test("fonts load from a file, and a file that is not a font throws")
    func fileFonts() throws {
        let url = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let font = try Font(fileURL: url, size: 14)
        #expect(font.faceFamily == "DejaVu Serif")
        #expect(throws: FontError.self) { try Font(fileURL: URL(fileURLWithPath: "/etc/hostname"), size: 14) }
        #expect(throws: FontError.self) { try Font(fileURL: URL(fileURLWithPath: "/no/such/font.ttf"), size: 14) }
    }

    @Test("negative and NaN sizes become 0")
    func badSizes() {
        #expect(Font.system(size: -3).size == 0)
        #expect(Font.system(size: .nan).size == 0)
        #expect(Font.system(size: .infinity).size == 0)
    }
}
