import Foundation
import LaminaFrames
import LaminaGraphics
import LaminaTesting
import LaminaTrace
import XCTest

/// The frame picture drawn: the SVG text of a small trace, and the cairo picture as a snapshot.
final class FramePictureRenderingTests: XCTestCase {
    private let options = FramePictureOptions(frameInterval: .milliseconds(5), title: "one frame <test>",
                                              timelineWidth: 700, laneLabelWidth: 90)

    func test_theSVGHoldsEveryElementInPlace() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        let svg = picture.svg()
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"806\" height=\"170\" "))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertTrue(svg.contains(">one frame &lt;test&gt;</text>"), "the title, escaped")
        for label in ["main", "display 1", "render server", "0.0 ms", "5.0 ms", "10.0 ms", "transaction", "render"] {
            XCTAssertTrue(svg.contains(">\(label)</text>"), label)
        }
        // The commit's box: lanes start under the title and the axis, at 8 + 20 + 16 = 44.
        XCTAssertTrue(svg.contains("<rect x=\"98\" y=\"48\" width=\"250\" height=\"14\" fill=\"#7FB3F0\"/>"), svg)
        XCTAssertTrue(svg.contains("<title>commit — 5.000 ms</title>"))
        XCTAssertTrue(svg.contains("clip-path=\"url(#box0)\">commit</text>"))
        XCTAssertEqual(occurrences(of: "<clipPath", in: svg), 4, "one per box")
        XCTAssertEqual(occurrences(of: "marker-end=\"url(#arrowhead)\"", in: svg), 2, "one per arrow")
        XCTAssertEqual(occurrences(of: "<title>flow #7</title>", in: svg), 2)
        XCTAssertTrue(svg.contains("<title>async display scheduled</title></line>"), "a tick")
        XCTAssertEqual(occurrences(of: "<g", in: svg), occurrences(of: "</g>", in: svg), "groups close")
        XCTAssertEqual(svg, try FramePicture(events: PictureTrace.frame, options: options).svg(), "same events, same text")
    }

    func test_theCairoPictureMatchesItsReference() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        let image = try picture.makeImage(scale: 1)
        XCTAssertEqual(image.width, 806)
        XCTAssertEqual(image.height, 170)
        assertSnapshot(of: image, as: .image(tolerance: .antialiasing), named: "one-frame")
    }

    func test_writePNGWritesTheScaledPicture() throws {
        let picture = try FramePicture(events: PictureTrace.frame, options: options)
        let path = NSTemporaryDirectory() + "frame-picture-\(getpid()).png"
        defer { unlink(path) }
        try picture.writePNG(toPath: path, scale: 2)
        let image = try ImageDecoder.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(image.width, 1612)
        XCTAssertEqual(image.height, 340)
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
