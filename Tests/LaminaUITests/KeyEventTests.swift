import LaminaGraphics
import LaminaTesting
import LaminaUI
import XCTest

/// Key events go to the first responder and up its superviews, ending at the window.
final class KeyEventTests: XCTestCase {
    @MainActor
    final class KeyView: View {
        var accepts = true
        var handles = true
        private(set) var log: [String] = []
        override var canBecomeFirstResponder: Bool { accepts }
        override func keyDown(_ event: KeyEvent) {
            guard handles else { return super.keyDown(event) }
            log.append("down \(event.key) \(event.text ?? "-")\(event.isRepeat ? " repeat" : "")")
        }
        override func keyUp(_ event: KeyEvent) {
            guard handles else { return super.keyUp(event) }
            log.append("up \(event.key)")
        }
    }

    @MainActor
    final class KeyWindow: Window {
        private(set) var log: [String] = []
        override func keyDown(_ event: KeyEvent) { log.append("window down \(event.key)") }
    }

    func test_keysGoToTheFirstResponder() throws {
        try onMainActor {
            let window = try KeyWindow(size: Size(width: 20, height: 20))
            let view = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            XCTAssertTrue(view.becomeFirstResponder())
            XCTAssertTrue(view.isFirstResponder)
            window.send(KeyEvent(key: .character("q"), text: "q"))
            window.send(KeyEvent(key: .pageDown, isRepeat: true))
            window.send(KeyEvent(key: .character("q"), phase: .up))
            XCTAssertEqual(view.log, ["down character(\"q\") q", "down pageDown - repeat", "up character(\"q\")"])
            XCTAssertEqual(window.log, [])
        }
    }

    func test_unhandledKeysTravelUpTheSuperviewsToTheWindow() throws {
        try onMainActor {
            let window = try KeyWindow(size: Size(width: 20, height: 20))
            let outer = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let inner = KeyView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            outer.handles = false
            inner.handles = false
            window.addSubview(outer)
            outer.addSubview(inner)
            inner.becomeFirstResponder()
            window.send(KeyEvent(key: .home))
            XCTAssertEqual(window.log, ["window down home"])
            outer.handles = true
            window.send(KeyEvent(key: .end))
            XCTAssertEqual(outer.log, ["down end -"])
        }
    }

    func test_withoutAFirstResponderKeysGoToTheWindow() throws {
        try onMainActor {
            let window = try KeyWindow(size: Size(width: 20, height: 20))
            let view = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.accepts = false
            window.addSubview(view)
            XCTAssertFalse(view.becomeFirstResponder(), "a view that does not accept it")
            XCTAssertFalse(KeyView().becomeFirstResponder(), "a view in no window")
            window.send(KeyEvent(key: .space, text: " "))
            XCTAssertEqual(window.log, ["window down space"])
            XCTAssertNil(window.firstResponder)
        }
    }

    func test_aFirstResponderThatLeavesTheWindowNoLongerReceivesKeys() throws {
        try onMainActor {
            let window = try KeyWindow(size: Size(width: 20, height: 20))
            let view = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            view.becomeFirstResponder()
            view.removeFromSuperview()
            window.send(KeyEvent(key: .upArrow))
            XCTAssertEqual(view.log, [])
            XCTAssertEqual(window.log, ["window down upArrow"])
            XCTAssertFalse(view.resignFirstResponder())
        }
    }
}
