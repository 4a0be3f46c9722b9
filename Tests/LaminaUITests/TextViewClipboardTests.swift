import Foundation
import LaminaGraphics
import LaminaLoop
import LaminaTesting
import LaminaText
@testable import LaminaUI
import XCTest

/// TextView's copy, cut and paste (Ctrl-C, Ctrl-X, Ctrl-V) through a pasteboard of its own, the
/// window's, or one that answers later as the X11 selection does.
final class TextViewClipboardTests: LaminaTestCase {
    /// A pasteboard that answers a read only when the test says so, as another X program does.
    @MainActor
    final class LatePasteboard: Pasteboard {
        var string: String?
        var pending: [@MainActor (String?) -> Void] = []
        func setString(_ string: String) { self.string = string }
        func readString(completion: @escaping @MainActor (String?) -> Void) { pending.append(completion) }
        func answer() {
            let waiting = pending
            pending = []
            for completion in waiting { completion(string) }
        }
    }

    typealias Editing = TextViewEditingTests

    /// Presses `key` and lets the loop turn, as a person's keys come one event at a time (the
    /// undo manager groups by loop turn).
    @MainActor
    static func press(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], in window: Window) {
        Editing.press(key, modifiers, in: window)
        XCTAssertTrue(EventLoop.main.runUntilIdle())
    }

    func test_ctrlCCopiesTheSelectionAndCtrlVPastesItOverTheSelection() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "héllo wörld 👍🏽")
            let pasteboard = InProcessPasteboard()
            textView.pasteboard = pasteboard
            textView.selectedRange = 0..<5
            Editing.press(.character("c"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "héllo")
            XCTAssertEqual(textView.text, "héllo wörld 👍🏽", "copying changes nothing")
            XCTAssertEqual(textView.selectedRange, 0..<5)

            textView.selectedRange = 12..<16
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "héllo wörld héllo")
            XCTAssertEqual(textView.selectedRange, 17..<17, "the caret after the pasted text")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertTrue(textView.presentsCurrentText)
            let caret = textView.caretRect(for: textView.caretPosition)
            XCTAssertEqual(textView.caretLayer.frame.midX, caret.minX, accuracy: 0.001, "the caret is presented after the paste")

            // Nothing selected: copy leaves the pasteboard as it was.
            Editing.press(.character("c"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "héllo")
        }
    }

    func test_ctrlXCutsAsOneUndoStepAndUndoPutsTheTextAndSelectionBack() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "one two three")
            let pasteboard = InProcessPasteboard()
            textView.pasteboard = pasteboard
            Editing.type("!", into: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            textView.selectedRange = 4..<8
            Self.press(.character("x"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "two ")
            XCTAssertEqual(textView.text, "one three!")
            XCTAssertEqual(textView.selectedRange, 4..<4)
            Self.press(.character("z"), .control, in: window)
            XCTAssertEqual(textView.text, "one two three!", "the cut is undone on its own, not with the typing")
            XCTAssertEqual(textView.selectedRange, 4..<8, "the cut text is selected again")
            Self.press(.character("z"), [.control, .shift], in: window)
            XCTAssertEqual(textView.text, "one three!")
            Self.press(.end, .control, in: window)
            Self.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "one three!two ")
            Self.press(.character("z"), .control, in: window)
            XCTAssertEqual(textView.text, "one three!", "a paste is one step")
        }
    }

    func test_pastedTextTakesTheTypingAttributesAndLineEndsBecomeNewlines() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView()
            let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
            var text = AttributedString("plain ")
            var word = AttributedString("red")
            word.foregroundColor = red
            text.append(word)
            textView.attributedText = text
            textView.selectedRange = 9..<9
            textView.pasteboard = InProcessPasteboard(string: "a\r\nb\rc\nd")
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "plain reda\nb\nc\nd")
            XCTAssertEqual(textView.document.paragraphs.count, 4, "three line ends, four paragraphs")
            let pasted = textView.attributedText[textView.attributedText.index(textView.attributedText.startIndex, offsetByCharacters: 9)...]
            for run in pasted.runs {
                XCTAssertEqual(run.foregroundColor, red, "the pasted text continues the red word")
            }
        }
    }

    func test_aReadOnlyViewCopiesButNeitherCutsNorPastesAndAnUnselectableOneDoesNothing() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "read only")
            let pasteboard = InProcessPasteboard(string: "before")
            textView.pasteboard = pasteboard
            textView.isEditable = false
            textView.selectedRange = 0..<4
            Editing.press(.character("x"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "before", "no cut")
            XCTAssertEqual(textView.text, "read only")
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "read only", "no paste")
            Editing.press(.character("c"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "read", "a selectable view copies")
            textView.isSelectable = false
            textView.selectedRange = 5..<9
            textView.copy()
            XCTAssertEqual(pasteboard.string, "read", "neither selectable nor editable: nothing to copy")
        }
    }

    func test_theDelegateCanRefuseAPasteAndACutStillCopies() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "abc")
            let delegate = Editing.Veto()
            textView.delegate = delegate
            let pasteboard = InProcessPasteboard(string: "1")
            textView.pasteboard = pasteboard
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "abc", "the digit was refused")
            XCTAssertEqual(delegate.asked.last?.1, "1")
            XCTAssertEqual(delegate.changes, 0)

            // The delegate is asked about the cut's deletion (an empty replacement), and the
            // text is on the pasteboard whatever it answers.
            textView.selectedRange = 0..<2
            Editing.press(.character("x"), .control, in: window)
            XCTAssertEqual(pasteboard.string, "ab")
            XCTAssertEqual(delegate.asked.last?.0, 0..<2)
            XCTAssertEqual(textView.text, "c")
        }
    }

    func test_withoutAPasteboardOfItsOwnTheViewUsesTheWindowsAndAnEmptyOnePastesNothing() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "copy me")
            let windowPasteboard = InProcessPasteboard()
            window.pasteboard = windowPasteboard
            textView.selectAll()
            Editing.press(.character("c"), .control, in: window)
            XCTAssertEqual(windowPasteboard.string, "copy me")
            windowPasteboard.string = nil
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "copy me", "nothing on the pasteboard: the selection stays")
            windowPasteboard.string = ""
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "copy me", "an empty string pastes nothing either")
            XCTAssertEqual(textView.selectedRange, 0..<7)
        }
    }

    func test_aPasteAnsweredLaterGoesOverTheSelectionAsItIsThen() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "first second")
            let pasteboard = LatePasteboard()
            pasteboard.string = "THIRD"
            textView.pasteboard = pasteboard
            textView.selectedRange = 0..<5
            Editing.press(.character("v"), .control, in: window)
            XCTAssertEqual(textView.text, "first second", "nothing until the owner answers")
            textView.selectedRange = 6..<12
            pasteboard.answer()
            XCTAssertEqual(textView.text, "first THIRD")

            // An answer that comes after the view stopped being editable is dropped.
            Editing.press(.character("v"), .control, in: window)
            textView.isEditable = false
            pasteboard.answer()
            XCTAssertEqual(textView.text, "first THIRD")
        }
    }
}
