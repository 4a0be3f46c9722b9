import Foundation
import LaminaGraphics
@testable import LaminaText
@_spi(LaminaInternals) import LaminaTrace
import Testing

/// Fonts, fallback answers and ICU breakers are shared between threads: layouts made at once
/// must not disturb each other.
@Suite("Layout on many threads")
struct ConcurrentLayoutTests {
    @Test("layouts of the same text built on several threads at once are identical")
    func concurrentLayoutsAgree() {
        let strings = ["漢字かなカナ and text 😀👍🏽🇫🇷", TextFixtures.paragraph, "Ωμέγα Привет e\u{301} ffi ☺️ ❤︎"]
        let expected = strings.map { string in
            TextLayout(container: TextContainer(width: 150), text: TextFixtures.text(string)).lines.map(\.range)
        }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let which = index % strings.count
            let layout = TextLayout(container: TextContainer(width: 150), text: TextFixtures.text(strings[which]))
            if layout.lines.map(\.range) != expected[which] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
