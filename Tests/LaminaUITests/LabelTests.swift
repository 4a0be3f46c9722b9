import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaText
import LaminaTrace
import LaminaUI
import XCTest

/// Label (drawn on the main thread in the commit) and AsyncLabel (drawn on a display queue):
/// the same properties, the same pixels, different threads.
final class LabelTests: LaminaTestCase {
    static let paragraph = "Lamina lays out text the way a label on a phone does: fonts from fontconfig, "
        + "glyphs shaped by HarfBuzz, line breaks from ICU, and drawing through cairo 😀 漢字."

    @MainActor
    static func configure(_ label: TextLabel) {
        label.text = Self.paragraph
        label.font = .system(size: 15)
        label.textColor = Color(hex: "#202124")!
        label.numberOfLines = 0
        label.textContainerInset = EdgeInsets(all: 4)
    }

    /// A window of `scale` showing `label` (320×120 points at the origin), settled and snapshotted.
    @MainActor
    static func render(_ label: TextLabel, scale: Double) throws -> Image {
        let window = try makeWindow(size: Size(width: 320, height: 120), scale: scale)
        window.addSubview(label)
        XCTAssertTrue(EventLoop.main.runUntilIdle())
        return try XCTUnwrap(window.snapshot())
    }

    func test_labelAndAsyncLabelDrawTheSamePixelsAtScaleOneAndTwo() throws {
        try onMainActor {
            for scale in [1.0, 2.0] {
                let sync = Label(frame: Rect(x: 0, y: 0, width: 320, height: 120))
                Self.configure(sync)
                let async = AsyncLabel(frame: Rect(x: 0, y: 0, width: 320, height: 120))
                Self.configure(async)
                let syncImage = try Self.render(sync, scale: scale)
                let asyncImage = try Self.render(async, scale: scale)
                XCTAssertEqual(syncImage, asyncImage, "scale \(scale)")
                assertSnapshot(of: syncImage, as: .image(tolerance: .antialiasing), named: "scale-\(Int(scale))")
            }
        }
    }

    func test_asyncLabelLaysOutAndDrawsOnADisplayQueueAndLabelOnTheMainThread() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 320, height: 120))
            let sync = Label(frame: Rect(x: 0, y: 0, width: 320, height: 60))
            let async = AsyncLabel(frame: Rect(x: 0, y: 60, width: 320, height: 60))
            window.addSubview(sync)
            window.addSubview(async)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let (_, trace) = recordingTrace {
                sync.text = "synchronous"
                async.text = "asynchronous"
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            let mainThread = Int32(getpid())
            let layouts = trace.occurrences(of: .textLayout).filter { $0.phase == .begin }
            XCTAssertEqual(layouts.count, 2, trace.timeline)
            XCTAssertEqual(layouts.filter { $0.threadID == mainThread }.count, 1, "Label lays out on the main thread")
            XCTAssertEqual(layouts.filter { $0.threadID != mainThread }.count, 1, "AsyncLabel lays out off it")
        }
    }

    func test_settingAnEqualValueDoesNotRedrawAndManySettersDrawOnce() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 200, height: 40))
            for label in [Label(frame: Rect(x: 0, y: 0, width: 200, height: 40)) as TextLabel,
                          AsyncLabel(frame: Rect(x: 0, y: 0, width: 200, height: 40))] {
                label.text = "Hello"
                window.addSubview(label)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                let (_, equal) = recordingTrace {
                    label.text = "Hello"
                    label.font = label.font
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                }
                XCTAssertEqual(equal.count(.textDraw), 0, equal.timeline)
                let (_, many) = recordingTrace {
                    label.text = "Hello, world"
                    label.textColor = Color(red: 1, green: 0, blue: 0)
                    label.font = .system(size: 20)
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                }
                XCTAssertEqual(many.occurrences(of: .textDraw).filter { $0.phase == .begin }.count, 1)
                label.removeFromSuperview()
            }
        }
    }

    func test_aPrecomputedTextLayoutIsDrawnWithoutLayingOutAgain() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 320, height: 60))
            let label = AsyncLabel(frame: Rect(x: 0, y: 0, width: 320, height: 60))
            window.addSubview(label)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let layout = TextLayout(container: TextContainer(size: Size(width: 320, height: 60)),
                                    string: "Laid out ahead of time", font: .system(size: 15))
            let (_, trace) = recordingTrace {
                label.textLayout = layout
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(trace.count(.textLayout), 0, trace.timeline)
            XCTAssertGreaterThan(trace.count(.textDraw), 0)
        }
    }


    func test_aLayoutMadeAtTheLabelsWidthIsDrawnAsIsWhenItsTextFitsAndLaidOutAgainWhenNot() throws {
        try onMainActor {
            let layout = TextLayout(container: TextContainer(width: 200), string: Self.paragraph, font: .system(size: 15))
            let height = layout.textBoundingSize.height
            XCTAssertGreaterThan(layout.lines.count, 3)
            for (labelHeight, laysOutAgain) in [(height, false), (height + 30, false), (height - 20, true)] {
                let window = try makeWindow(size: Size(width: 320, height: 300))
                let label = AsyncLabel(frame: Rect(x: 0, y: 0, width: 200, height: labelHeight))
                label.numberOfLines = 0
                window.addSubview(label)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                let (_, trace) = recordingTrace {
                    label.textLayout = layout
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                }
                XCTAssertEqual(trace.count(.textLayout) > 0, laysOutAgain, "label height \(labelHeight): \(trace.timeline)")
                XCTAssertGreaterThan(trace.count(.textDraw), 0)
            }
            // A layout of another width never fits.
            let window = try makeWindow(size: Size(width: 320, height: 300))
            let label = AsyncLabel(frame: Rect(x: 0, y: 0, width: 210, height: height + 30))
            window.addSubview(label)
            let (_, trace) = recordingTrace {
                label.textLayout = layout
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertGreaterThan(trace.count(.textLayout), 0)
        }
    }
    func test_sizeThatFitsWrapsAtThePreferredWidthAndCountsTheInsets() {
        onMainActor {
            let label = Label(frame: .zero)
            label.text = Self.paragraph
            label.font = .system(size: 15)
            label.numberOfLines = 0
            label.textContainerInset = EdgeInsets(all: 5)
            label.preferredMaxLayoutWidth = 200
            let size = label.sizeThatFits(Size(width: 1000, height: 1000))
            XCTAssertLessThanOrEqual(size.width, 200)
            XCTAssertGreaterThan(size.height, 5 * 17)
            label.numberOfLines = 1
            XCTAssertLessThan(label.sizeThatFits(Size(width: 1000, height: 1000)).height, 30)
            label.text = nil
            XCTAssertEqual(label.sizeThatFits(Size(width: 100, height: 100)), .zero)
        }
    }

    func test_verticalAlignmentPutsShortTextAtTheTopCentreOrBottomOnWholePixels() throws {
        try onMainActor {
            var inkRows: [TextVerticalAlignment: ClosedRange<Int>] = [:]
            for alignment in TextVerticalAlignment.allCases {
                let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 101))
                label.text = "Mid"
                label.textVerticalAlignment = alignment
                let image = try Self.render(label, scale: 2)
                let rows = (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y).red < 0.5 } }
                inkRows[alignment] = try XCTUnwrap(rows.first)...(try XCTUnwrap(rows.last))
            }
            let top = try XCTUnwrap(inkRows[.top]), center = try XCTUnwrap(inkRows[.center]), bottom = try XCTUnwrap(inkRows[.bottom])
            XCTAssertLessThan(top.lowerBound, 20)
            XCTAssertGreaterThan(bottom.upperBound, 170)
            XCTAssertLessThan(abs((center.lowerBound + center.upperBound) / 2 - 101), 20)
        }
    }

    func test_tappingAHighlightRedrawsItHighlightedAndCallsTheHandlerOnUpInside() throws {
        try onMainActor {
            for label in [Label(frame: Rect(x: 10, y: 10, width: 300, height: 40)) as TextLabel,
                          AsyncLabel(frame: Rect(x: 10, y: 10, width: 300, height: 40))] {
                var text = AttributedString("Visit ")
                var link = AttributedString("lamina.dev")
                link.highlight = TextHighlight(color: Color(red: 0, green: 0, blue: 1),
                                               highlightedColor: Color(red: 1, green: 0, blue: 0),
                                               highlightedBackgroundColor: nil, userInfo: ["url": "https://lamina.dev"])
                text.append(link)
                text.font = .system(size: 20)
                label.attributedText = text
                var taps: [String] = []
                label.highlightTapAction = { taps.append($0.highlight.userInfo["url"] ?? "") }
                let window = try makeWindow(size: Size(width: 320, height: 60))
                window.addSubview(label)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                let layout = try XCTUnwrap(label.textLayout)
                let offset = (40 - layout.textBoundingRect.height) / 2 - layout.textBoundingRect.minY
                let linkRect = try XCTUnwrap(layout.rects(for: 8..<9).first)
                let point = Point(x: 10 + linkRect.midX, y: 10 + linkRect.midY + offset.rounded())
                @MainActor func redPixels() throws -> Int {
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                    let image = try XCTUnwrap(window.snapshot())
                    return (0..<image.height).reduce(0) { sum, y in
                        sum + (0..<image.width).filter { let c = image.pixel(x: $0, y: y); return c.red > 0.8 && c.blue < 0.3 }.count
                    }
                }
                XCTAssertEqual(try redPixels(), 0)
                window.send(PointerEvent(phase: .down, location: point))
                XCTAssertGreaterThan(try redPixels(), 20, "pressed: drawn in the highlighted colour")
                window.send(PointerEvent(phase: .move, location: Point(x: point.x, y: point.y + 200)))
                XCTAssertEqual(try redPixels(), 0, "moved out: back to normal")
                window.send(PointerEvent(phase: .move, location: point))
                window.send(PointerEvent(phase: .up, location: point))
                XCTAssertEqual(taps, ["https://lamina.dev"])
                XCTAssertEqual(try redPixels(), 0)
                // A tap outside any highlight calls nothing.
                window.send(PointerEvent(phase: .down, location: Point(x: 14, y: 30)))
                window.send(PointerEvent(phase: .up, location: Point(x: 14, y: 30)))
                XCTAssertEqual(taps.count, 1)
            }
        }
    }

    func test_anAsyncLabelConfiguredBeforeItsFirstCommitDrawsOnce() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 200, height: 40))
            let (_, trace) = recordingTrace {
                let label = AsyncLabel(frame: Rect(x: 0, y: 0, width: 200, height: 40))
                label.text = "Hello"
                label.textColor = Color(red: 0, green: 0, blue: 1)
                window.addSubview(label)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(trace.occurrences(of: .textDraw).filter { $0.phase == .begin }.count, 1,
                           trace.timeline)
        }
    }
}
