import Foundation
import LaminaGraphics
import LaminaLoop
import LaminaTesting
import LaminaText
import LaminaUI
import XCTest

/// The labels' writing direction and vertical form: both labels draw the same pixels, vertical
/// columns sit where the alignment puts them, and a tap finds the character under it.
final class LabelDirectionTests: LaminaTestCase {
    /// The box around the dark pixels of `image`.
    static func inkBox(_ image: Image) -> Rect? {
        image.boundingBox { $0.red < 0.5 }
    }

    @MainActor
    static func render(_ label: TextLabel, size: Size) throws -> Image {
        let window = try makeWindow(size: size)
        window.backgroundColor = .white
        window.addSubview(label)
        XCTAssertTrue(EventLoop.main.runUntilIdle())
        return try XCTUnwrap(window.snapshot())
    }

    func test_aRightToLeftBaseDirectionPutsPlainTextAgainstTheRightEdge() throws {
        try onMainActor {
            for makeLabel in [{ Label(frame: Rect(x: 0, y: 0, width: 300, height: 30)) as TextLabel },
                              { AsyncLabel(frame: Rect(x: 0, y: 0, width: 300, height: 30)) }] {
                let natural = makeLabel(), rightToLeft = makeLabel()
                for label in [natural, rightToLeft] {
                    label.text = "Plain text (1, 2)."
                    label.textColor = .black
                }
                rightToLeft.baseWritingDirection = .rightToLeft
                let left = try XCTUnwrap(Self.inkBox(try Self.render(natural, size: Size(width: 300, height: 30))))
                let right = try XCTUnwrap(Self.inkBox(try Self.render(rightToLeft, size: Size(width: 300, height: 30))))
                XCTAssertLessThan(left.minX, 3)
                XCTAssertGreaterThan(right.maxX, 296)
                // In a right-to-left paragraph the final full stop is read last: drawn at the left end.
                XCTAssertEqual(rightToLeft.textLayout?.lines.first?.runs.first?.range, 17..<18)
            }
        }
    }

    func test_verticalLabelsDrawTheSamePixelsAndPlaceTheirColumnsByAlignment() throws {
        try onMainActor {
            let size = Size(width: 160, height: 120)
            var images: [TextVerticalAlignment: Image] = [:]
            for alignment in TextVerticalAlignment.allCases {
                var pair: [Image] = []
                for label in [Label(frame: Rect(size: size)) as TextLabel, AsyncLabel(frame: Rect(size: size))] {
                    label.text = "縦書きの段落です"
                    label.font = Font(family: "IPAexGothic", size: 20)
                    label.textColor = .black
                    label.numberOfLines = 0
                    label.isVerticalForm = true
                    label.textVerticalAlignment = alignment
                    label.textContainerInset = EdgeInsets(all: 6)
                    pair.append(try Self.render(label, size: size))
                }
                XCTAssertEqual(pair[0], pair[1], "\(alignment)")
                images[alignment] = pair[0]
            }
            let top = try XCTUnwrap(Self.inkBox(try XCTUnwrap(images[.top])))
            let center = try XCTUnwrap(Self.inkBox(try XCTUnwrap(images[.center])))
            let bottom = try XCTUnwrap(Self.inkBox(try XCTUnwrap(images[.bottom])))
            // Two columns of 20 points: against the right inset, centred, against the left inset.
            XCTAssertGreaterThan(top.maxX, 150)
            XCTAssertLessThan(abs(center.midX - 80), 3)
            XCTAssertLessThan(bottom.minX, 10)
            // The columns start at the top inset and run down.
            XCTAssertLessThan(top.minY, 10)
            XCTAssertGreaterThan(top.height, 90, "five ems of the 108-point column")
        }
    }

    func test_aVerticalLabelSizesToItsColumnsAndFindsTheHighlightUnderATap() throws {
        try onMainActor {
            let label = Label(frame: .zero)
            var text = AttributedString("縦書きの")
            var link = AttributedString("リンク")
            link.highlight = TextHighlight(userInfo: ["id": "link"])
            text.append(link)
            text.font = Font(family: "IPAexGothic", size: 20)
            label.attributedText = text
            label.numberOfLines = 0
            label.isVerticalForm = true
            let fitting = label.sizeThatFits(Size(width: 300, height: 100))
            XCTAssertEqual(fitting.height, 100)
            XCTAssertEqual(fitting.width, 40, "two columns of one em: 5 characters fit in 100 points")
            label.frame = Rect(x: 20, y: 10, width: fitting.width, height: fitting.height)
            var taps: [String] = []
            label.highlightTapAction = { taps.append($0.highlight.userInfo["id"] ?? "") }
            let window = try makeWindow(size: Size(width: 100, height: 120))
            window.addSubview(label)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            // リンク starts in the first column (the right one, at its last em) and ends in the second.
            let layout = try XCTUnwrap(label.textLayout)
            let rect = try XCTUnwrap(layout.rects(for: 5..<6).first)
            XCTAssertLessThan(rect.maxX, 21, "the second column is on the left")
            let point = Point(x: 20 + rect.midX, y: 10 + rect.midY)
            window.send(PointerEvent(phase: .down, location: point))
            window.send(PointerEvent(phase: .up, location: point))
            XCTAssertEqual(taps, ["link"])
            // The first column's top character carries none.
            let plain = try XCTUnwrap(layout.rects(for: 0..<1).first)
            window.send(PointerEvent(phase: .down, location: Point(x: 20 + plain.midX, y: 10 + plain.midY)))
            window.send(PointerEvent(phase: .up, location: Point(x: 20 + plain.midX, y: 10 + plain.midY)))
            XCTAssertEqual(taps, ["link"])
        }
    }
}
