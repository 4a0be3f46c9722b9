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
}
