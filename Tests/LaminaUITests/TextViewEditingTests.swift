import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaText
import LaminaTrace
@testable import LaminaUI
import XCTest

/// TextView's editing: typing, deleting by grapheme and by code point, the delegate, the
/// placeholder, and the caret shown where the layout puts it.
final class TextViewEditingTests: LaminaTestCase {
    /// A 300×200 text view in a window, first responder, settled.
    @MainActor
    static func makeTextView(text: String = "", size: Size = Size(width: 300, height: 200)) throws -> (Window, TextView) {
        let window = try makeWindow(size: size)
        let textView = TextView(frame: Rect(origin: .zero, size: size))
        textView.text = text
        window.addSubview(textView)
        XCTAssertTrue(textView.becomeFirstResponder())
        XCTAssertTrue(EventLoop.main.runUntilIdle())
        return (window, textView)
    }

    @MainActor
    static func type(_ text: String, into window: Window) {
        for character in text {
            let key: KeyEvent.Key = character == " " ? .space : character == "\n" ? .enter : .character(character)
            window.send(KeyEvent(key: key, text: String(character)))
        }
    }

    @MainActor
    static func press(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], in window: Window, times: Int = 1) {
        for _ in 0..<times { window.send(KeyEvent(key: key, modifiers: modifiers)) }
    }

    func test_typingInsertsTextAndTheCaretFollowsIt() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView()
            Self.type("Hello, world", into: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(textView.text, "Hello, world")
            XCTAssertEqual(textView.selectedRange, 12..<12)
            let caret = textView.caretRect(for: textView.caretPosition)
            XCTAssertFalse(textView.caretLayer.isHidden)
            XCTAssertEqual(textView.caretLayer.frame.midX, caret.minX, accuracy: 0.001)
            XCTAssertEqual(textView.caretLayer.frame.minY, caret.minY, accuracy: 0.001)
            XCTAssertGreaterThan(caret.minX, 50)
            let image = try XCTUnwrap(window.snapshot())
            XCTAssertNotNil(image.boundingBox(ofPixelsWhere: { $0.red < 0.4 && $0.green < 0.4 && $0.blue < 0.4 && $0.alpha > 0.5 }))
        }
    }

    func test_backspaceDeletesByCodePointExceptOneSymbolAndDeleteByCharacter() throws {
        try onMainActor {
            let text = "a👍🏽e\u{301}한\u{1112}\u{1161}\u{11AB}🇯🇵"
            let (window, textView) = try Self.makeTextView(text: text)
            XCTAssertEqual(textView.selectedRange, 15..<15)
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "a👍🏽e\u{301}한\u{1112}\u{1161}\u{11AB}", "the flag goes whole")
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "a👍🏽e\u{301}한\u{1112}\u{1161}", "one jamo")
            Self.press(.backspace, in: window, times: 2)
            XCTAssertEqual(textView.text, "a👍🏽e\u{301}한")
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "a👍🏽e\u{301}", "a precomposed syllable")
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "a👍🏽e", "the accent alone")
            Self.press(.backspace, in: window, times: 2)
            XCTAssertEqual(textView.text, "a", "the emoji with its skin tone whole")
            textView.text = "x👍🏽e\u{301}y"
            textView.selectedRange = 1..<1
            Self.press(.delete, in: window)
            XCTAssertEqual(textView.text, "xe\u{301}y", "Delete takes the whole character")
            Self.press(.delete, in: window)
            XCTAssertEqual(textView.text, "xy", "the letter with its accent")
            Self.press(.home, .control, in: window)
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "xy", "Backspace at the start does nothing")
            Self.press(.end, .control, in: window)
            Self.press(.delete, in: window)
            XCTAssertEqual(textView.text, "xy", "Delete at the end does nothing")
        }
    }

    func test_enterSplitsAParagraphAndBackspaceAtItsStartJoinsThem() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView(text: "onetwo")
            textView.selectedRange = 3..<3
            Self.press(.enter, in: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(textView.text, "one\ntwo")
            XCTAssertEqual(textView.document.paragraphs.count, 2)
            XCTAssertEqual(textView.selectedRange, 4..<4)
            let caret = textView.caretRect(for: textView.caretPosition)
            XCTAssertEqual(caret.minX, textView.textContainerInset.left, accuracy: 0.5, "the caret starts the new paragraph")
            XCTAssertGreaterThan(caret.minY, textView.caretRect(for: TextCaretPosition(index: 0)).maxY - 1)
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, "onetwo")
            XCTAssertEqual(textView.document.paragraphs.count, 1)
            textView.insertText("a\r\nb\rc")
            XCTAssertEqual(textView.text, "onea\nb\nctwo", "line ends become \\n")
            XCTAssertEqual(textView.document.paragraphs.count, 3)
        }
    }

    func test_typingReplacesTheSelection() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView(text: "Hello brave world")
            textView.selectedRange = 6..<11
            Self.type("new", into: window)
            XCTAssertEqual(textView.text, "Hello new world")
            XCTAssertEqual(textView.selectedRange, 9..<9)
            textView.selectedRange = 0..<5
            Self.press(.backspace, in: window)
            XCTAssertEqual(textView.text, " new world")
        }
    }

    @MainActor
    final class Veto: TextViewDelegate {
        var asked: [(Range<Int>, String)] = []
        var changes = 0
        var selectionChanges = 0
        func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool {
            asked.append((range, text))
            return !text.contains(where: \.isNumber)
        }
        func textViewDidChange(_ textView: TextView) { changes += 1 }
        func textViewDidChangeSelection(_ textView: TextView) { selectionChanges += 1 }
    }

    func test_theDelegateIsAskedAndCanRefuseAChange() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView()
            let delegate = Veto()
            textView.delegate = delegate
            Self.type("a1b", into: window)
            XCTAssertEqual(textView.text, "ab", "the digit was refused")
            XCTAssertEqual(delegate.asked.map(\.1), ["a", "1", "b"])
            XCTAssertEqual(delegate.asked[1].0, 1..<1)
            XCTAssertEqual(delegate.changes, 2)
            XCTAssertEqual(delegate.selectionChanges, 2, "the refused change moved nothing")
            Self.press(.backspace, in: window)
            XCTAssertEqual(delegate.asked.last?.0, 1..<2)
            XCTAssertEqual(delegate.asked.last?.1, "")
            textView.replace(0..<1, with: "9")
            XCTAssertEqual(textView.text, "9", "an edit in code is not asked about")
            XCTAssertEqual(delegate.changes, 4)
        }
    }

    func test_aViewThatIsNotEditableTakesNoTextButStillSelects() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView(text: "read only")
            textView.isEditable = false
            Self.type("x", into: window)
            Self.press(.backspace, in: window)
            Self.press(.enter, in: window)
            XCTAssertEqual(textView.text, "read only")
            Self.press(.home, .control, in: window)
            Self.press(.rightArrow, .shift, in: window, times: 4)
            XCTAssertEqual(textView.selectedRange, 0..<4)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(textView.caretLayer.isHidden, "no caret in a view that is not editable")
            XCTAssertFalse(textView.selectionLayers.filter { !$0.isHidden }.isEmpty)
        }
    }

    func test_thePlaceholderShowsOnlyWhileTheTextIsEmpty() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView()
            textView.placeholder = "Write a note"
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertFalse(textView.placeholderLabel.isHidden)
            let empty = try XCTUnwrap(window.snapshot())
            XCTAssertNotNil(empty.boundingBox(ofPixelsWhere: { abs($0.red - 0.6) < 0.15 && $0.alpha > 0.5 && $0.blue < 0.8 }),
                            "grey placeholder ink")
            Self.type("x", into: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(textView.placeholderLabel.isHidden)
            Self.press(.backspace, in: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertFalse(textView.placeholderLabel.isHidden)
        }
    }

    func test_settingTheTextPutsTheCaretAtTheEndAndClearsUndo() throws {
        try onMainActor {
            let (window, textView) = try Self.makeTextView()
            Self.type("abc", into: window)
            XCTAssertTrue(textView.undoManager.canUndo)
            textView.text = "fresh text"
            XCTAssertEqual(textView.selectedRange, 10..<10)
            XCTAssertFalse(textView.undoManager.canUndo)
            textView.selectedRange = 50..<70
            XCTAssertEqual(textView.selectedRange, 10..<10, "clamped")
            textView.selectedRange = -5..<3
            XCTAssertEqual(textView.selectedRange, 0..<3)
            textView.text = "👍🏽"
            textView.selectedRange = 1..<3
            XCTAssertEqual(textView.selectedRange, 0..<0, "ends move to character boundaries")
            textView.replace(-4..<99, with: "all")
            XCTAssertEqual(textView.text, "all", "a range outside the text is clamped")
        }
    }
}
