import CXCB
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaUI
import LaminaX11
import XCTest

/// XTEST input on a real X server typing into a `TextView`, selecting in it with the pointer,
/// and copying and pasting with Ctrl-C and Ctrl-V between it and another X program (xclip).
final class X11TextViewInputTests: XCTestCase {
    /// A text view filling a window on the shared Xvfb, first responder, with its event source.
    @MainActor
    private static func makeTextView(text: String) throws -> (Window, TextView, X11EventSource, TestClient) {
        let size = Size(width: 300, height: 120)
        let presenter = try X11Presenter(displayName: try SharedXvfb.display(), size: size)
        let window = try Window(size: size, presenter: presenter)
        let textView = TextView(frame: Rect(size: size))
        textView.text = text
        window.addSubview(textView)
        textView.becomeFirstResponder()
        let events = presenter.connectEvents(to: window)
        _ = window.snapshot()
        return (window, textView, events, try TestClient(display: try SharedXvfb.display()))
    }

    static let shiftKey: UInt32 = 0xFFE1
    static let controlKey: UInt32 = 0xFFE3

    /// Presses and releases the key of `keysym` while holding the keys of `modifiers`.
    private static func tap(_ keysym: UInt32, holding modifiers: [UInt32] = [], on client: TestClient) {
        let code = client.keycode(for: keysym)
        XCTAssertNotEqual(code, 0, "keysym \(keysym)")
        let held = modifiers.map { client.keycode(for: $0) }
        for modifier in held { client.fake(XCB_KEY_PRESS, detail: modifier) }
        client.fake(XCB_KEY_PRESS, detail: code)
        client.fake(XCB_KEY_RELEASE, detail: code)
        for modifier in held.reversed() { client.fake(XCB_KEY_RELEASE, detail: modifier) }
    }

    func test_ctrlCCopiesForXclipAndCtrlVPastesWhatXclipOwns() throws {
        try onMainActor {
            let text = "naïve café — שלום — 日本語 👍🏽"
            let (_, textView, events, client) = try Self.makeTextView(text: text)
            defer { events.close() }
            let display = try SharedXvfb.display()
            Self.tap(0x61, holding: [Self.controlKey], on: client)  // Ctrl-A
            Self.tap(0x63, holding: [Self.controlKey], on: client)  // Ctrl-C
            XCTAssertTrue(pump { events.clipboard.ownsSelection }, "Ctrl-C takes the CLIPBOARD selection")
            let read = try Xclip.read(display: display)
            XCTAssertEqual(read.status, 0)
            XCTAssertEqual(String(decoding: read.output, as: UTF8.self), text, "xclip reads what was copied")

            let pasted = " — ünïcødé ✓ 中文"
            let owner = try Xclip.startOwner(of: Array(pasted.utf8), display: display)
            defer { owner.kill() }
            XCTAssertFalse(events.clipboard.ownsSelection, "xclip took the selection")
            Self.tap(0xFF57, on: client)  // End
            Self.tap(0x76, holding: [Self.controlKey], on: client)  // Ctrl-V
            XCTAssertTrue(pump { textView.text == text + pasted && textView.presentsCurrentText }, "text \"\(textView.text)\"")
            let end = (text + pasted).utf16.count
            XCTAssertEqual(textView.selectedRange, end..<end, "the caret after the pasted text")
        }
    }

    func test_keysTypedOnTheXServerGoIntoTheTextView() throws {
        try onMainActor {
            let (window, textView, events, client) = try Self.makeTextView(text: "")
            defer { events.close() }
            func tap(_ keysym: UInt32, shifted: Bool = false) {
                Self.tap(keysym, holding: shifted ? [Self.shiftKey] : [], on: client)
            }
            tap(0x68, shifted: true)  // H
            for keysym: UInt32 in [0x69, 0x20, 0x74, 0x68, 0x65, 0x72, 0x65, 0x78] { tap(keysym) }  // "i therex"
            tap(0xFF08)  // BackSpace
            XCTAssertTrue(pump { textView.text == "Hi there" && textView.presentsCurrentText }, "text \"\(textView.text)\"")
            tap(0xFF50)  // Home
            tap(0xFF53, shifted: true)  // Shift-Right
            tap(0xFF53, shifted: true)
            XCTAssertTrue(pump { textView.selectedRange == 0..<2 }, "\(textView.selectedRange)")
            _ = window.snapshot()
        }
    }

    func test_aPointerDragOnTheXServerSelectsAndADoubleClickSelectsAWord() throws {
        try onMainActor {
            let (window, textView, events, client) = try Self.makeTextView(text: "alpha beta gamma")
            defer { events.close() }
            let first = textView.selectionRects(for: 0..<1)[0], last = textView.selectionRects(for: 9..<10)[0]
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: Int16(first.minX + 1), y: Int16(first.midY))
            client.fake(XCB_BUTTON_PRESS, detail: 1)
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: Int16(last.maxX - 1), y: Int16(last.midY))
            client.fake(XCB_BUTTON_RELEASE, detail: 1)
            XCTAssertTrue(pump { textView.selectedRange == 0..<10 }, "\(textView.selectedRange)")
            // A double click, well after the drag, on "gamma".
            _ = pump(until: { false }, timeout: .milliseconds(600))
            let gamma = textView.selectionRects(for: 13..<14)[0]
            client.fake(XCB_MOTION_NOTIFY, detail: 0, x: Int16(gamma.midX), y: Int16(gamma.midY))
            for _ in 0..<2 {
                client.fake(XCB_BUTTON_PRESS, detail: 1)
                client.fake(XCB_BUTTON_RELEASE, detail: 1)
            }
            XCTAssertTrue(pump { textView.selectedRange == 11..<16 }, "\(textView.selectedRange)")
            XCTAssertTrue(pump { textView.presentsCurrentText })
            _ = window.snapshot()
        }
    }
}
