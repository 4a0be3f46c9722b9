import Foundation
import Lamina

/// Chapter 10: typing into a text view. A sentence is typed into a `TextView` a key per loop
/// turn, a word is selected with a double click, the typing is undone a word at a time, and a
/// last key is followed through the pipeline: the key, the edit that lays out one paragraph,
/// the commit that starts the paragraph's drawing on a display queue, and the commit in which
/// the new drawing and the caret reach the screen together.
@MainActor
func runChapterTen(trace recorder: TraceRecorder) {
    say("""
        A TextView keeps its text as paragraphs, each laid out on its own and drawn by its own
        async layer. A key edits one paragraph and lays out only that one; its layer draws on a
        display queue; the caret and the selection are layers of their own that move only in the
        commit in which the new drawing lands, so the caret is never ahead of its text. The caret
        blinks by a repeating animation on the render server: no main-thread timer.
        """)
    let window: Window
    do {
        window = try session.makeWindow(size: Size(width: 360, height: 150), scale: 2)
    } catch {
        say("Could not make a window: \(error)")
        return
    }
    defer { window.renderServer.shutdown() }
    window.backgroundColor = .white
    let textView = TextView(frame: Rect(x: 0, y: 0, width: 360, height: 150))
    textView.placeholder = "Write a note…"
    window.addSubview(textView)
    textView.becomeFirstResponder()
    settle(textView)
    say("\n1. An empty text view, first responder: the placeholder, and the caret at the start.")
    say("   caret at \(describe(textView.caretRect(for: textView.caretPosition)))")

    say("\n2. Typing \"Notes: שלום means peace.\" a key per loop turn, as a person types.")
    for character in "Notes: שלום means peace." {
        window.send(keyEvent(for: character))
        settle(textView)
    }
    say("   text \"\(textView.text)\", caret at offset \(textView.selectedRange.lowerBound), "
        + "\(describe(textView.caretRect(for: textView.caretPosition)))")

    say("\n3. A double click on \"means\" selects the word (ICU's word boundaries).")
    let word = textView.selectionRects(for: 12..<17)[0]
    let point = textView.convert(Point(x: word.midX, y: word.midY), to: nil)
    let now = EventLoop.main.now
    for time in [now, now.advanced(by: .milliseconds(150))] {
        window.send(PointerEvent(phase: .down, location: point, timestamp: time))
        window.send(PointerEvent(phase: .up, location: point, timestamp: time))
    }
    settle(textView)
    say("   selected \(textView.selectedRange): \"\(textView.text.utf16Slice(textView.selectedRange))\" — "
        + "\(textView.selectionRects(for: textView.selectedRange).count) rectangle(s) behind the text, no caret")
    write(window, to: "chapter-10-selection.png")

    say("\n4. Ctrl-Z undoes the typing a word at a time; Ctrl-Shift-Z redoes it.")
    for _ in 0..<2 {
        window.send(KeyEvent(key: .character("z"), modifiers: .control, text: "z"))
        settle(textView)
        say("   undo: \"\(textView.text)\"")
    }
    for _ in 0..<2 {
        window.send(KeyEvent(key: .character("z"), modifiers: [.control, .shift], text: "Z"))
        settle(textView)
    }
    say("   redo twice: \"\(textView.text)\"")

    say("\n5. One key, followed through the pipeline (the trace below is this key alone).")
    window.send(KeyEvent(key: .end, modifiers: .control))
    settle(textView)
    recorder.removeAll()
    window.send(keyEvent(for: "!"))
    settle(textView)
    let edits = recorder.events.filter { $0.name == "text view edit" }
    let layouts = recorder.events.filter { $0.category == .text && $0.name == "layout" && $0.phase == .begin }
    let draws = recorder.events.filter { $0.category == .text && $0.name == "draw" && $0.phase == .begin }
    say("   edits \(edits.count) (paragraphs laid out: \(edits.first?.arguments["laidOut"] ?? "-")), "
        + "layouts \(layouts.count) on \(Set(layouts.map(\.threadName)).sorted().joined(separator: ", ")), "
        + "draws \(draws.count) on \(Set(draws.map(\.threadName)).sorted().joined(separator: ", "))")
    say("   caret at offset \(textView.selectedRange.lowerBound), \(describe(textView.caretRect(for: textView.caretPosition))); "
        + "the screen shows the current text: \(textView.presentsCurrentText)")
    write(window, to: "chapter-10-text-view.png")
}

/// Writes the window's last presented frame to `path`.
@MainActor
private func write(_ window: Window, to path: String) {
    do {
        try window.snapshot()?.pngData().write(to: URL(fileURLWithPath: path))
        say("   the window's frame written to \(path)")
    } catch {
        say("Could not write \(path): \(error)")
    }
}

/// The key a character is typed with.
private func keyEvent(for character: Character) -> KeyEvent {
    let key: KeyEvent.Key = character == " " ? .space : .character(character)
    return KeyEvent(key: key, text: String(character))
}

/// Runs the main loop until the text view shows its current text, and its frame is presented.
@MainActor
private func settle(_ textView: TextView) {
    var passes = 0
    while !textView.presentsCurrentText && passes < 500 {
        _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(5), returnAfterSourceHandled: true)
        passes += 1
    }
    _ = textView.window?.snapshot()
}

private func describe(_ rect: Rect) -> String {
    String(format: "x %.1f, y %.1f, height %.1f", rect.minX, rect.minY, rect.height)
}

private extension String {
    /// The text of a UTF-16 range.
    func utf16Slice(_ range: Range<Int>) -> String {
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(utf16[start..<end]) ?? ""
    }
}
