import LaminaGraphics
import LaminaTesting
import LaminaUI
import XCTest

/// The in-process pasteboard every window starts with: copy keeps the text, paste answers at
/// once, and windows share the general one unless given their own.
final class PasteboardTests: LaminaTestCase {
    func test_aPasteAnswersWithTheLastCopyBeforeReadStringReturns() {
        onMainActor {
            let pasteboard = InProcessPasteboard()
            var answers: [String?] = []
            pasteboard.readString { answers.append($0) }
            XCTAssertEqual(answers, [nil], "an empty pasteboard answers nil")
            pasteboard.setString("first")
            pasteboard.setString("héllo — שלום — 日本")
            pasteboard.readString { answers.append($0) }
            XCTAssertEqual(answers, [nil, "héllo — שלום — 日本"], "the last copy, synchronously")
            XCTAssertEqual(pasteboard.string, "héllo — שלום — 日本")
            pasteboard.string = nil
            pasteboard.readString { answers.append($0) }
            XCTAssertEqual(answers.last, .some(nil), "cleared")
        }
    }

    func test_everyWindowStartsWithTheGeneralPasteboardAndCanBeGivenItsOwn() throws {
        try onMainActor {
            let first = try makeWindow(size: Size(width: 20, height: 20))
            let second = try makeWindow(size: Size(width: 20, height: 20))
            XCTAssertTrue(first.pasteboard === InProcessPasteboard.general)
            XCTAssertTrue(second.pasteboard === InProcessPasteboard.general)
            let saved = InProcessPasteboard.general.string
            defer { InProcessPasteboard.general.string = saved }
            first.pasteboard.setString("shared")
            var pasted: String?
            second.pasteboard.readString { pasted = $0 }
            XCTAssertEqual(pasted, "shared", "a copy in one window pastes in another")

            let own = InProcessPasteboard(string: "own")
            second.pasteboard = own
            second.pasteboard.readString { pasted = $0 }
            XCTAssertEqual(pasted, "own")
            XCTAssertEqual(InProcessPasteboard.general.string, "shared", "the general pasteboard is untouched")
        }
    }
}
