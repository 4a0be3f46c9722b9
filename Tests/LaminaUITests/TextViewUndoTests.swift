import LaminaGraphics
import LaminaLoop
import LaminaTesting
import LaminaText
@testable import LaminaUI
import XCTest

/// TextView's undo: typing a word or a pause at a time, runs of deletions, the selection put
/// back, and the keys.
final class TextViewUndoTests: LaminaTestCase {
    typealias Editing = TextViewEditingTests

    /// Types `text` a key per loop turn, as a person does.
    @MainActor
    static func typeSlowly(_ text: String, into window: Window) {
        for character in text {
            Editing.type(String(character), into: window)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
        }
    }

    @MainActor
    static func undo(_ window: Window) {
        window.send(KeyEvent(key: .character("z"), modifiers: .control, text: "z"))
        XCTAssertTrue(EventLoop.main.runUntilIdle())
    }

    @MainActor
    static func redo(_ window: Window) {
        window.send(KeyEvent(key: .character("z"), modifiers: [.control, .shift], text: "Z"))
        XCTAssertTrue(EventLoop.main.runUntilIdle())
    }

    func test_typingIsUndoneAWordAtATimeAndRedoneTheSame() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, textView) = try Editing.makeTextView()
                Self.typeSlowly("hello world again", into: window)
                Self.undo(window)
                XCTAssertEqual(textView.text, "hello world ")
                Self.undo(window)
                XCTAssertEqual(textView.text, "hello ")
                Self.undo(window)
                XCTAssertEqual(textView.text, "")
                XCTAssertFalse(textView.undoManager.canUndo)
                Self.redo(window)
                XCTAssertEqual(textView.text, "hello ")
                Self.redo(window)
                window.send(KeyEvent(key: .character("y"), modifiers: .control, text: "y"))
                XCTAssertEqual(textView.text, "hello world again", "Ctrl-Y redoes too")
                XCTAssertEqual(textView.selectedRange, 17..<17)
            }
        }
    }

    func test_aPauseOrACaretMoveStartsANewStep() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, textView) = try Editing.makeTextView()
                Self.typeSlowly("ab", into: window)
                XCTAssertTrue(EventLoop.main.advance(by: .seconds(2)))
                Self.typeSlowly("cd", into: window)
                Editing.press(.leftArrow, in: window)
                Self.typeSlowly("X", into: window)
                XCTAssertEqual(textView.text, "abcXd")
                Self.undo(window)
                XCTAssertEqual(textView.text, "abcd")
                XCTAssertEqual(textView.selectedRange, 3..<3, "the caret where the step began")
                Self.undo(window)
                XCTAssertEqual(textView.text, "ab", "the pause split ab from cd")
                Self.undo(window)
                XCTAssertEqual(textView.text, "")
            }
        }
    }

    func test_aRunOfBackspacesIsOneStepAndUndoPutsTheSelectionBack() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, textView) = try Editing.makeTextView(text: "Hello brave world")
                for _ in 0..<3 {
                    Editing.press(.backspace, in: window)
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                }
                XCTAssertEqual(textView.text, "Hello brave wo")
                Self.undo(window)
                XCTAssertEqual(textView.text, "Hello brave world")
                XCTAssertEqual(textView.selectedRange, 17..<17)
                textView.selectedRange = 6..<11
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                Self.typeSlowly("bold", into: window)
                XCTAssertEqual(textView.text, "Hello bold world")
                Self.undo(window)
                XCTAssertEqual(textView.text, "Hello brave world")
                XCTAssertEqual(textView.selectedRange, 6..<11, "the selection the typing replaced")
                Self.redo(window)
                XCTAssertEqual(textView.text, "Hello bold world")
                XCTAssertEqual(textView.selectedRange, 10..<10, "redo restores the selection undo found")
            }
        }
    }

    func test_undoAndRedoAreReportedAndANewEditClearsRedo() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, textView) = try Editing.makeTextView()
                let delegate = Editing.Veto()
                textView.delegate = delegate
                Self.typeSlowly("abc", into: window)
                let changes = delegate.changes
                Self.undo(window)
                XCTAssertEqual(delegate.changes, changes + 1)
                XCTAssertTrue(textView.undoManager.canRedo)
                Self.typeSlowly("z", into: window)
                XCTAssertFalse(textView.undoManager.canRedo)
                textView.isEditable = false
                Self.undo(window)
                XCTAssertEqual(textView.text, "z", "no undo in a view that is not editable")
            }
        }
    }
}
