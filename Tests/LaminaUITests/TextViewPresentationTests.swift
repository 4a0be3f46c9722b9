import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaText
import LaminaTrace
@testable import LaminaUI
import XCTest

/// How TextView shows its text: paragraphs laid out again only where edited, drawn off the main
/// thread, the caret in step with the drawn text in every commit, and blinking on the render
/// server.
final class TextViewPresentationTests: LaminaTestCase {
    typealias Editing = TextViewEditingTests

    static func document(paragraphs: Int) -> String {
        (0..<paragraphs).map { "Paragraph \($0): the quick brown fox jumps over the lazy dog." }.joined(separator: "\n")
    }

    func test_anEditLaysOutOnlyTheEditedParagraphAndAgreesWithAFullLayout() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: Self.document(paragraphs: 2_000), size: Size(width: 320, height: 240))
            let middle = textView.document.starts[1_000] + 10
            textView.selectedRange = middle..<middle
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let (_, trace) = recordingTrace {
                Editing.type("x", into: window)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            let edits = trace.occurrences(of: .textViewEdit)
            XCTAssertEqual(edits.count, 1)
            XCTAssertEqual(edits.first?.arguments["laidOut"], "1")
            XCTAssertEqual(edits.first?.arguments["replaced"], "1")
            let mainThread = Int32(getpid())
            let mainLayouts = trace.occurrences(of: .textLayout).filter { $0.phase == .begin && $0.threadID == mainThread }
            XCTAssertEqual(mainLayouts.count, 1, "one paragraph laid out on the main thread: \(trace.timeline)")
            let draws = trace.occurrences(of: .textDraw).filter { $0.phase == .begin }
            XCTAssertFalse(draws.isEmpty)
            XCTAssertTrue(draws.allSatisfy { $0.threadID != mainThread }, "paragraphs draw on display queues")
            // A line break moves every later paragraph without laying it out.
            let (_, split) = recordingTrace {
                Editing.press(.enter, in: window)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(split.occurrences(of: .textViewEdit).first?.arguments["laidOut"], "2")
            // The incremental document equals one laid out from scratch.
            let fresh = TextDocument(text: textView.attributedText, width: textView.document.width,
                                     lineEndAttributes: textView.typingAttributes)
            XCTAssertEqual(fresh.starts, textView.document.starts)
            XCTAssertEqual(fresh.tops, textView.document.tops)
            XCTAssertEqual(fresh.paragraphs.map(\.height), textView.document.paragraphs.map(\.height))
            for offset in stride(from: 0, to: fresh.length, by: 997) {
                let position = TextCaretPosition(index: offset)
                XCTAssertEqual(fresh.caretRect(for: position), textView.document.caretRect(for: position))
            }
        }
    }

    /// What the view showed at its last presentation: the caret's paragraph and offset in it.
    struct PresentedCaret {
        let paragraphID: Int
        let local: Int
        let affinity: TextAffinity
    }

    func test_theCaretIsInStepWithTheDrawnTextInEveryCommitOverFiveHundredRandomEdits() throws {
        try onMainActor {
            let (window, textView) = try Editing.makeTextView(text: "Start here.\nשלום עולם and more\nthird", size: Size(width: 220, height: 160))
            var texts: [Int: AttributedString] = [:]
            var presented: PresentedCaret?
            textView.didPresent = { view in
                for index in view.paragraphsInView {
                    let paragraph = view.document.paragraphs[index]
                    texts[paragraph.id] = paragraph.text
                }
                let focus = view.caretPosition
                let index = view.document.paragraphIndex(containing: focus.index)
                presented = PresentedCaret(paragraphID: view.document.paragraphs[index].id,
                                           local: focus.index - view.document.starts[index], affinity: focus.affinity)
            }
            var checked = 0
            var failures: [String] = []
            let observer = Transaction.addPhaseObserver(after: .commit) { _ in
                guard !textView.caretLayer.isHidden, let caret = presented else { return }
                // The layer showing the caret's paragraph: a current one, or one retired by an edit
                // whose new drawing has not landed yet (it shows until the next presentation).
                let shown = Array(textView.slotsByID.values) + textView.retiringSlots
                guard let slot = shown.first(where: { $0.paragraphID == caret.paragraphID && $0.layer.superlayer != nil }),
                      slot.isReady, slot.layer.opacity == 1,
                      let text = texts[caret.paragraphID] else {
                    failures.append("the caret's paragraph \(caret.paragraphID) is not shown")
                    return
                }
                // The caret's place, computed from scratch from the text the slot shows.
                var laidOut = text
                if text.characters.last != "\n" { laidOut.append(AttributedString("\n", attributes: textView.typingAttributes)) }
                let layout = TextLayout(container: TextContainer(width: slot.layer.bounds.width), text: laidOut)
                let local = try? XCTUnwrap(layout.caretRect(for: TextCaretPosition(index: caret.local,
                                                                                   affinity: caret.local == 0 ? .downstream : caret.affinity)))
                guard let local else { return failures.append("no caret rect") }
                let expected = local.offsetBy(dx: slot.layer.frame.minX, dy: slot.layer.frame.minY)
                let frame = textView.caretLayer.frame
                if abs(frame.midX - expected.minX) > 0.001 || abs(frame.minY - expected.minY) > 0.001 || abs(frame.height - expected.height) > 0.001 {
                    failures.append("commit \(checked): caret \(frame) against \(expected)")
                }
                checked += 1
            }
            var random = SplitMix64(seed: 0x7E47)
            let alphabet: [String] = ["a", "b", "e", " ", "ש", "ל", "😀", "1", "\n", "é"]
            for step in 0..<500 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...4: Editing.type(alphabet.randomElement(using: &random)!, into: window)
                case 5: Editing.press(.backspace, in: window)
                case 6: Editing.press(.delete, in: window)
                case 7: Editing.press([.leftArrow, .rightArrow, .upArrow, .downArrow].randomElement(using: &random)!, in: window)
                case 8:
                    let length = textView.document.length
                    let a = Int.random(in: 0...length, using: &random), b = Int.random(in: 0...length, using: &random)
                    textView.selectedRange = min(a, b)..<min(min(a, b) + 3, max(a, b))
                default: Editing.press(.end, .control, in: window)
                }
                // Sometimes let the loop turn once (renders may still be out), sometimes settle,
                // sometimes edit again in the same turn.
                switch step % 3 {
                case 0: _ = EventLoop.main.runOneIteration()
                case 1: XCTAssertTrue(EventLoop.main.runUntilIdle())
                default: break
                }
            }
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            observer.invalidate()
            XCTAssertEqual(failures, [])
            XCTAssertGreaterThan(checked, 100, "commits checked")
            XCTAssertEqual(textView.presentedRevision, textView.revision)
        }
    }

    func test_theCaretBlinksOnTheRenderServerAndStaysSolidWhileTyping() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let (window, textView) = try Editing.makeTextView(text: "Blink")
                Editing.type("!", into: window)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                let blink = try XCTUnwrap(textView.caretLayer.animation(forKey: TextView.caretBlinkKey) as? KeyframeAnimation<Double>)
                XCTAssertEqual(blink.timing.repeatCount, .infinity)
                XCTAssertEqual(blink.calculationMode, .discrete)
                @MainActor func caretShows() -> Bool {
                    guard let image = window.snapshot() else { return false }
                    let caret = textView.caretLayer.frame
                    let x = Int(caret.midX), y = Int(caret.midY)
                    let pixel = image.pixel(x: x, y: y)
                    return pixel.blue > 0.8 && pixel.red < 0.3
                }
                let (_, trace) = recordingTrace {
                    XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(300)))
                    XCTAssertTrue(caretShows(), "solid for half a second after typing")
                    XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(450)))   // 0.75 s: first shown half
                    XCTAssertTrue(caretShows())
                    XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(500)))   // 1.25 s: hidden half
                    XCTAssertFalse(caretShows())
                    XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(500)))   // 1.75 s: shown again
                    XCTAssertTrue(caretShows())
                }
                let mainThread = Int32(getpid())
                XCTAssertEqual(trace.occurrences(in: .timer).filter { $0.threadID == mainThread }.count, 0,
                               "no main-thread timer drives the blink")
                Editing.type("x", into: window)
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(100)))
                XCTAssertTrue(caretShows(), "typing makes it solid again")
                textView.resignFirstResponder()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                XCTAssertTrue(textView.caretLayer.isHidden)
                XCTAssertNil(textView.caretLayer.animation(forKey: TextView.caretBlinkKey))
            }
        }
    }
}
