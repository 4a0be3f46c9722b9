import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaText
@testable import LaminaUI
import XCTest

/// TextView's selection: the movement keys in left-to-right, right-to-left and mixed text, and
/// the pointer's click, double click, triple click and drag.
final class TextViewSelectionTests: LaminaTestCase {
    typealias Editing = TextViewEditingTests

    func test_arrowsMoveByCharacterShiftExtendsAndAPlainArrowCollapses() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "a👍🏽bc")
            Editing.press(.home, .control, in: window)
            Editing.press(.rightArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 1..<1)
            Editing.press(.rightArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 5..<5, "over the emoji in one press")
            Editing.press(.rightArrow, .shift, in: window, times: 2)
            XCTAssertEqual(textView.selectedRange, 5..<7)
            Editing.press(.leftArrow, .shift, in: window, times: 3)
            XCTAssertEqual(textView.selectedRange, 1..<5, "the anchor stays, the focus crosses it")
            Editing.press(.rightArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 5..<5, "Right collapses to the selection's right edge")
            Editing.press(.leftArrow, in: window, times: 9)
            XCTAssertEqual(textView.selectedRange, 0..<0, "stops at the start")
            Editing.press(.rightArrow, in: window, times: 9)
            XCTAssertEqual(textView.selectedRange, 7..<7, "stops at the end")
        }
    }

    func test_controlArrowsMoveByWordAndControlBackspaceDeletesAWord() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "one, two  three\nfour")
            Editing.press(.home, .control, in: window)
            var stops: [Int] = []
            for _ in 0..<5 {
                Editing.press(.rightArrow, .control, in: window)
                stops.append(textView.selectedRange.lowerBound)
            }
            XCTAssertEqual(stops, [3, 8, 15, 20, 20], "word ends, across the paragraph break, then the end")
            stops = []
            for _ in 0..<5 {
                Editing.press(.leftArrow, .control, in: window)
                stops.append(textView.selectedRange.lowerBound)
            }
            XCTAssertEqual(stops, [16, 10, 5, 0, 0])
            Editing.press(.end, .control, in: window)
            Editing.press(.backspace, .control, in: window)
            XCTAssertEqual(textView.text, "one, two  three\n")
            Editing.press(.backspace, .control, in: window)
            XCTAssertEqual(textView.text, "one, two  ")
        }
    }

    /// A 120-point-wide view, so that a sentence wraps.
    @MainActor
    static func makeNarrowView(text: String) throws -> (Window, TextView) {
        try Editing.makeTextView(text: text, size: Size(width: 130, height: 120))
    }

    func test_homeEndUpAndDownFollowTheWrappedLines() throws {
        try onMainActor {
            let (window, textView) = try Self.makeNarrowView(text: "The quick brown fox jumps over the lazy dog again and again")
            let lines = textView.document.paragraphs[0].layout.lines
            XCTAssertGreaterThan(lines.count, 2)
            Editing.press(.home, .control, in: window)
            Editing.press(.rightArrow, in: window, times: 2)
            Editing.press(.end, in: window)
            XCTAssertEqual(textView.selectedRange.lowerBound, lines[0].range.upperBound)
            XCTAssertEqual(textView.caretPosition.affinity, .upstream, "End stays on its line")
            XCTAssertEqual(textView.caretRect(for: textView.caretPosition).midY,
                           textView.caretRect(for: TextCaretPosition(index: 0)).midY, accuracy: 0.5)
            Editing.press(.home, in: window)
            XCTAssertEqual(textView.selectedRange, 0..<0)
            Editing.press(.rightArrow, in: window, times: 3)
            let x = textView.caretRect(for: textView.caretPosition).minX
            Editing.press(.downArrow, in: window)
            XCTAssertTrue(lines[1].range.contains(textView.selectedRange.lowerBound))
            Editing.press(.downArrow, in: window)
            XCTAssertTrue(lines[2].range.contains(textView.selectedRange.lowerBound))
            XCTAssertEqual(textView.caretRect(for: textView.caretPosition).minX, x, accuracy: 6, "the goal x is kept")
            Editing.press(.upArrow, in: window, times: 2)
            XCTAssertEqual(textView.selectedRange, 3..<3, "back where it started")
            Editing.press(.upArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 0..<0, "Up on the first line goes to the start")
            Editing.press(.downArrow, .shift, in: window, times: 50)
            XCTAssertEqual(textView.selectedRange, 0..<textView.text.utf16.count, "Shift-Down to the end selects all")
        }
    }

    func test_pageDownMovesTheCaretAPageAndScrolls() throws {
        try onMainActor {
            let text = (1...80).map { "Line \($0)" }.joined(separator: "\n")
            let (window, textView) = try Editing.makeTextView(text: text, size: Size(width: 200, height: 100))
            Editing.press(.home, .control, in: window)
            XCTAssertEqual(textView.contentOffset.y, 0)
            Editing.press(.pageDown, in: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let paragraph = textView.document.paragraphIndex(containing: textView.selectedRange.lowerBound)
            XCTAssertGreaterThanOrEqual(paragraph, 3)
            XCTAssertLessThanOrEqual(paragraph, 6)
            XCTAssertGreaterThan(textView.contentOffset.y, 50)
            let caret = textView.caretRect(for: textView.caretPosition)
            XCTAssertTrue(caret.minY >= textView.contentOffset.y && caret.maxY <= textView.contentOffset.y + 100, "the caret is in view")
            Editing.press(.pageUp, in: window)
            XCTAssertEqual(textView.document.paragraphIndex(containing: textView.selectedRange.lowerBound), 0)
        }
    }

    func test_typingAtTheBottomScrollsTheCaretIntoView() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(size: Size(width: 200, height: 100))
            for _ in 0..<12 { Editing.type("more\n", into: window) }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let caret = textView.caretRect(for: textView.caretPosition)
            XCTAssertGreaterThan(textView.contentOffset.y, 0)
            XCTAssertLessThanOrEqual(caret.maxY, textView.contentOffset.y + 100)
            XCTAssertGreaterThanOrEqual(caret.minY, textView.contentOffset.y)
            XCTAssertEqual(textView.contentSize.height, textView.textHeight)
        }
    }

    func test_selectAllSelectsEverything() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "one\ntwo")
            window.send(KeyEvent(key: .character("a"), modifiers: .control, text: "a"))
            XCTAssertEqual(textView.selectedRange, 0..<7)
            XCTAssertEqual(textView.text, "one\ntwo", "Ctrl-A types nothing")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(textView.selectionLayers.filter { !$0.isHidden }.count, 2, "a rectangle on each line")
        }
    }

    // MARK: - Right-to-left and mixed text

    func test_inAHebrewParagraphRightMovesTowardsTheStartAndLeftReadsOn() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "שלום עולם")
            Editing.press(.home, .control, in: window)
            let start = textView.caretRect(for: textView.caretPosition).minX
            Editing.press(.leftArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 1..<1, "Left reads on in right-to-left text")
            XCTAssertLessThan(textView.caretRect(for: textView.caretPosition).minX, start)
            Editing.press(.rightArrow, in: window)
            XCTAssertEqual(textView.selectedRange, 0..<0)
            Editing.press(.leftArrow, .control, in: window)
            XCTAssertEqual(textView.selectedRange, 4..<4, "Ctrl-Left: the end of the first word")
            Editing.press(.end, in: window)
            XCTAssertEqual(textView.selectedRange, 9..<9)
            XCTAssertLessThan(textView.caretRect(for: textView.caretPosition).minX, start, "the line ends on the left")
        }
    }

    func test_inMixedTextRightVisitsEveryCaretStopLeftToRight() throws {
        try onMainActor {
            let text = "abc שלום def"
            let (window, textView) = try Editing.makeTextView(text: text)
            Editing.press(.home, .control, in: window)
            var xs = [textView.caretRect(for: textView.caretPosition).minX]
            var indices: Set<Int> = [textView.selectedRange.lowerBound]
            for _ in 0..<30 {
                Editing.press(.rightArrow, in: window)
                let x = textView.caretRect(for: textView.caretPosition).minX
                if x <= xs.last! + 0.01 { break }
                xs.append(x)
                indices.insert(textView.selectedRange.lowerBound)
            }
            XCTAssertEqual(xs, xs.sorted(), "each press moves right on screen")
            // Every caret place on the line is visited once: at a direction change two offsets
            // share one place (the end of one run and the start of the other), and the caret
            // stops there once.
            var places: [Double] = []
            for index in 0...text.utf16.count {
                for affinity in [TextAffinity.upstream, .downstream] {
                    let x = textView.caretRect(for: TextCaretPosition(index: index, affinity: affinity)).minX
                    if !places.contains(where: { abs($0 - x) < 0.01 }) { places.append(x) }
                }
            }
            XCTAssertEqual(xs.count, places.count, "\(xs) against \(places.sorted())")
            // Two places can share an offset (its two affinities): count places, not offsets.
            XCTAssertGreaterThanOrEqual(indices.count, xs.count - 2)
            XCTAssertEqual(textView.selectedRange.lowerBound, text.utf16.count)
            // And back: Left visits the same stops right to left.
            var back = 0
            while textView.selectedRange.lowerBound != 0 || textView.caretRect(for: textView.caretPosition).minX > xs[0] + 0.01 {
                Editing.press(.leftArrow, in: window)
                back += 1
                if back > 30 { break }
            }
            XCTAssertEqual(back, xs.count - 1)
        }
    }

    // MARK: - Pointer

    /// A point in window coordinates in the middle of the glyphs at `range` (the first rectangle).
    @MainActor
    static func point(of range: Range<Int>, in textView: TextView) -> Point {
        let rect = textView.selectionRects(for: range)[0]
        return textView.convert(Point(x: rect.midX, y: rect.midY), to: nil)
    }

    @MainActor
    static func click(_ point: Point, in window: Window, at time: EventLoop.Instant) {
        window.send(PointerEvent(phase: .down, location: point, timestamp: time))
        window.send(PointerEvent(phase: .up, location: point, timestamp: time))
    }

    func test_aClickPutsTheCaretADoubleClickSelectsAWordATripleClickAParagraph() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "Tap this word please.\nSecond paragraph")
            textView.resignFirstResponder()
            let point = Self.point(of: 9..<13, in: textView)
            let start = EventLoop.main.now
            Self.click(point, in: window, at: start)
            XCTAssertTrue(textView.isFirstResponder, "a click makes the view first responder")
            XCTAssertTrue(textView.selectedRange.isEmpty)
            XCTAssertTrue((9...13).contains(textView.selectedRange.lowerBound))
            Self.click(point, in: window, at: start.advanced(by: .milliseconds(200)))
            XCTAssertEqual(textView.selectedRange, 9..<13, "the word")
            Self.click(point, in: window, at: start.advanced(by: .milliseconds(400)))
            XCTAssertEqual(textView.selectedRange, 0..<22, "the paragraph with its line end")
            Self.click(point, in: window, at: start.advanced(by: .seconds(2)))
            XCTAssertTrue(textView.selectedRange.isEmpty, "too late for a fourth: a new single click")
            let far = Point(x: point.x, y: point.y + 40)
            Self.click(point, in: window, at: start.advanced(by: .milliseconds(2300)))
            Self.click(far, in: window, at: start.advanced(by: .milliseconds(2400)))
            XCTAssertTrue(textView.selectedRange.isEmpty, "too far for a double click")
        }
    }

    func test_aDragSelectsAndADoubleClickDragSelectsWholeWords() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "alpha beta gamma delta")
            let start = EventLoop.main.now
            let from = Self.point(of: 1..<2, in: textView)
            let to = Self.point(of: 12..<13, in: textView)
            window.send(PointerEvent(phase: .down, location: from, timestamp: start))
            window.send(PointerEvent(phase: .move, location: Point(x: (from.x + to.x) / 2, y: from.y), timestamp: start))
            window.send(PointerEvent(phase: .move, location: to, timestamp: start))
            window.send(PointerEvent(phase: .up, location: to, timestamp: start))
            XCTAssertTrue([1, 2].contains(textView.selectedRange.lowerBound))
            XCTAssertTrue([12, 13].contains(textView.selectedRange.upperBound), "\(textView.selectedRange)")
            let later = start.advanced(by: .seconds(3))
            let word = Self.point(of: 7..<8, in: textView)
            Self.click(word, in: window, at: later)
            window.send(PointerEvent(phase: .down, location: word, timestamp: later.advanced(by: .milliseconds(100))))
            window.send(PointerEvent(phase: .move, location: to, timestamp: later.advanced(by: .milliseconds(150))))
            window.send(PointerEvent(phase: .up, location: to, timestamp: later.advanced(by: .milliseconds(200))))
            XCTAssertEqual(textView.selectedRange, 6..<16, "beta through gamma, whole words")
            let back = Self.point(of: 1..<2, in: textView)
            window.send(PointerEvent(phase: .down, location: word, timestamp: later.advanced(by: .seconds(3))))
            window.send(PointerEvent(phase: .move, location: back, timestamp: later.advanced(by: .seconds(3))))
            window.send(PointerEvent(phase: .up, location: back, timestamp: later.advanced(by: .seconds(3))))
            XCTAssertTrue(textView.selectedRange.lowerBound <= 2 && textView.selectedRange.upperBound >= 7,
                          "a drag backwards selects back from the click: \(textView.selectedRange)")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(textView.caretLayer.isHidden, "no caret while a range is selected")
        }
    }
}
